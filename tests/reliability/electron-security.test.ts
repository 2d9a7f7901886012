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
const PACKAGED = 'file:///opt/Switchboard/resources/app.asar/out/renderer/index.html';

describe('IPC sender check', () => {
  it('trusts the packaged page (with a hash route or query) and nothing that merely resembles it', () => {
    const trusted = createSenderCheck(PACKAGED);
    expect(trusted(PACKAGED)).toBe(true);
    expect(trusted(`${PACKAGED}#/chat`)).toBe(true);
    expect(trusted(`${PACKAGED}?x=1`)).toBe(true);
    for (const url of [
      'file://evil-host/opt/Switchboard/resources/app.asar/out/renderer/index.html', // UNC path on Windows
      'file:///opt/Switchboard/resources/app.asar/out/renderer/other.html',
      'file:///tmp/index.html',
      'about:blank',
      'about:srcdoc',
      'data:text/html,<script>1</script>',
      `blob:${PACKAGED}`,
      'devtools://devtools/bundled/inspector.html',
      'chrome-extension://abc/index.html',
      'https://evil.example/index.html',
      '',
      'not a url',
    ])
      expect(trusted(url), url).toBe(false);
  });

  it('trusts the dev server by exact origin only', () => {
    const trusted = createSenderCheck('http://localhost:5173/');
    expect(trusted('http://localhost:5173/src/index.html')).toBe(true);
    for (const url of ['http://localhost:5173@evil.example/', 'http://localhost:5173.evil.example/', 'https://localhost:5173/', 'http://127.0.0.1:5173/', 'ws://localhost:5173/'])
      expect(trusted(url), url).toBe(false);
  });

  it('a refused frame never reaches the router; a destroyed frame (senderFrame null) is refused too', async () => {
    const routed: unknown[] = [];
    let handler: ((event: IpcInvokeEventLike, ...args: unknown[]) => Promise<unknown>) | undefined;
    const detach = attachIpcAdapter({
      ipcMain: { handle: (_c, listener) => void (handler = listener), removeHandler: () => undefined },
      dispatch: async (route) => (routed.push(route), { ok: true, data: null }),
      events: new EventBus(),
      isTrustedSenderUrl: createSenderCheck(PACKAGED),
      targets: () => [],
    });
    const refused = (await handler!({ senderFrame: { url: 'https://evil.example/' } }, 'settings.setApiKey', { apiKey: 'x' })) as Result<unknown>;
    const orphan = (await handler!({ senderFrame: null }, 'config.save', { raw: '' })) as Result<unknown>;
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(orphan).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(routed).toEqual([]);
    expect(await handler!({ senderFrame: { url: PACKAGED } }, 'config.get', {})).toEqual({ ok: true, data: null });
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
    expect(preload).toContain(`ipcRenderer.invoke('${IPC_REQUEST_CHANNEL}'`);
    expect(preload).toContain(`ipcRenderer.on('${IPC_EVENT_CHANNEL}'`);
    expect(preload.match(/ipcRenderer\.(invoke|on|send|sendSync|postMessage)\(/g)).toEqual(['ipcRenderer.invoke(', 'ipcRenderer.on(']);
    // The renderer's listener never receives the IpcRendererEvent (which carries `sender`).
    expect(preload).toMatch(/\(_event: IpcRendererEvent, name: string, payload: unknown\) => listener\(name, payload\)/);
    expect(preload).not.toMatch(/exposeInMainWorld\([^)]*ipcRenderer\s*[,)]/);
  });
});
