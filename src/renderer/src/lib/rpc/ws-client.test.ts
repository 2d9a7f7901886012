import { describe, expect, it, vi } from 'vitest';
import { createWsClient, wsUrlFromLocation } from './ws-client';
import { RpcClientError } from './types';

/** A scripted socket standing in for the browser WebSocket; the client under test is real. */
class ScriptedSocket {
  static last: ScriptedSocket;
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  sent: { id: number; route: string; input: unknown }[] = [];
  constructor(public url: string) {
    ScriptedSocket.last = this;
    queueMicrotask(() => this.onopen?.());
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  reply(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

describe('ws rpc client', () => {
  it('resolves data, rejects errors with their code, and delivers events', async () => {
    const client = createWsClient('ws://h/rpc?token=t', ScriptedSocket as unknown as typeof WebSocket);
    const events: string[] = [];
    client.on((name) => events.push(name));
    const ok = client.request('config.get', {});
    await vi.waitFor(() => expect(ScriptedSocket.last.sent).toHaveLength(1));
    const socket = ScriptedSocket.last;
    socket.reply({ id: socket.sent[0].id, result: { ok: true, data: { revision: 3 } } });
    await expect(ok).resolves.toEqual({ revision: 3 });

    const bad = client.request('config.save', { raw: '' });
    await vi.waitFor(() => expect(socket.sent).toHaveLength(2));
    socket.reply({ id: socket.sent[1].id, result: { ok: false, error: { code: 'invalid_config', message: 'nope' } } });
    await expect(bad).rejects.toMatchObject({ code: 'invalid_config', message: 'nope' });

    socket.reply({ event: 'config.changed', payload: { revision: 4 } });
    socket.reply('garbage');
    expect(events).toEqual(['config.changed']);
    expect(client.connection()).toBe('connected');
  });

  it('fails in-flight requests when the connection drops', async () => {
    vi.useFakeTimers();
    const client = createWsClient('ws://h/rpc', ScriptedSocket as unknown as typeof WebSocket);
    await vi.waitFor(() => expect(client.connection()).toBe('connected'));
    const pending = client.request('config.get', {});
    await vi.waitFor(() => expect(ScriptedSocket.last.sent).toHaveLength(1));
    ScriptedSocket.last.onclose?.();
    await expect(pending).rejects.toBeInstanceOf(RpcClientError);
    expect(client.connection()).toBe('disconnected');
    vi.useRealTimers();
  });

  it('builds the socket URL from the page URL and remembers the token', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    } as Storage;
    expect(
      wsUrlFromLocation({ search: '?token=abc', host: '127.0.0.1:9', protocol: 'http:' } as Location, storage),
    ).toBe('ws://127.0.0.1:9/rpc?token=abc');
    expect(wsUrlFromLocation({ search: '', host: '127.0.0.1:9', protocol: 'http:' } as Location, storage)).toContain(
      'token=abc',
    );
  });

  it('without a token it asks nothing and says unauthorized; a socket refused before opening checks the token once', async () => {
    const checked: string[] = [];
    const none = createWsClient(
      'ws://h/rpc?token=',
      ScriptedSocket as unknown as typeof WebSocket,
      async (t) => (checked.push(t), false),
    );
    expect(none.connection()).toBe('unauthorized');
    expect(checked).toEqual([]);

    // Refused at the upgrade: the browser reports only a close, never the status.
    let made = 0;
    class Refused {
      onopen: (() => void) | null = null;
      onmessage = null;
      onclose: (() => void) | null = null;
      constructor() {
        made += 1;
        queueMicrotask(() => this.onclose?.());
      }
    }
    const stale = createWsClient(
      'ws://h/rpc?token=stale',
      Refused as unknown as typeof WebSocket,
      async (t) => (checked.push(t), false),
    );
    await vi.waitFor(() => expect(stale.connection()).toBe('unauthorized'));
    expect(checked).toEqual(['stale']);
    await new Promise((r) => setTimeout(r, 600));
    expect(made).toBe(1); // not retried: the token will not become right by itself
  });

  it('a host that cannot be reached is retried, not called unauthorized', async () => {
    let made = 0;
    class Down {
      onopen: (() => void) | null = null;
      onmessage = null;
      onclose: (() => void) | null = null;
      constructor() {
        made += 1;
        queueMicrotask(() => this.onclose?.());
      }
    }
    const client = createWsClient('ws://h/rpc?token=t', Down as unknown as typeof WebSocket, async () => undefined);
    await vi.waitFor(() => expect(made).toBeGreaterThanOrEqual(2));
    expect(client.connection()).not.toBe('unauthorized');
  });
});
