import { describe, expect, it } from 'vitest';
import { encodeAppCsp, readAppCsp } from '../../shared/apps/app-sandbox-csp';
import { SANDBOX_SCRIPT_PATH } from '../../shared/apps/app-sandbox-proxy';
import { ELECTRON_CSP } from '../window-options';
import { APP_ORIGIN, registerAppScheme } from './app-protocol';
import { SANDBOX_ORIGIN, SANDBOX_PROXY_URL, SANDBOX_SCHEME, sandboxRequestHandler } from './app-sandbox-protocol';
import { secureApp, type SecureAppPorts } from './secure-app';
import { fakeAppSession } from '../../../tests/support/desktop/fake-app-session';

const handler = sandboxRequestHandler({ pageOrigin: APP_ORIGIN });

/** Electron's objects as the ports secureApp takes, recording what was installed. */
function fakeElectron() {
  const handlers = new Map<string, (request: Request) => Promise<Response>>();
  const appSession = fakeAppSession();
  let headers: Parameters<SecureAppPorts['session']['webRequest']['onHeadersReceived']>[0] | undefined;
  const ports: SecureAppPorts = {
    app: { on: () => undefined },
    session: {
      setPermissionRequestHandler: () => undefined,
      setPermissionCheckHandler: () => undefined,
      webRequest: { onHeadersReceived: (listener) => void (headers = listener) },
    },
    appSession: appSession.port,
    protocol: { handle: (scheme, h) => void handlers.set(scheme, h) },
  };
  const files: Record<string, string> = {
    '/r/index.html': `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'" />`,
  };
  secureApp(ports, {
    pageUrl: `${APP_ORIGIN}/index.html`,
    csp: ELECTRON_CSP,
    rendererDir: '/r',
    appRelayPreload: '/app/out/preload/app-relay.cjs',
    readFile: async (path) => new TextEncoder().encode(files[path] ?? ''),
    openExternal: async () => undefined,
    log: () => undefined,
  });
  const headersFor = (url: string) =>
    new Promise<Record<string, string[]>>((resolve) =>
      headers!({ url, responseHeaders: { 'content-security-policy': ['app-own'] } }, (r) => resolve(r.responseHeaders)),
    );
  return { handlers, appSchemes: appSession.schemes, headersFor };
}

describe('the desktop sandbox scheme for MCP Apps', () => {
  it('is registered once with the page scheme, standard and secure only (no fetch, no CORS)', () => {
    const registered: { scheme: string; privileges: Record<string, boolean> }[] = [];
    registerAppScheme({ registerSchemesAsPrivileged: (schemes) => void registered.push(...schemes) });
    expect(registered.find((s) => s.scheme === SANDBOX_SCHEME)).toEqual({
      scheme: 'mcp-app-sandbox',
      privileges: { standard: true, secure: true },
    });
    expect(SANDBOX_ORIGIN).not.toBe(APP_ORIGIN);
  });

  it('serves the proxy page framed only by the app page, with the app CSP and no referrer', async () => {
    const csp = encodeAppCsp(readAppCsp({ resourceDomains: ['https://cdn.example.com'] }).csp);
    const page = await handler(new Request(`${SANDBOX_PROXY_URL}?csp=${csp}`));
    expect(page.status).toBe(200);
    const policy = page.headers.get('content-security-policy')!;
    expect(policy).toContain(`frame-ancestors ${APP_ORIGIN}`);
    expect(policy).toContain("script-src 'self' 'unsafe-inline' https://cdn.example.com");
    expect(policy).toContain("connect-src 'none'");
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await page.text()).toContain(SANDBOX_SCRIPT_PATH);
    expect((await handler(new Request(`${SANDBOX_ORIGIN}${SANDBOX_SCRIPT_PATH}`))).status).toBe(200);
  });

  it('refuses another host, other paths and other methods', async () => {
    expect((await handler(new Request('mcp-app-sandbox://other/mcp-app-proxy'))).status).toBe(403);
    expect((await handler(new Request(`${SANDBOX_ORIGIN}/index.html`))).status).toBe(404);
    expect((await handler(new Request(`${SANDBOX_ORIGIN}/../../etc/passwd`))).status).toBe(404);
    expect((await handler(new Request(SANDBOX_PROXY_URL, { method: 'POST', body: 'x' }))).status).toBe(405);
  });

  it("is served by secureApp in MCP Apps' session only: the window's session serves the page, whose CSP frames nothing new", async () => {
    const { handlers, appSchemes, headersFor } = fakeElectron();
    expect([...handlers.keys()]).toEqual(['app']);
    expect([...appSchemes.keys()]).toEqual([SANDBOX_SCHEME]);
    const page = await handlers.get('app')!(new Request(`${APP_ORIGIN}/index.html`));
    const header = page.headers.get('content-security-policy')!;
    // The <webview> loads its guest outside the page's frame tree: the console's CSP needs no sandbox frame source.
    expect(header).toBe(ELECTRON_CSP);
    expect(await page.text()).toContain(`content="default-src 'self'; script-src 'self'"`);
    expect((await headersFor('http://localhost:5173/'))['Content-Security-Policy']).toEqual([header]);
    expect((await headersFor(`${SANDBOX_PROXY_URL}?csp=`))['Content-Security-Policy']).toEqual([header]);
  });
});
