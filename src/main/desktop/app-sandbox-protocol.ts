import { SANDBOX_PROXY_PATH, sandboxResponse } from '../../shared/apps/app-sandbox-proxy';

/**
 * The desktop's origin for MCP Apps: a custom scheme of its own, so the sandbox proxy (and the app inside it, in an
 * opaque origin) is never the page's origin `app://switchboard`; it loads in a `<webview>` on the `mcp-apps` partition. Standard and secure (a real origin, postMessage
 * with a target origin), and nothing more: no fetch API, no CORS, no service workers.
 */
export const SANDBOX_SCHEME = 'mcp-app-sandbox';
export const SANDBOX_HOST = 'proxy';
export const SANDBOX_ORIGIN = `${SANDBOX_SCHEME}://${SANDBOX_HOST}`;
export const SANDBOX_PROXY_URL = `${SANDBOX_ORIGIN}${SANDBOX_PROXY_PATH}`;
export const SANDBOX_SCHEME_ENTRY = { scheme: SANDBOX_SCHEME, privileges: { standard: true, secure: true } };

/**
 * `mcp-app-sandbox://proxy/…` answers the proxy page and script, framed only by the console's origin. Served in MCP
 * Apps' own session only (app-partition.ts): the window's session has no handler for the scheme.
 */
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
