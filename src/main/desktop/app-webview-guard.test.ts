import { describe, expect, it } from 'vitest';
import { encodeAppCsp, readAppCsp } from '../../shared/apps/app-sandbox-csp';
import { SANDBOX_PROXY_URL } from './app-sandbox-protocol';
import { APP_PARTITION, guardAppGuest, guardAppWebview, readProxySrc } from './app-webview-guard';

const RELAY = '/app/out/preload/app-relay.cjs';
const src = `${SANDBOX_PROXY_URL}?csp=${encodeAppCsp(readAppCsp({}).csp)}`;

/** Plays Electron's will-attach-webview for a `<webview>` with these attributes (guest-view-manager's shapes). */
function attach(attributes: Record<string, unknown>, extraPreferences: Record<string, unknown> = {}) {
  const params: Record<string, unknown> = {
    src,
    partition: APP_PARTITION,
    nodeintegration: false,
    nodeintegrationinsubframes: false,
    plugins: false,
    disablewebsecurity: false,
    allowpopups: false,
    preload: '',
    webpreferences: '',
    ...attributes,
  };
  const webPreferences: Record<string, unknown> = {
    nodeIntegration: params.nodeintegration,
    nodeIntegrationInSubFrames: params.nodeintegrationinsubframes,
    plugins: params.plugins,
    disablePopups: !params.allowpopups,
    webSecurity: !params.disablewebsecurity,
    partition: params.partition,
    contextIsolation: true,
    sandbox: true,
    ...(typeof params.preload === 'string' && params.preload ? { preload: new URL(params.preload).pathname } : {}),
    ...extraPreferences,
  };
  let prevented = false;
  const logged: string[] = [];
  const event = { preventDefault: () => void (prevented = true) };
  guardAppWebview({ event, webPreferences, params }, { relayPreload: RELAY, log: (line) => logged.push(line) });
  return { prevented, webPreferences, params, logged };
}

describe("the <webview> guard (will-attach-webview on the console's window)", () => {
  it('lets the sandbox proxy attach in the mcp-apps partition, with our relay preload and isolation forced on', () => {
    const { prevented, webPreferences, params } = attach({});
    expect(prevented).toBe(false);
    expect(params.partition).toBe('mcp-apps');
    expect(webPreferences).toMatchObject({
      partition: 'mcp-apps',
      preload: RELAY,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
      disablePopups: true,
    });
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>?]>([
    ['no partition (the window session)', { partition: undefined }],
    ['another partition', { partition: 'persist:mcp-apps' }],
    ['the default partition by name', { partition: '' }],
    ['another src', { src: 'https://evil.example/' }],
    ['the console page', { src: 'app://switchboard/index.html' }],
    ['the proxy script as a page', { src: 'mcp-app-sandbox://proxy/mcp-app-proxy.js' }],
    ['another sandbox host', { src: 'mcp-app-sandbox://other/mcp-app-proxy' }],
    ['a parameter the proxy never takes', { src: `${src}&token=x` }],
    ['an unknown grant', { src: `${src}&grant=camera,usb` }],
    ['a grant given twice', { src: `${src}&grant=camera&grant=microphone` }],
    ['no src', { src: '' }],
    ['a preload of its own', { preload: 'file:///tmp/evil.cjs' }],
    ['a preload through webPreferences', {}, { preload: '/tmp/evil.cjs' }],
    ['node integration', { nodeintegration: true }],
    ['node integration in sub-frames', { nodeintegrationinsubframes: true }],
    ['node integration in workers', {}, { nodeIntegrationInWorker: true }],
    ['a webpreferences attribute', { webpreferences: 'contextIsolation=no' }],
    ['web security off', { disablewebsecurity: true }],
    ['popups', { allowpopups: true }],
    ['plugins', { plugins: true }],
    ['Blink features', { blinkfeatures: 'ExperimentalThing' }],
    ['context isolation off', {}, { contextIsolation: false }],
  ])('refuses a hostile attach: %s', (_name, attributes, preferences) => {
    const { prevented, logged } = attach(attributes, preferences);
    expect(prevented).toBe(true);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^\[app webview\] refused a webview: /);
  });

  it('reads the grants from the proxy URL: known names only, each once', () => {
    expect(readProxySrc(`${src}&grant=camera,microphone,camera`)).toEqual({
      ok: true,
      grants: ['camera', 'microphone'],
    });
    expect(readProxySrc(src)).toEqual({ ok: true, grants: [] });
    expect(readProxySrc(`${src}&grant=__proto__`)).toMatchObject({ ok: false });
    expect(readProxySrc(`${src}#x`)).toMatchObject({ ok: false });
  });
});

describe("the guest's own guard (an app's page)", () => {
  function guest() {
    const listeners = new Map<string, (event: { preventDefault(): void }, url: string) => void>();
    let open: ((details: { url: string }) => { action: 'deny' }) | undefined;
    const logged: string[] = [];
    guardAppGuest(
      {
        on: (event: string, listener: (event: { preventDefault(): void }, url: string) => void) =>
          void listeners.set(event, listener),
        setWindowOpenHandler: (handler) => void (open = handler),
      },
      (line) => logged.push(line),
    );
    const fire = (event: string, url = '') => {
      let prevented = false;
      listeners.get(event)!({ preventDefault: () => void (prevented = true) }, url);
      return prevented;
    };
    return { fire, open: (url: string) => open!({ url }), logged };
  }

  it('never navigates, never attaches a webview, never opens a window, not even in the OS browser', () => {
    const { fire, open, logged } = guest();
    for (const url of [src, 'app://switchboard/index.html', 'https://example.com/']) {
      expect(fire('will-navigate', url), url).toBe(true);
      expect(fire('will-redirect', url), url).toBe(true);
    }
    expect(fire('will-attach-webview')).toBe(true);
    expect(open('https://modelcontextprotocol.io/')).toEqual({ action: 'deny' });
    expect(logged.at(-1)).toContain('refused a window an MCP App opened');
  });
});
