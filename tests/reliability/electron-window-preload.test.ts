import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IPC_EVENT_CHANNEL, IPC_REQUEST_CHANNEL } from '../../src/main/adapters/frames';
import { ELECTRON_CSP, secureWindowOptions } from '../../src/main/window-options';
import { exposeApi } from '../../src/preload/bridge';
import { exposeAppRelay } from '../../src/preload/app-relay-bridge';
import { APP_RELAY_TO_HOST, APP_RELAY_TO_PROXY } from '../../src/shared/apps/app-relay';

/** The window's web preferences, the page's CSP and what each preload bridges: checked without the binary. */
const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

describe('window, preload and page', () => {
  it('the window isolates the renderer in every frame and worker; its webview tag is held by the guard above', () => {
    expect(secureWindowOptions('/p.cjs').webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: true,
    });
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

  it('the preload bridges exactly request and on over our two channels; the listener never gets the IPC event', async () => {
    const exposed: Record<string, unknown> = {};
    const invoked: unknown[][] = [];
    type Listener = (event: { sender: never }, ...args: unknown[]) => void;
    const listeners = new Map<string, Set<Listener>>();
    const ipcRenderer = {
      invoke: async (...args: unknown[]) => (invoked.push(args), 'answer'),
      on: (channel: string, listener: Listener) =>
        void (listeners.get(channel) ?? listeners.set(channel, new Set()).get(channel)!).add(listener),
      removeListener: (channel: string, listener: Listener) => void listeners.get(channel)?.delete(listener),
    };
    exposeApi({ contextBridge: { exposeInMainWorld: (key, api) => void (exposed[key] = api) }, ipcRenderer });
    expect(Object.keys(exposed)).toEqual(['api']);
    const api = exposed.api as {
      request(route: string, input: unknown): Promise<unknown>;
      on(listener: (...args: unknown[]) => void): () => void;
    };
    expect(Object.keys(api).sort()).toEqual(['on', 'request']);
    expect(
      Object.values(api).every(
        (value) => typeof value === 'function' && !Object.values(ipcRenderer).includes(value as never),
      ),
    ).toBe(true);

    expect(await api.request('config.get', { a: 1 })).toBe('answer');
    expect(invoked).toEqual([[IPC_REQUEST_CHANNEL, 'config.get', { a: 1 }]]);
    const heard: unknown[][] = [];
    const off = api.on((...args) => void heard.push(args));
    for (const listener of listeners.get(IPC_EVENT_CHANNEL)!)
      listener({ sender: 'ipcRenderer' as never }, 'approvals.requested', { id: 'a1' });
    expect(heard).toEqual([['approvals.requested', { id: 'a1' }]]);
    expect([...listeners.keys()]).toEqual([IPC_EVENT_CHANNEL]);
    expect([IPC_REQUEST_CHANNEL, IPC_EVENT_CHANNEL]).toEqual(['switchboard:request', 'switchboard:event']);
    off();
    expect(listeners.get(IPC_EVENT_CHANNEL)!.size).toBe(0);
  });

  it("the MCP App guest's relay preload bridges exactly toHost and onHost over the relay's two channels", () => {
    const exposed: Record<string, unknown> = {};
    const toHost: unknown[][] = [];
    const listeners = new Map<string, (event: unknown, ...args: unknown[]) => void>();
    exposeAppRelay({
      contextBridge: { exposeInMainWorld: (key, api) => void (exposed[key] = api) },
      ipcRenderer: {
        sendToHost: (...args) => void toHost.push(args),
        on: (channel, listener) => void listeners.set(channel, listener),
      },
    });
    expect(Object.keys(exposed)).toEqual(['mcpAppRelay']);
    const relay = exposed.mcpAppRelay as { toHost(message: unknown): void; onHost(listener: unknown): boolean };
    expect(Object.keys(relay).sort()).toEqual(['onHost', 'toHost']);
    expect([...listeners.keys()]).toEqual([APP_RELAY_TO_PROXY]);
    relay.toHost({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready' });
    expect(toHost).toEqual([[APP_RELAY_TO_HOST, { jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready' }]]);
    const heard: unknown[][] = [];
    expect(relay.onHost((...args: unknown[]) => void heard.push(args))).toBe(true);
    expect(relay.onHost(() => undefined)).toBe(false); // one listener: the proxy's, registered first
    listeners.get(APP_RELAY_TO_PROXY)!({ sender: 'ipcRenderer' }, { jsonrpc: '2.0', id: 1, result: {} });
    expect(heard).toEqual([[{ jsonrpc: '2.0', id: 1, result: {} }]]);
  });
});
