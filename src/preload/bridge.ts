import type { IpcRendererEvent } from 'electron';
// The channel names come from the adapter's own module (constants only; bundled into the preload).
import { IPC_EVENT_CHANNEL, IPC_REQUEST_CHANNEL } from '../main/adapters/frames';

/** The slices of Electron's contextBridge and ipcRenderer the preload uses (tests hand in plain objects). */
export interface BridgePorts {
  contextBridge: { exposeInMainWorld(key: string, api: unknown): void };
  ipcRenderer: {
    invoke(channel: string, ...args: unknown[]): Promise<unknown>;
    on(channel: string, listener: (event: Pick<IpcRendererEvent, 'sender'>, ...args: unknown[]) => void): unknown;
    removeListener(
      channel: string,
      listener: (event: Pick<IpcRendererEvent, 'sender'>, ...args: unknown[]) => void,
    ): unknown;
  };
}

/**
 * window.api = { request, on } and nothing else: two functions over our two channels. ipcRenderer itself never
 * crosses, and a listener never receives the IpcRendererEvent (it carries `sender`). Adding a route never touches this.
 */
export function exposeApi({ contextBridge, ipcRenderer }: BridgePorts): void {
  contextBridge.exposeInMainWorld('api', {
    request: (route: string, input: unknown) => ipcRenderer.invoke(IPC_REQUEST_CHANNEL, route, input),
    on: (listener: (name: string, payload: unknown) => void) => {
      const forward = (_event: Pick<IpcRendererEvent, 'sender'>, ...args: unknown[]) =>
        listener(args[0] as string, args[1]);
      ipcRenderer.on(IPC_EVENT_CHANNEL, forward);
      return () => {
        ipcRenderer.removeListener(IPC_EVENT_CHANNEL, forward);
      };
    },
  });
}
