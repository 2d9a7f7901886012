import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { EventBus } from '../core/events';
import type { Dispatch } from '../rpc/router';
import { DEFAULT_MAX_PAYLOAD_BYTES } from '../rpc/router';
import type { WsEventFrame, WsRequestFrame, WsResponseFrame } from './frames';
import { serveStatic } from './static-files';

export interface WsAdapterOptions {
  dispatch: Dispatch;
  events: EventBus;
  token: string;
  port?: number;
  /** Built renderer to serve at `/`; omitted in tests that only speak WebSocket. */
  staticDir?: string;
  maxPayloadBytes?: number;
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
    if (!options.staticDir) {
      res.writeHead(404).end();
      return;
    }
    serveStatic(options.staticDir, req, res, { wsPort: port }).catch(() => res.destroy()); // never an unhandled rejection
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
export function checkUpgrade(req: IncomingMessage, token: string, hosts: Set<string>, origins: Set<string>): string | undefined {
  if (!hosts.has(hostOf(req))) return '403 Forbidden';
  const url = new URL(req.url ?? '/', 'http://placeholder');
  if (url.pathname !== '/rpc') return '404 Not Found';
  // Browsers always send Origin on WebSocket; a foreign one is a cross-site page trying to drive the console.
  const origin = req.headers.origin?.toLowerCase();
  if (origin !== undefined && !origins.has(origin)) return '403 Forbidden';
  if (!tokensMatch(url.searchParams.get('token') ?? '', token)) return '401 Unauthorized';
  return undefined;
}

/** Host names are case-insensitive (RFC 9110): `LOCALHOST:port` is ours too. */
const hostOf = (req: IncomingMessage) => (req.headers.host ?? '').toLowerCase();

function tokensMatch(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function serveConnection(ws: WebSocket, options: WsAdapterOptions): void {
  const unsubscribe = options.events.subscribe((event, payload) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ event, payload } satisfies WsEventFrame));
  });
  ws.on('close', unsubscribe);
  ws.on('error', () => ws.terminate());
  ws.on('message', async (data) => {
    const frame = parseFrame(data.toString());
    if (!frame) {
      ws.send(JSON.stringify({ id: -1, result: { ok: false, error: { code: 'bad_request', message: 'a frame must be JSON {id, route, input}' } } }));
      return;
    }
    const result = await options.dispatch(frame.route, frame.input, { transport: 'ws' });
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id: frame.id, result } satisfies WsResponseFrame));
  });
}

function parseFrame(text: string): WsRequestFrame | undefined {
  try {
    const value = JSON.parse(text) as Partial<WsRequestFrame> | null;
    if (!value || typeof value !== 'object' || typeof value.id !== 'number') return undefined;
    // Not String(route): an object route ({"toString":1}) threw here, and the reply lost its id.
    return { id: value.id, route: typeof value.route === 'string' ? value.route : JSON.stringify(value.route) ?? '', input: value.input };
  } catch {
    return undefined;
  }
}
