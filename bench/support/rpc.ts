import { WebSocket } from 'ws';

/** A minimal client of the headless host's WebSocket RPC: requests, and a listener for pushed events. */
export interface BenchRpc {
  request<T = unknown>(route: string, input?: unknown): Promise<T>;
  onEvent(listener: (event: string, payload: unknown) => void): () => void;
  close(): void;
}

export async function connectRpc(port: number, token: string): Promise<BenchRpc> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/rpc?token=${encodeURIComponent(token)}`);
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Set<(event: string, payload: unknown) => void>();
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as {
      id?: number;
      result?: { ok: boolean; data?: unknown; error?: { code: string; message: string } };
      event?: string;
      payload?: unknown;
    };
    if (frame.event) for (const listener of listeners) listener(frame.event, frame.payload);
    else if (frame.id !== undefined) {
      const waiter = pending.get(frame.id);
      pending.delete(frame.id);
      if (!waiter || !frame.result) return;
      if (frame.result.ok) waiter.resolve(frame.result.data);
      else waiter.reject(new Error(`${frame.result.error?.code}: ${frame.result.error?.message}`));
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let nextId = 1;
  return {
    request<T>(route: string, input: unknown = {}) {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        socket.send(JSON.stringify({ id, route, input }));
      });
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => socket.close(),
  };
}
