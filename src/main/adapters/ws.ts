import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { EventBus } from '../core/events';
import type { Dispatch } from '../rpc/router';
import { DEFAULT_MAX_PAYLOAD_BYTES } from '../rpc/limits';
import type { WsEventFrame, WsRequestFrame, WsResponseFrame } from '../../shared/contract';
import { serveStatic } from './static-files';

export interface WsAdapterOptions {
  dispatch: Dispatch;
  events: Pick<EventBus, 'subscribe'>;
  token: string;
  port?: number;
  /** Built renderer to serve at `/`; omitted in tests that only speak WebSocket. */
  staticDir?: string;
  maxPayloadBytes?: number;
  /** The MCP Apps sandbox origin the page may frame (its CSP's frame-src names exactly this). */
  sandboxOrigin?: string;
  /** Where a dropped client is reported. */
  log?: (line: string) => void;
}

export interface WsAdapterHandle {
  port: number;
  /** The console URL, token included. */
  url: string;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

/** The router over WebSocket on loopback only: Host and Origin must be ours, and the token must match. */
export async function startWsAdapter(options: WsAdapterOptions): Promise<WsAdapterHandle> {
  const maxPayload = options.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES;
  const sockets = new Set<Socket>();
  let port = 0;
  const allowedHosts = () => new Set([`${HOST}:${port}`, `localhost:${port}`]);
  const allowedOrigins = () => new Set([`http://${HOST}:${port}`, `http://localhost:${port}`]);

  const server: Server = createServer((req, res) => {
    if (!allowedHosts().has(hostOf(req))) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('forbidden host');
      return;
    }
    if (new URL(req.url ?? '/', 'http://placeholder').pathname === TOKEN_CHECK_PATH) {
      answerTokenCheck(req, res, options.token);
      return;
    }
    if (!options.staticDir) {
      res.writeHead(404).end();
      return;
    }
    serveStatic(options.staticDir, req, res, { wsPort: port, sandboxOrigin: options.sandboxOrigin }).catch(() =>
      res.destroy(),
    ); // never an unhandled rejection
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: maxPayload + 1024 });
  server.on('upgrade', (req, socket, head) => {
    const refusal = checkUpgrade(req, options.token, allowedHosts(), allowedOrigins());
    if (refusal) {
      socket.end(`HTTP/1.1 ${refusal}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => serveConnection(ws, options));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, HOST, () => resolve());
  });
  port = (server.address() as AddressInfo).port;

  return {
    port,
    url: `http://${HOST}:${port}/?token=${encodeURIComponent(options.token)}`,
    async close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Returns an HTTP status line when the upgrade must be refused. */
export function checkUpgrade(
  req: IncomingMessage,
  token: string,
  hosts: Set<string>,
  origins: Set<string>,
): string | undefined {
  if (!hosts.has(hostOf(req))) return '403 Forbidden';
  const url = new URL(req.url ?? '/', 'http://placeholder');
  if (url.pathname !== '/rpc') return '404 Not Found';
  // Browsers always send Origin on WebSocket; a foreign one is a cross-site page trying to drive the console.
  const origin = req.headers.origin?.toLowerCase();
  if (origin !== undefined && !origins.has(origin)) return '403 Forbidden';
  if (!tokensMatch(url.searchParams.get('token') ?? '', token)) return '401 Unauthorized';
  return undefined;
}

/**
 * Where the page asks whether its token is the one this console takes, because a browser never sees why a WebSocket
 * upgrade was refused: without it, a missing or stale token looked like "Loading…" forever. It answers yes or no
 * (as the upgrade itself would), never the token, and is guarded by the same Host check as every request.
 */
export const TOKEN_CHECK_PATH = '/token-check';

function answerTokenCheck(req: IncomingMessage, res: ServerResponse, token: string): void {
  const given = new URL(req.url ?? '/', 'http://placeholder').searchParams.get('token') ?? '';
  const status = given === '' ? 'missing' : tokensMatch(given, token) ? 'ok' : 'wrong';
  res
    .writeHead(status === 'ok' ? 200 : 401, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    })
    .end(JSON.stringify({ token: status }));
}

/** Host names are case-insensitive (RFC 9110): `LOCALHOST:port` is ours too. */
const hostOf = (req: IncomingMessage) => (req.headers.host ?? '').toLowerCase();

function tokensMatch(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Backpressure, per connection: a client that stops reading must cost a bounded amount of memory, and
 * the others must not notice. A request counts as in flight from its frame until its answer has been
 * handed to the socket; beyond MAX_IN_FLIGHT frames wait unprocessed and the connection stops reading
 * (TCP pushes back on the client). A client with more than MAX_WAITING_FRAMES waiting, or more than
 * MAX_UNSENT_BYTES of answers and events it has not read, is dropped with 1008 and a reason. Before, one client that stopped reading while asking for a 1 MiB record 1,500
 * times grew the host from 250 MB to 4.1 GB.
 */
export const MAX_IN_FLIGHT = 16;
export const MAX_UNSENT_BYTES = 8 * 1024 * 1024;
const DROP_GRACE_MS = 1_000;
const MAX_WAITING_FRAMES = 256;

function serveConnection(ws: WebSocket, options: WsAdapterOptions): void {
  let inFlight = 0;
  let dropped = false;
  /** Frames read but not yet dispatched: the socket may hand over many before pausing takes effect. */
  const waiting: string[] = [];
  const drop = (why: string) => {
    if (dropped) return;
    dropped = true;
    waiting.length = 0;
    options.log?.(`console client dropped (1008 ${why})`);
    ws.close(1008, why);
    // The close frame waits behind what the client does not read: end the connection regardless.
    setTimeout(() => ws.terminate(), DROP_GRACE_MS).unref();
  };
  const send = (text: string, written?: () => void) => {
    if (dropped || ws.readyState !== ws.OPEN) return written?.();
    ws.send(text, () => written?.());
    if (ws.bufferedAmount > MAX_UNSENT_BYTES)
      drop(`too slow: more than ${MAX_UNSENT_BYTES / 2 ** 20} MiB of answers and events unread`);
  };
  const handle = async (text: string) => {
    inFlight += 1;
    const frame = parseFrame(text);
    const answer = frame
      ? await answerOf(frame, options.dispatch)
      : refusal(-1, 'bad_request', 'a frame must be JSON {id, route, input}');
    send(answer, () => {
      inFlight -= 1;
      next();
    });
  };
  const next = () => {
    while (!dropped && inFlight < MAX_IN_FLIGHT && waiting.length > 0) void handle(waiting.shift()!);
    if (dropped) return;
    if (waiting.length === 0 && ws.isPaused) ws.resume();
  };

  const unsubscribe = options.events.subscribe((event, payload) =>
    send(JSON.stringify({ event, payload } satisfies WsEventFrame)),
  );
  ws.on('close', unsubscribe);
  ws.on('error', () => ws.terminate());
  ws.on('message', (data) => {
    if (dropped) return;
    waiting.push(data.toString());
    if (waiting.length > MAX_WAITING_FRAMES)
      return drop(`too many requests: more than ${MAX_WAITING_FRAMES} waiting for earlier answers to be read`);
    if (inFlight + waiting.length >= MAX_IN_FLIGHT && !ws.isPaused) ws.pause(); // TCP pushes back on the client
    next();
  });
}

/**
 * The answer frame, always under the request's id: a route that is not a string is refused by name (a 200,000-deep
 * route could not be turned into text and the answer lost its id), and an answer too large for the connection is
 * refused with a reason instead of being sent (a 22 MB catalog.get went over MAX_UNSENT_BYTES and dropped its client).
 */
async function answerOf(
  frame: Omit<WsRequestFrame, 'route'> & { route: unknown },
  dispatch: Dispatch,
): Promise<string> {
  if (typeof frame.route !== 'string')
    return refusal(
      frame.id,
      'unknown_route',
      `the frame's route must be a string (a route name such as "config.get"), not ${describeType(frame.route)}`,
    );
  const result = await dispatch(frame.route, frame.input, { transport: 'ws' });
  let text: string;
  try {
    text = JSON.stringify({ id: frame.id, result } satisfies WsResponseFrame);
  } catch {
    return refusal(frame.id, 'internal', `${frame.route}: the answer could not be serialised`);
  }
  const bytes = Buffer.byteLength(text);
  if (bytes <= MAX_ANSWER_BYTES) return text;
  return refusal(
    frame.id,
    'payload_too_large',
    `${frame.route}: the answer is ${bytes.toLocaleString('en')} bytes, over this connection's limit of ${MAX_ANSWER_BYTES.toLocaleString('en')}; ask for less (catalog.get takes offset and limit)`,
  );
}

/** The largest answer one frame carries: under MAX_UNSENT_BYTES, so one answer never drops its own client. */
export const MAX_ANSWER_BYTES = 6 * 1024 * 1024;

const refusal = (
  id: number,
  code: 'bad_request' | 'unknown_route' | 'internal' | 'payload_too_large',
  message: string,
): string => JSON.stringify({ id, result: { ok: false, error: { code, message } } } satisfies WsResponseFrame);

const describeType = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;

/** The frame's id, route and input as sent; only a frame that is not JSON or has no numeric id has no id to answer under. */
function parseFrame(text: string): (Omit<WsRequestFrame, 'route'> & { route: unknown }) | undefined {
  try {
    const value = JSON.parse(text) as Partial<WsRequestFrame> | null;
    if (!value || typeof value !== 'object' || typeof value.id !== 'number') return undefined;
    return { id: value.id, route: value.route, input: value.input };
  } catch {
    return undefined;
  }
}
