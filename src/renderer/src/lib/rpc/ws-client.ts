import type { WsEventFrame, WsRequestFrame, WsResponseFrame } from '../../../../shared/contract';
import { RpcClientError, type ConnectionState, type EventListener, type RpcClient } from './types';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Asks the host whether a token is its own: true, false, or undefined when the host cannot be reached. */
export type TokenCheck = (token: string) => Promise<boolean | undefined>;

/** The host's answer at /token-check (ws.ts): 200 for its token, 401 for a missing or wrong one. */
export const fetchTokenCheck =
  (origin: string, fetchImpl: typeof fetch = fetch): TokenCheck =>
  async (token) => {
    try {
      const response = await fetchImpl(`${origin}/token-check?token=${encodeURIComponent(token)}`, {
        cache: 'no-store',
      });
      return response.status === 200 ? true : response.status === 401 ? false : undefined;
    } catch {
      return undefined;
    }
  };

/**
 * Talks to the headless host: requests answered by id, events to every listener. The socket beneath reconnects on
 * its own (reconnectingSocket); requests in flight when it drops fail at once rather than wait for a reconnect.
 */
export function createWsClient(
  url: string,
  WebSocketImpl: typeof WebSocket = WebSocket,
  checkToken?: TokenCheck,
): RpcClient {
  let nextId = 1;
  const pending = pendingRequests();
  const eventListeners = new Set<EventListener>();
  const socket = reconnectingSocket(url, WebSocketImpl, checkToken, {
    onFrame(text) {
      const frame = parseFrame(text);
      if (frame === undefined) return;
      if (typeof frame.event !== 'string') return pending.settle(frame);
      for (const listener of eventListeners) listener(frame.event as never, frame.payload);
    },
    onDrop: () => pending.failAll('the connection to Switchboard was lost'),
  });

  return {
    mode: 'browser',
    async request(route, input) {
      await socket.opened();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.add(id, { resolve: resolve as (v: unknown) => void, reject });
        socket.send(JSON.stringify({ id, route, input } satisfies WsRequestFrame));
      });
    },
    on(listener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    connection: socket.connection.get,
    onConnectionChange: socket.connection.subscribe,
  };
}

/**
 * One socket to the host at a time, reconnected with backoff (250 ms, doubling to 5 s; back to 250 ms once open).
 * A browser never learns why an upgrade was refused, so a socket that closes before it opened asks `checkToken`: a
 * token the host does not take (or none) is `unauthorized`, and nothing is retried until the page gets a new one.
 */
function reconnectingSocket(
  url: string,
  WebSocketImpl: typeof WebSocket,
  checkToken: TokenCheck | undefined,
  handlers: { onFrame(text: string): void; onDrop(): void },
) {
  let socket: WebSocket | undefined;
  let retryMs = 250;
  let opened: Promise<void> = Promise.resolve();
  let markOpen: () => void = () => undefined;
  const connection = connectionStateCell('connecting');
  const token = new URL(url, 'ws://placeholder').searchParams.get('token') ?? '';

  const retryLater = () => {
    setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, 5000);
  };
  const connect = () => {
    opened = new Promise((resolve) => (markOpen = resolve));
    if (checkToken && token === '') return connection.set('unauthorized');
    connection.set('connecting');
    let wasOpen = false;
    socket = new WebSocketImpl(url);
    socket.onopen = () => {
      wasOpen = true;
      retryMs = 250;
      connection.set('connected');
      markOpen();
    };
    socket.onmessage = (message) => handlers.onFrame(String(message.data));
    socket.onclose = () => {
      connection.set('disconnected');
      handlers.onDrop();
      if (wasOpen || !checkToken) return retryLater();
      // Refused before it opened: a token the host does not take ends here; anything else (host down) is retried.
      void checkToken(token).then((ok) => (ok === false ? connection.set('unauthorized') : retryLater()));
    };
  };
  connect();

  return {
    /** Resolves once the socket of this moment is open (a request waits for it). */
    opened: () => opened,
    send: (text: string) => socket!.send(text),
    connection,
  };
}

type InboundFrame = Partial<WsResponseFrame & WsEventFrame>;

/** A frame from the host, or undefined for text that is not JSON (ignored, as before any frame was understood). */
function parseFrame(text: string): InboundFrame | undefined {
  try {
    return JSON.parse(text) as InboundFrame;
  } catch {
    return undefined;
  }
}

/** The connection state and who listens to it; listeners hear only real changes. */
function connectionStateCell(initial: ConnectionState) {
  let state = initial;
  const listeners = new Set<(state: ConnectionState) => void>();
  return {
    get: () => state,
    set(next: ConnectionState) {
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener(next);
    },
    subscribe(listener: (state: ConnectionState) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The requests sent and not yet answered, by id: each is settled by its response, or failed when the socket drops. */
function pendingRequests() {
  const pending = new Map<number, Pending>();
  return {
    add: (id: number, request: Pending) => pending.set(id, request),
    settle(frame: InboundFrame) {
      const request = typeof frame.id === 'number' ? pending.get(frame.id) : undefined;
      if (!request || !frame.result) return;
      pending.delete(frame.id!);
      if (frame.result.ok) request.resolve(frame.result.data);
      else request.reject(new RpcClientError(frame.result.error));
    },
    failAll(message: string) {
      for (const [id, request] of pending) {
        pending.delete(id);
        request.reject(new RpcClientError({ code: 'unavailable', message }));
      }
    },
  };
}

const TOKEN_KEY = 'switchboard.token';

/** The console token: from the page URL the CLI printed, else the one this tab kept; '' when neither has one. */
export function consoleToken(location: Pick<Location, 'search'>, storage: Storage | undefined): string {
  const token = new URLSearchParams(location.search).get('token') ?? storage?.getItem(TOKEN_KEY) ?? '';
  if (token) storage?.setItem(TOKEN_KEY, token);
  return token;
}

/** ws://same-host/rpc?token=… built from the page URL the CLI printed. */
export function wsUrlFromLocation(location: Location, storage: Storage | undefined): string {
  const token = consoleToken(location, storage);
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/rpc?token=${encodeURIComponent(token)}`;
}

/** Forgets the token this tab kept: it was refused, and a new URL must not be shadowed by it. */
export const forgetConsoleToken = (storage: Storage | undefined) => storage?.removeItem(TOKEN_KEY);
