import { SANDBOX_PROXY_PATH, sandboxResponse } from '../../shared/apps/app-sandbox-proxy';
import { withFrameSource, withSandboxFrameSource } from '../../shared/apps/console-frame-source';
import type { ProtocolPort } from './app-protocol';

/**
 * The desktop's origin for MCP Apps: a custom scheme of its own, so the sandbox proxy (and the app inside it, in an
 * opaque origin) is never the page's origin `app://switchboard`. Standard and secure (a real origin, postMessage
 * with a target origin), and nothing more: no fetch API, no CORS, no service workers.
 */
export const SANDBOX_SCHEME = 'mcp-app-sandbox';
export const SANDBOX_HOST = 'proxy';
export const SANDBOX_ORIGIN = `${SANDBOX_SCHEME}://${SANDBOX_HOST}`;
export const SANDBOX_PROXY_URL = `${SANDBOX_ORIGIN}${SANDBOX_PROXY_PATH}`;
export const SANDBOX_SCHEME_ENTRY = { scheme: SANDBOX_SCHEME, privileges: { standard: true, secure: true } };

/** The page's CSP and meta tag with exactly the sandbox origin as a frame source. */
export const consoleCspWithSandbox = (csp: string) => withFrameSource(csp, SANDBOX_ORIGIN);
export const consolePageWithSandbox = (html: string) => withSandboxFrameSource(html, SANDBOX_ORIGIN);

/** `mcp-app-sandbox://proxy/…` answers the proxy page and script, framed only by the console's origin. */
export function sandboxRequestHandler(options: {
  pageOrigin: string;
  log?(line: string): void;
}): (request: Request) => Promise<Response> {
  return async (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return new Response('not a URL', { status: 400 });
    }
    if (url.protocol !== `${SANDBOX_SCHEME}:` || url.host !== SANDBOX_HOST) {
      options.log?.(`[app sandbox] refused ${request.url}`);
      return new Response('not the sandbox', {
        status: 403,
        headers: { 'content-security-policy': "default-src 'none'" },
      });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response('only GET', { status: 405 });
    const answer = sandboxResponse(url, { hostOrigins: [options.pageOrigin] });
    return new Response(request.method === 'HEAD' ? null : answer.body, {
      status: answer.status,
      headers: answer.headers,
    });
  };
}

/**
 * Serves the scheme in the window's session: a frame loads through its page's session (Electron gives a partition
 * to a WebContents, never to a frame), so the isolation is the origin: the proxy's own, and the app's opaque one,
 * which has no storage or cookies at all.
 */
export function installAppSandbox(
  protocol: Pick<ProtocolPort, 'handle'>,
  options: { pageOrigin: string; log(line: string): void },
): void {
  protocol.handle(SANDBOX_SCHEME, sandboxRequestHandler(options));
}
