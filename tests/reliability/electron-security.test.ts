import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Result } from '../../src/shared/contract';
import { EventBus } from '../../src/main/core/events';
import { attachIpcAdapter, createSenderCheck, type IpcInvokeEventLike } from '../../src/main/adapters/ipc';
import { IPC_EVENT_CHANNEL, IPC_REQUEST_CHANNEL } from '../../src/main/adapters/frames';
import { ELECTRON_CSP, secureWindowOptions } from '../../src/main/window-options';

/**
 * What the Electron side promises, checked without the binary: the sender check refuses every frame
 * that is not our page (including look-alikes), a refused frame never reaches the router, and the
 * entry, preload and page keep their locks (CSP on every response, permissions denied, no navigation).
 */
const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
/** The app window as the sender check sees it: its webContents, and that webContents' main frame. */
function appWindow(url = 'file:///C:/Program%20Files/Switchboard/resources/app.asar/out/renderer/index.html') {
  const mainFrame = { processId: 7, routingId: 1, url };
  return { webContents: { mainFrame, isDestroyed: () => false } };
}

describe('IPC sender check (by identity, not by URL)', () => {
  it("trusts the app window's main frame whatever its URL looks like: Chromium's file:///c:/ and Node's file:///C:/ alike", () => {
    const window = appWindow();
    const trusted = createSenderCheck(() => window);
    expect(trusted({ sender: window.webContents, senderFrame: window.webContents.mainFrame })).toBe(true);
    // The same frame as Chromium reports it on Windows: lower-case drive letter. A URL comparison refused every request.
    const lowerCased = { processId: 7, routingId: 1, url: 'file:///c:/Program%20Files/Switchboard/resources/app.asar/out/renderer/index.html' };
    expect(trusted({ sender: window.webContents, senderFrame: lowerCased })).toBe(true);
  });

  it('refuses another webContents, a subframe, a frame that is gone, and anything once the window is gone', () => {
    const window = appWindow();
    const trusted = createSenderCheck(() => window);
    const other = appWindow('file:///C:/Program%20Files/Switchboard/resources/app.asar/out/renderer/index.html'); // same URL, other contents
    expect(trusted({ sender: other.webContents, senderFrame: other.webContents.mainFrame })).toBe(false);
    expect(trusted({ sender: other.webContents, senderFrame: window.webContents.mainFrame })).toBe(false);
    expect(trusted({ sender: window.webContents, senderFrame: { processId: 7, routingId: 2, url: window.webContents.mainFrame.url } })).toBe(false);
    expect(trusted({ sender: window.webContents, senderFrame: { processId: 8, routingId: 1 } })).toBe(false);
    expect(trusted({ sender: window.webContents, senderFrame: null })).toBe(false);
    expect(createSenderCheck(() => undefined)({ sender: window.webContents, senderFrame: window.webContents.mainFrame })).toBe(false);
    const destroyed = { webContents: { ...window.webContents, isDestroyed: () => true } };
    expect(createSenderCheck(() => destroyed)({ sender: destroyed.webContents, senderFrame: window.webContents.mainFrame })).toBe(false);
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
    const refused = (await handler!({ sender: foreign.webContents, senderFrame: foreign.webContents.mainFrame }, 'settings.setApiKey', { apiKey: 'x' })) as Result<unknown>;
    const orphan = (await handler!({ sender: window.webContents, senderFrame: null }, 'config.save', { raw: '' })) as Result<unknown>;
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringContaining('https://evil.example/') } });
    expect(orphan).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(routed).toEqual([]);
    expect(await handler!({ sender: window.webContents, senderFrame: window.webContents.mainFrame }, 'config.get', {})).toEqual({ ok: true, data: null });
    expect(routed).toEqual(['config.get']);
    detach();
  });
});

describe('window, entry, preload and page', () => {
  it('the window isolates the renderer in every frame and worker', () => {
    expect(secureWindowOptions('/p.cjs').webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('the entry sets the CSP header on every response, denies permissions but notifications, blocks navigation and new windows', () => {
    const entry = read('../../src/main/index.ts');
    expect(entry).toMatch(/onHeadersReceived\(\(details, callback\)[\s\S]*'Content-Security-Policy': \[csp\]/);
    expect(entry).toContain('const csp = rendererCsp(app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL);');
    expect(entry).toMatch(/setPermissionRequestHandler\([^)]*\) => callback\(permission === 'notifications'\)\)/);
    expect(entry).toMatch(/'will-navigate', \(event, url\) => \{\s*if \(url !== contents\.getURL\(\)\) event\.preventDefault\(\);/);
    expect(entry).toMatch(/setWindowOpenHandler\(\(\{ url \}\) => \{[\s\S]*?return \{ action: 'deny' \};/);
    // Only http(s) links go to the OS browser; file:, javascript:, smb: and the like are dropped.
    expect(entry).toMatch(/if \(\/\^https\?:\\\/\\\/\/\.test\(url\)\) void shell\.openExternal\(url\)/);
    expect(entry).toContain("app.on('web-contents-created'"); // applies to every webContents, not just the main window
  });

  it('the page and the app CSP allow only our own scripts', () => {
    const html = read('../../src/renderer/index.html');
    const meta = html.match(/http-equiv="Content-Security-Policy" content="([^"]+)"/)?.[1] ?? '';
    for (const csp of [meta, ELECTRON_CSP]) {
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*(unsafe-inline|\*|http|data:)/);
    }
    expect(ELECTRON_CSP).toContain("frame-ancestors 'none'");
  });

  it('the preload bridges exactly request and on, over our two channels, and never hands out ipcRenderer', () => {
    const preload = read('../../src/preload/index.ts');
    // The channel names come from the module the adapter uses, so the two sides cannot drift apart.
    expect(preload).toContain("import { IPC_EVENT_CHANNEL, IPC_REQUEST_CHANNEL } from '../main/adapters/frames';");
    expect([IPC_REQUEST_CHANNEL, IPC_EVENT_CHANNEL]).toEqual(['switchboard:request', 'switchboard:event']);
    expect(preload).toContain('ipcRenderer.invoke(IPC_REQUEST_CHANNEL, route, input)');
    expect(preload).toContain('ipcRenderer.on(IPC_EVENT_CHANNEL, forward)');
    expect(preload.match(/ipcRenderer\.(invoke|on|send|sendSync|postMessage)\(/g)).toEqual(['ipcRenderer.invoke(', 'ipcRenderer.on(']);
    // The renderer's listener never receives the IpcRendererEvent (which carries `sender`).
    expect(preload).toMatch(/\(_event: IpcRendererEvent, name: string, payload: unknown\) => listener\(name, payload\)/);
    expect(preload).not.toMatch(/exposeInMainWorld\([^)]*ipcRenderer\s*[,)]/);
  });
});
