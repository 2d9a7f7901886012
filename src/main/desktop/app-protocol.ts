import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import mime from 'mime';
import { SANDBOX_SCHEME_ENTRY } from './app-sandbox-protocol';

/**
 * The packaged page is served by a privileged `app://` scheme instead of `file://`: the grantFileProtocolExtraPrivileges
 * fuse is off, so file:// pages could not load their own module scripts (CORS) or asar files. A standard, secure scheme
 * gives the page a real origin (`app://switchboard`), and the handler decides what leaves the asar.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'switchboard';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** The slice of Electron's `protocol` this module uses. */
export interface ProtocolPort {
  registerSchemesAsPrivileged(schemes: { scheme: string; privileges: Record<string, boolean> }[]): void;
  handle(scheme: string, handler: (request: Request) => Promise<Response>): void;
}

/**
 * Before the app is ready (Electron's rule, and only once: a second call replaces the first): the page's scheme is
 * standard (relative URLs, an origin), secure, and may fetch; MCP Apps' sandbox scheme is standard and secure only.
 */
export function registerAppScheme(protocol: Pick<ProtocolPort, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } },
    SANDBOX_SCHEME_ENTRY,
  ]);
}

export interface AppProtocolOptions {
  /** out/renderer (inside app.asar when packaged). Nothing outside it is ever read. */
  rendererDir: string;
  /** The Content-Security-Policy sent with every response. */
  csp: string;
  /** Reads a file (Electron's fs reads inside app.asar). Rejects with code ENOENT/EISDIR/ENOTDIR when there is none. */
  readFile(path: string): Promise<Uint8Array>;
  log?(line: string): void;
}

/** After ready: `app://switchboard/<path>` answers with the file at out/renderer/<path>. */
export function handleAppProtocol(protocol: Pick<ProtocolPort, 'handle'>, options: AppProtocolOptions): void {
  protocol.handle(APP_SCHEME, appRequestHandler(options));
}

export function appRequestHandler(options: AppProtocolOptions): (request: Request) => Promise<Response> {
  const root = resolve(options.rendererDir);
  const answer = (
    status: number,
    body: ConstructorParameters<typeof Response>[0],
    type = 'text/plain; charset=utf-8',
  ) =>
    new Response(body, {
      status,
      headers: { 'Content-Type': type, 'Content-Security-Policy': options.csp, 'X-Content-Type-Options': 'nosniff' },
    });
  return async (request) => {
    const file = rendererFile(root, request.url);
    if (!file.ok) {
      options.log?.(`[app protocol] refused ${request.url}: ${file.reason}`);
      return answer(file.status, file.reason);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, 'only GET and HEAD');
    try {
      const body = await options.readFile(file.path);
      return answer(
        200,
        request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>),
        mime.getType(file.path) ?? 'application/octet-stream',
      );
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return answer(404, 'not found');
      options.log?.(`[app protocol] could not read ${file.path}: ${String(error)}`);
      return answer(500, 'could not read the file');
    }
  };
}

type Resolved = { ok: true; path: string } | { ok: false; status: number; reason: string };

/**
 * The file a URL names, or why none. Chromium already folds `..` and `%2e%2e` in a standard scheme's path; this
 * refuses them again (and encoded slashes, backslashes, NUL) rather than trust that, then checks the result stays
 * under the renderer folder.
 */
export function rendererFile(root: string, rawUrl: string): Resolved {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { ok: false, status: 400, reason: 'not a URL' };
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST)
    return { ok: false, status: 403, reason: 'not this app' };
  if (rawUrl.includes('\\')) return { ok: false, status: 403, reason: 'a backslash in the path' };
  const segments: string[] = [];
  for (const raw of url.pathname.split('/').filter(Boolean)) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return { ok: false, status: 400, reason: 'a malformed escape in the path' };
    }
    if (segment === '.' || segment === '..' || /[/\\\0]/.test(segment))
      return { ok: false, status: 403, reason: 'path traversal' };
    segments.push(segment);
  }
  const path = resolve(join(root, ...(segments.length ? segments : ['index.html'])));
  const inside = relative(root, path);
  if (!inside || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside))
    return { ok: false, status: 403, reason: 'outside the renderer folder' };
  return { ok: true, path };
}
