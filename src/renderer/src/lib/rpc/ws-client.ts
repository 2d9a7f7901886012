import type { Result } from '../../../../shared/contract';
import { RpcClientError, type ConnectionState, type EventListener, type RpcClient } from './types';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Talks to the headless host; reconnects with backoff and fails in-flight requests when the socket drops. */
export function createWsClient(url: string, WebSocketImpl: typeof WebSocket = WebSocket): RpcClient {
  let socket: WebSocket | undefined;
  let state: ConnectionState = 'connecting';
  let nextId = 1;
  let retryMs = 250;
  let opened: Promise<void>;
  let markOpen: () => void = () => undefined;
  const pending = new Map<number, Pending>();
  const eventListeners = new Set<EventListener>();
  const stateListeners = new Set<(state: ConnectionState) => void>();

  const setState = (next: ConnectionState) => {
    if (next === state) return;
    state = next;
    for (const listener of stateListeners) listener(next);
  };

  const connect = () => {
    opened = new Promise((resolve) => (markOpen = resolve));
    setState('connecting');
    socket = new WebSocketImpl(url);
    socket.onopen = () => {
      retryMs = 250;
      setState('connected');
      markOpen();
    };
    socket.onmessage = (message) => handleFrame(String(message.data));
    socket.onclose = () => {
      setState('disconnected');
      for (const [id, request] of pending) {
        pending.delete(id);
        request.reject(new RpcClientError({ code: 'unavailable', message: 'the connection to Switchboard was lost' }));
      }
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 5000);
    };
  };

  const handleFrame = (text: string) => {
    let frame: { id?: number; result?: Result<unknown>; event?: string; payload?: unknown };
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof frame.event === 'string') {
      for (const listener of eventListeners) listener(frame.event as never, frame.payload);
      return;
    }
    const request = typeof frame.id === 'number' ? pending.get(frame.id) : undefined;
    if (!request || !frame.result) return;
    pending.delete(frame.id!);
    if (frame.result.ok) request.resolve(frame.result.data);
    else request.reject(new RpcClientError(frame.result.error));
  };

  connect();

  return {
    mode: 'browser',
    async request(route, input) {
      await opened;
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        socket!.send(JSON.stringify({ id, route, input }));
      });
    },
    on(listener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    connection: () => state,
    onConnectionChange(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
  };
}

/** ws://same-host/rpc?token=… built from the page URL the CLI printed. */
export function wsUrlFromLocation(location: Location, storage: Storage | undefined): string {
  const token = new URLSearchParams(location.search).get('token') ?? storage?.getItem('switchboard.token') ?? '';
  if (token) storage?.setItem('switchboard.token', token);
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/rpc?token=${encodeURIComponent(token)}`;
}
