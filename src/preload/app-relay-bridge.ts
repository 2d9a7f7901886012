import { APP_RELAY_GLOBAL, createAppRelay, type AppRelayIpc } from '../shared/apps/app-relay';

/** The slices of Electron's contextBridge and ipcRenderer the relay preload uses (tests hand in plain objects). */
export interface AppRelayPorts {
  contextBridge: { exposeInMainWorld(key: string, api: unknown): void };
  ipcRenderer: AppRelayIpc;
}

/**
 * The `<webview>` guest's preload (forced by main's will-attach-webview guard; it runs in the sandbox proxy's main
 * frame only, never in the app's frame): `window.mcpAppRelay = { toHost, onHost }` and nothing else. ipcRenderer
 * never crosses into the page.
 */
export function exposeAppRelay({ contextBridge, ipcRenderer }: AppRelayPorts): void {
  contextBridge.exposeInMainWorld(APP_RELAY_GLOBAL, createAppRelay(ipcRenderer));
}
