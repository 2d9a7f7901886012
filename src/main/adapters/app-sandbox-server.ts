import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { SANDBOX_PROXY_PATH, sandboxResponse } from '../../shared/apps/app-sandbox-proxy';

/**
 * The browser console's second origin for MCP Apps: a loopback server on a port of its own that serves the sandbox
 * proxy page and its script, nothing else. A different port is a different origin, so an app (and the proxy) can
 * read neither the console's storage nor its page; the console's WebSocket refuses this origin (Origin check) and
 * the app never learns the console's token. The proxy page itself needs this server's own token, so no other local
 * page gets it, and only the console's origins may frame it (frame-ancestors).
 */
export interface AppSandboxServer {
  /** `http://127.0.0.1:PORT`, the origin the console's CSP names in frame-src. */
  origin: string;
  port: number;
  /** The proxy page's URL, token included; the console adds `&csp=`. */
  proxyUrl: string;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

export async function startAppSandboxServer(options: {
  /** The console's origins (`http://127.0.0.1:PORT`, `http://localhost:PORT`): read on each request, known after listen. */
  hostOrigins: () => readonly string[];
  token?: string;
  port?: number;
}): Promise<AppSandboxServer> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const sockets = new Set<Socket>();
  let port = 0;
  const server: Server = createServer((req, res) => {
    const host = (req.headers.host ?? '').toLowerCase();
    if (host !== `${HOST}:${port}` && host !== `localhost:${port}`) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('forbidden host');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { 'content-type': 'text/plain' }).end('only GET');
      return;
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', `http://${HOST}:${port}`);
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (url.pathname === SANDBOX_PROXY_PATH && !tokensMatch(url.searchParams.get('token') ?? '', token)) {
      res
        .writeHead(401, { 'content-type': 'text/plain', 'cache-control': 'no-store' })
        .end('wrong or missing sandbox token');
      return;
    }
    const answer = sandboxResponse(url, { hostOrigins: options.hostOrigins() });
    res.writeHead(answer.status, answer.headers).end(req.method === 'HEAD' ? undefined : answer.body);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, HOST, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://${HOST}:${port}`;
  return {
    origin,
    port,
    proxyUrl: `${origin}${SANDBOX_PROXY_PATH}?token=${encodeURIComponent(token)}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function tokensMatch(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
