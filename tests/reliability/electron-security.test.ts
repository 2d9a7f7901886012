import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Result } from '../../src/shared/contract';
import { EventBus } from '../../src/main/core/events';
import { attachIpcAdapter, createSenderCheck, type IpcInvokeEventLike } from '../../src/main/adapters/ipc';
import { ELECTRON_CSP } from '../../src/main/window-options';
import { APP_ENTRY_URL } from '../../src/main/desktop/app-protocol';
import { checkedOpener } from '../../src/main/desktop/external-opener';
import { takeSingleInstance } from '../../src/main/desktop/lifecycle';
import { pageSenderCheck } from '../../src/main/desktop/page-origin';
import { secureApp, type SecureAppPorts } from '../../src/main/desktop/secure-app';
import type { GuardedContents } from '../../src/main/desktop/web-contents-guard';
import { SANDBOX_PROXY_URL } from '../../src/main/desktop/app-sandbox-protocol';
import { fakeAppSession } from '../support/desktop/fake-app-session';

/**
 * What the Electron side promises, checked without the binary through the ports main hands Electron's objects to:
 * the sender check refuses every frame that is not our page (including look-alikes), a refused frame never reaches
 * the router, and the locks hold (CSP on every response, permissions denied, no navigation, links through the URL
 * gate, a preload that bridges two functions).
 */
/** The app window as the sender check sees it: its webContents, and that webContents' main frame. */
function appWindow(url = APP_ENTRY_URL) {
  const mainFrame = { processId: 7, routingId: 1, url };
  return { webContents: { mainFrame, isDestroyed: () => false } };
}

describe('IPC sender check (by identity, not by URL)', () => {
  it("trusts the app window's main frame whatever its URL looks like: Chromium's file:///c:/ and Node's file:///C:/ alike", () => {
    const window = appWindow();
    const trusted = createSenderCheck(() => window);
    expect(trusted({ sender: window.webContents, senderFrame: window.webContents.mainFrame })).toBe(true);
    // The same frame as Chromium reports it on Windows: lower-case drive letter. A URL comparison refused every request.
    const lowerCased = {
      processId: 7,
      routingId: 1,
      url: 'file:///c:/Program%20Files/Switchboard/resources/app.asar/out/renderer/index.html',
    };
    expect(trusted({ sender: window.webContents, senderFrame: lowerCased })).toBe(true);
  });

  it('refuses another webContents, a subframe, a frame that is gone, and anything once the window is gone', () => {
    const window = appWindow();
    const trusted = createSenderCheck(() => window);
    const other = appWindow('file:///C:/Program%20Files/Switchboard/resources/app.asar/out/renderer/index.html'); // same URL, other contents
    expect(trusted({ sender: other.webContents, senderFrame: other.webContents.mainFrame })).toBe(false);
    expect(trusted({ sender: other.webContents, senderFrame: window.webContents.mainFrame })).toBe(false);
    expect(
      trusted({
        sender: window.webContents,
        senderFrame: { processId: 7, routingId: 2, url: window.webContents.mainFrame.url },
      }),
    ).toBe(false);
    expect(trusted({ sender: window.webContents, senderFrame: { processId: 8, routingId: 1 } })).toBe(false);
    expect(trusted({ sender: window.webContents, senderFrame: null })).toBe(false);
    expect(
      createSenderCheck(() => undefined)({ sender: window.webContents, senderFrame: window.webContents.mainFrame }),
    ).toBe(false);
    const destroyed = { webContents: { ...window.webContents, isDestroyed: () => true } };
    expect(
      createSenderCheck(() => destroyed)({ sender: destroyed.webContents, senderFrame: window.webContents.mainFrame }),
    ).toBe(false);
  });

  it('a refused frame never reaches the router; a destroyed frame (senderFrame null) is refused too', async () => {
    const routed: unknown[] = [];
    const window = appWindow();
    let handler: ((event: IpcInvokeEventLike, ...args: unknown[]) => Promise<unknown>) | undefined;
    const detach = attachIpcAdapter({
      ipcMain: { handle: (_c, listener) => void (handler = listener), removeHandler: () => undefined },
      dispatch: async (route) => (routed.push(route), { ok: true, data: null }),
      events: new EventBus(),
      isTrustedSender: createSenderCheck(() => window),
      targets: () => [],
    });
    const foreign = appWindow('https://evil.example/');
    const refused = (await handler!(
      { sender: foreign.webContents, senderFrame: foreign.webContents.mainFrame },
      'settings.setApiKey',
      { apiKey: 'x' },
    )) as Result<unknown>;
    const orphan = (await handler!({ sender: window.webContents, senderFrame: null }, 'config.save', {
      raw: '',
    })) as Result<unknown>;
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: expect.stringContaining('https://evil.example/') },
    });
    expect(orphan).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(routed).toEqual([]);
    expect(
      await handler!({ sender: window.webContents, senderFrame: window.webContents.mainFrame }, 'config.get', {}),
    ).toEqual({ ok: true, data: null });
    expect(routed).toEqual(['config.get']);
    detach();
  });
});

describe('the page origin (app://switchboard) in the sender check', () => {
  it("the window's own main frame is trusted only while it is on the page origin", () => {
    const window = appWindow();
    const check = pageSenderCheck(
      createSenderCheck(() => window),
      APP_ENTRY_URL,
    );
    expect(check({ sender: window.webContents, senderFrame: window.webContents.mainFrame })).toBe(true);
    for (const url of [
      'https://evil.example/',
      'file:///C:/Program%20Files/Switchboard/resources/app.asar/out/renderer/index.html',
      'app://elsewhere/index.html',
      undefined,
    ]) {
      const frame = { ...window.webContents.mainFrame, url };
      const moved = { webContents: { mainFrame: frame, isDestroyed: () => false } };
      expect(
        pageSenderCheck(
          createSenderCheck(() => moved),
          APP_ENTRY_URL,
        )({ sender: moved.webContents, senderFrame: frame }),
        String(url),
      ).toBe(false);
    }
  });
});

/** Electron's app, session and protocol as the ports see them, recording what main registered on them. */
function fakeElectron() {
  const created: ((event: unknown, contents: GuardedContents) => void)[] = [];
  const handlers: Record<string, unknown> = {};
  let headers: Parameters<SecureAppPorts['session']['webRequest']['onHeadersReceived']>[0] | undefined;
  const ports: SecureAppPorts = {
    app: { on: (_event, listener) => void created.push(listener) },
    session: {
      webRequest: { onHeadersReceived: (listener) => void (headers = listener) },
      setPermissionRequestHandler: (handler) => void (handlers.request = handler),
      setPermissionCheckHandler: (handler) => void (handlers.check = handler),
    },
    appSession: fakeAppSession().port,
    protocol: { handle: (scheme, handler) => void (handlers[scheme] = handler) },
  };
  return { ports, created, handlers, headers: () => headers! };
}

type Listener = (event: { preventDefault(): void }, ...args: unknown[]) => void;
/** A webContents as the guard sees it; `fire` fires an event and says whether it was prevented. */
function fakeContents(type = 'window') {
  const listeners = new Map<string, Listener>();
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | undefined;
  const contents: GuardedContents = {
    on: (event: string, listener: Listener) => void listeners.set(event, listener),
    setWindowOpenHandler: (handler) => void (openHandler = handler),
    getType: () => type,
  } as GuardedContents;
  const fire = (event: string, ...args: unknown[]) => {
    let prevented = false;
    listeners.get(event)!({ preventDefault: () => void (prevented = true) }, ...args);
    return prevented;
  };
  return { contents, fire, open: (url: string) => openHandler!({ url }) };
}

/** will-attach-webview's arguments for a `<webview>` with these attributes, as Electron builds them. */
function webviewAttach(attributes: Record<string, unknown>) {
  const params: Record<string, unknown> = {
    src: `${SANDBOX_PROXY_URL}?csp=`,
    partition: 'mcp-apps',
    preload: '',
    ...attributes,
  };
  const webPreferences: Record<string, unknown> = {
    partition: params.partition,
    nodeIntegration: params.nodeintegration ?? false,
    webSecurity: true,
  };
  return [webPreferences, params] as const;
}

const renderer = mkdtempSync(join(tmpdir(), 'sb-secure-app-'));
mkdirSync(join(renderer, 'assets'));
writeFileSync(join(renderer, 'index.html'), '<!doctype html>');
afterAll(() => rmSync(renderer, { recursive: true, force: true }));

function secured(pageUrl = APP_ENTRY_URL, type = 'window') {
  const electron = fakeElectron();
  const opened: string[] = [];
  const logged: string[] = [];
  const openExternal = checkedOpener(
    async (url) => void opened.push(url),
    (line) => logged.push(line),
  );
  secureApp(electron.ports, {
    pageUrl,
    csp: ELECTRON_CSP,
    rendererDir: renderer,
    appRelayPreload: '/app/out/preload/app-relay.cjs',
    readFile,
    openExternal,
    log: (line) => logged.push(line),
  });
  const page = fakeContents(type);
  for (const listener of electron.created) listener({}, page.contents);
  return { ...electron, page, opened, logged };
}

describe('the locks main puts on every webContents and on the session', () => {
  it('every webContents stays on the page origin: other origins, file: and look-alikes are blocked, in-page moves are not', () => {
    const { page } = secured();
    expect(page.fire('will-navigate', 'app://switchboard/index.html#servers')).toBe(false);
    expect(page.fire('will-navigate', 'app://switchboard/index.html')).toBe(false);
    for (const url of [
      'https://example.com/',
      'file:///etc/passwd',
      'app://switchboard.evil.example/',
      'app://evil/index.html',
      'javascript:alert(1)',
      'not a url',
    ])
      expect(page.fire('will-navigate', url), url).toBe(true);
    expect(page.fire('will-redirect', 'https://example.com/')).toBe(true);
  });

  it("attaches no <webview> but MCP Apps' sandbox proxy in its partition, whose preload is forced to our relay", () => {
    const { page, logged } = secured();
    for (const hostile of [
      { partition: 'persist:shop' },
      { partition: undefined },
      { src: 'https://evil.example/' },
      { src: APP_ENTRY_URL },
      { preload: 'file:///tmp/evil.cjs' },
      { nodeintegration: true },
      { webpreferences: 'nodeIntegration=yes' },
      { allowpopups: true },
    ])
      expect(page.fire('will-attach-webview', ...webviewAttach(hostile)), JSON.stringify(hostile)).toBe(true);
    expect(logged.filter((line) => line.startsWith('[app webview] refused'))).toHaveLength(8);
    const [webPreferences, params] = webviewAttach({});
    expect(page.fire('will-attach-webview', webPreferences, params)).toBe(false);
    expect(webPreferences).toMatchObject({
      partition: 'mcp-apps',
      preload: '/app/out/preload/app-relay.cjs',
      nodeIntegration: false,
      contextIsolation: true,
      sandbox: true,
      webviewTag: false,
    });
  });

  it("an MCP App's guest gets its own guard: it never navigates, attaches nothing, and its windows never reach the OS", async () => {
    const { page, opened } = secured(APP_ENTRY_URL, 'webview');
    expect(page.fire('will-navigate', APP_ENTRY_URL)).toBe(true);
    expect(page.fire('will-navigate', 'https://example.com/')).toBe(true);
    expect(page.fire('will-attach-webview', ...webviewAttach({}))).toBe(true);
    expect(page.open('https://modelcontextprotocol.io/docs')).toEqual({ action: 'deny' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(opened).toEqual([]);
  });

  it('under `npm run dev` the page origin is the dev server, and only it', () => {
    const { page } = secured('http://localhost:5173/');
    expect(page.fire('will-navigate', 'http://localhost:5173/?x')).toBe(false);
    expect(page.fire('will-navigate', 'http://localhost:5174/')).toBe(true);
    expect(page.fire('will-navigate', APP_ENTRY_URL)).toBe(true);
  });

  it('window.open never opens a window; an https link goes to the OS browser, smb:, file: and search-ms: go nowhere', async () => {
    const { page, opened, logged } = secured();
    for (const url of [
      'https://modelcontextprotocol.io/docs',
      'smb://evil.example/share',
      'file:///C:/Windows/System32/calc.exe',
      'search-ms:query=x',
      'http://evil.example/',
    ])
      expect(page.open(url)).toEqual({ action: 'deny' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(opened).toEqual(['https://modelcontextprotocol.io/docs']);
    expect(logged.filter((line) => line.startsWith('[open] refused'))).toHaveLength(4);
  });

  // The console's CSP exactly, as served (MCP Apps run in a <webview>, outside the page's frames: no frame source is
  // added). Written out so any widening (`*`, 'unsafe-eval', another scheme) fails here.
  const PAGE_CSP =
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

  it('serves exactly the page CSP', () => {
    expect(PAGE_CSP).toBe(ELECTRON_CSP);
  });

  it('puts the CSP header on every response, keeping the others', () => {
    const { headers } = secured();
    let answered: Record<string, string[]> | undefined;
    headers()(
      { responseHeaders: { 'Content-Type': ['text/html'] } },
      ({ responseHeaders }) => void (answered = responseHeaders),
    );
    expect(answered).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': [PAGE_CSP] });
  });

  it('denies every permission request and check, notifications included, except the clipboard write our own page asks for', () => {
    const { handlers } = secured();
    const request = handlers.request as (
      c: unknown,
      p: string,
      cb: (granted: boolean) => void,
      d: { requestingUrl?: string; isMainFrame?: boolean },
    ) => void;
    const check = handlers.check as (c: unknown, p: string, origin: string, d: { isMainFrame?: boolean }) => boolean;
    const asked = (permission: string, requestingUrl = APP_ENTRY_URL, isMainFrame = true) => {
      let granted: boolean | undefined;
      request({}, permission, (answer) => void (granted = answer), { requestingUrl, isMainFrame });
      return granted;
    };
    for (const permission of [
      'notifications',
      'media',
      'geolocation',
      'clipboard-read',
      'midi',
      'openExternal',
      'fullscreen',
      'hid',
      'serial',
      'usb',
    ]) {
      expect(asked(permission), permission).toBe(false);
      expect(check({}, permission, 'app://switchboard', { isMainFrame: true }), permission).toBe(false);
    }
    expect(asked('clipboard-sanitized-write')).toBe(true);
    expect(check({}, 'clipboard-sanitized-write', 'app://switchboard', { isMainFrame: true })).toBe(true);
    expect(asked('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(asked('clipboard-sanitized-write', APP_ENTRY_URL, false)).toBe(false);
    expect(check({}, 'clipboard-sanitized-write', 'https://evil.example', { isMainFrame: true })).toBe(false);
  });

  it('serves the page through the app: protocol, with the CSP on the response', async () => {
    const { handlers } = secured();
    const response = await (handlers.app as (request: Request) => Promise<Response>)(new Request(APP_ENTRY_URL));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(PAGE_CSP);
  });

  it('a second instance quits without starting; the first is told and brings its window forward', () => {
    const calls: string[] = [];
    let second: (() => void) | undefined;
    const app = (lock: boolean) => ({
      requestSingleInstanceLock: () => lock,
      quit: () => void calls.push('quit'),
      on: (_event: 'second-instance', listener: () => void) => void (second = listener),
    });
    expect(takeSingleInstance(app(false), () => calls.push('front'))).toBe(false);
    expect(calls).toEqual(['quit']);
    expect(takeSingleInstance(app(true), () => calls.push('front'))).toBe(true);
    second!();
    expect(calls).toEqual(['quit', 'front']);
  });
});
