/**
 * The desktop hosts the sandbox proxy in a `<webview>` (a session partition of its own), where the proxy is the
 * guest's top document: it has no parent to postMessage. A small preload (src/preload/app-relay.ts) gives the
 * proxy's page this relay instead, over Electron IPC: the guest's `sendToHost` reaches only its own `<webview>`
 * element, and only main (on the embedder's `webview.send`) can send to the guest. The messages are the same
 * AppBridge JSON-RPC that postMessage carries in the browser console.
 */
export const APP_RELAY_GLOBAL = 'mcpAppRelay';
/** Guest (proxy) → host (the console's `<webview>` element, its `ipc-message` event). */
export const APP_RELAY_TO_HOST = 'mcp-app:to-host';
/** Host → guest (`webview.send`). */
export const APP_RELAY_TO_PROXY = 'mcp-app:to-proxy';

/** What the relay preload exposes on the proxy page's window, and nothing else. */
export interface AppRelay {
  /** Sends one message to the console's `<webview>` element. */
  toHost(message: unknown): void;
  /** Listens to what the console sends; the first listener is the only one (a second call is refused). */
  onHost(listener: (message: unknown) => void): boolean;
}

/** The slice of the guest's ipcRenderer the relay uses. */
export interface AppRelayIpc {
  sendToHost(channel: string, ...args: unknown[]): void;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/** More than this many messages a second from the app are dropped by the relay, before they cost main an IPC each. */
export const RELAY_MESSAGES_PER_SECOND = 120;

/**
 * The relay the guest's preload exposes (src/preload/app-relay-bridge.ts): the proxy page hands it the app's
 * messages and gets the console's; the listener never sees the IPC event. The console's transport bounds what it
 * reads (60 a second, 1 MiB); this bound only spares main a flood the console would drop anyway.
 */
export function createAppRelay(ipc: AppRelayIpc, now: () => number = Date.now): AppRelay {
  let listener: ((message: unknown) => void) | null = null;
  let second = 0;
  let sent = 0;
  ipc.on(APP_RELAY_TO_PROXY, (_event, message) => listener?.(message));
  return {
    toHost: (message) => {
      const at = now();
      if (at - second >= 1000) [second, sent] = [at, 0];
      if (++sent > RELAY_MESSAGES_PER_SECOND) return;
      ipc.sendToHost(APP_RELAY_TO_HOST, message);
    },
    onHost: (next) => {
      if (listener || typeof next !== 'function') return false;
      listener = next;
      return true;
    },
  };
}
