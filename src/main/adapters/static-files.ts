import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { frameSource, withSandboxFrameSource } from '../../shared/apps/console-frame-source';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/**
 * The same policy the Electron window gets, plus the one WebSocket the browser console talks to, and (when the
 * console renders MCP Apps) exactly the sandbox origin as a frame source: nothing else is loosened for apps.
 */
export function contentSecurityPolicy(wsPort: number, sandboxOrigin?: string): string {
  return [
    "default-src 'self'",
    ...(sandboxOrigin ? [frameSource(sandboxOrigin)] : []),
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    // A tool result's or a resource's audio plays from a data: URL (the data never leaves the page).
    "media-src 'self' data:",
    `connect-src 'self' ws://127.0.0.1:${wsPort} ws://localhost:${wsPort}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** Serves the built renderer; unknown paths fall back to index.html, paths escaping the root are refused. */
export async function serveStatic(
  root: string,
  req: IncomingMessage,
  res: ServerResponse,
  opts: { wsPort: number; sandboxOrigin?: string },
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405).end();
    return;
  }
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  } catch {
    // A malformed escape (GET /%E0) threw out of this async function: an unhandled rejection that killed the host.
    res.writeHead(400).end();
    return;
  }
  const wanted = normalize(join(root, pathname === '/' ? 'index.html' : pathname));
  if (wanted !== root && !wanted.startsWith(root.endsWith(sep) ? root : root + sep)) {
    res.writeHead(403).end();
    return;
  }
  let body: Buffer;
  let file = wanted;
  try {
    body = await readFile(file);
  } catch {
    file = join(root, 'index.html');
    try {
      body = await readFile(file);
    } catch {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('The renderer is not built yet: run `npm run build`.');
      return;
    }
  }
  if (opts.sandboxOrigin && extname(file) === '.html')
    body = Buffer.from(withSandboxFrameSource(body.toString('utf8'), opts.sandboxOrigin));
  res.writeHead(200, {
    'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    'content-security-policy': contentSecurityPolicy(opts.wsPort, opts.sandboxOrigin),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
