import { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_RELAY_GLOBAL, createAppRelay } from '../../../../shared/apps/app-relay';
import { SANDBOX_PROXY_PATH, SANDBOX_SCRIPT_PATH, sandboxResponse } from '../../../../shared/apps/app-sandbox-proxy';
import { WebviewTransport, type AppWebview } from './webview-transport';

const SANDBOX_PROXY_URL = `mcp-app-sandbox://proxy${SANDBOX_PROXY_PATH}`;

/**
 * The desktop's MCP App path end to end, minus the Electron binary: the console's AppBridge over WebviewTransport, a
 * `<webview>` element whose IPC is played by hand (send → the guest's ipcRenderer, sendToHost → `ipc-message`, each
 * a structured clone as Electron's IPC makes), the relay the preload exposes, and the real sandbox proxy script running as the
 * guest's top document. The app inside the proxy is played through its frame's window.
 */
function desktopApp() {
  // The guest: its ipcRenderer, its contextBridge (the page's window), then the proxy page's script.
  const toGuest = new Map<string, (event: unknown, ...args: unknown[]) => void>();
  const element = new EventTarget() as EventTarget & AppWebview;
  element.send = (channel, ...args) => toGuest.get(channel)?.({ sender: 'main' }, ...structuredClone(args));
  // What the relay preload exposes on the guest's window (contextBridge.exposeInMainWorld; see src/preload).
  const relay = createAppRelay({
    on: (channel, listener) => void toGuest.set(channel, listener),
    sendToHost: (channel, ...args) =>
      element.dispatchEvent(Object.assign(new Event('ipc-message'), { channel, args: structuredClone(args) })),
  });
  Object.assign(window, { [APP_RELAY_GLOBAL]: relay });
  const page = sandboxResponse(new URL(`${SANDBOX_PROXY_URL}?csp=`), { hostOrigins: ['app://switchboard'] });
  const root = document.documentElement;
  root.dataset.hosts = /data-hosts="([^"]*)"/.exec(page.body)![1].replace(/&quot;/g, '"');
  root.dataset.csp = "default-src 'none'";
  const script = sandboxResponse(new URL(`mcp-app-sandbox://proxy${SANDBOX_SCRIPT_PATH}`), { hostOrigins: [] }).body;
  new Function(script)();
  return { element };
}

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[APP_RELAY_GLOBAL];
  document.body.innerHTML = '';
});

describe("the desktop's <webview> relay between the console's AppBridge and the sandbox proxy", () => {
  it('carries the handshake, the resource and the app’s calls both ways, with the app in a scripts-only frame', async () => {
    const { element } = desktopApp();
    const bridge = new AppBridge(
      null,
      { name: 'Switchboard', version: '0' },
      { serverTools: {} },
      { hostContext: { theme: 'light' } },
    );
    const called: string[] = [];
    bridge.oncalltool = async (params) => (called.push(params.name), { content: [{ type: 'text', text: 'done' }] });
    const proxyReady = new Promise<void>((resolve) => bridge.addEventListener('sandboxready', () => resolve()));
    await bridge.connect(new WebviewTransport(() => element));
    // The proxy's script ran before the host listened (as a guest's can): say ready again, as the proxy would on load.
    (window as unknown as Record<string, { toHost(m: unknown): void }>)[APP_RELAY_GLOBAL].toHost({
      jsonrpc: '2.0',
      method: 'ui/notifications/sandbox-proxy-ready',
      params: {},
    });
    await proxyReady;
    await bridge.sendSandboxResourceReady({ html: '<p>app</p>', permissions: { camera: {} } });
    const inner = document.querySelector('iframe')!;
    expect(inner.getAttribute('sandbox')).toBe('allow-scripts');
    expect(inner.getAttribute('allow')).toBe('camera');

    // The app, in its frame: what the proxy hands it, and what it says (to its parent, the proxy).
    const appGot: { id?: number; result?: unknown; method?: string }[] = [];
    inner.contentWindow!.postMessage = ((message: (typeof appGot)[number]) => void appGot.push(message)) as never;
    const appSays = (data: unknown) =>
      window.dispatchEvent(new MessageEvent('message', { data, source: inner.contentWindow, origin: 'null' }));
    const init = { protocolVersion: '2026-01-26', appInfo: { name: 'app', version: '1' }, appCapabilities: {} };
    appSays({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: init });
    await expect
      .poll(() => appGot.find((m) => m.id === 1)?.result)
      .toMatchObject({ hostInfo: { name: 'Switchboard' } });
    appSays({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
    appSays({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'refund', arguments: {} } });
    await expect
      .poll(() => appGot.find((m) => m.id === 2)?.result)
      .toEqual({ content: [{ type: 'text', text: 'done' }] });
    expect(called).toEqual(['refund']);
    await bridge.close();
  });

  it("a window that is not the app's frame speaks to nobody; the proxy without a relay at the top does nothing", async () => {
    const { element } = desktopApp();
    const heard: unknown[] = [];
    element.addEventListener('ipc-message', (event) => heard.push((event as unknown as { args: unknown[] }).args[0]));
    window.dispatchEvent(
      new MessageEvent('message', { data: { jsonrpc: '2.0', id: 9, method: 'tools/call' }, source: window }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual([]);
    // Opened at the top without our preload (no relay): the script returns before it listens or sends anything.
    delete (window as unknown as Record<string, unknown>)[APP_RELAY_GLOBAL];
    const posted: unknown[] = [];
    const original = window.postMessage.bind(window);
    window.postMessage = ((message: unknown) => void posted.push(message)) as typeof window.postMessage;
    new Function(sandboxResponse(new URL(`mcp-app-sandbox://proxy${SANDBOX_SCRIPT_PATH}`), { hostOrigins: [] }).body)();
    window.postMessage = original;
    expect(posted).toEqual([]);
  });
});
