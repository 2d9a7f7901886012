import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
// The channel names come from the adapter's own module (constants only; bundled into this file).
import { IPC_EVENT_CHANNEL, IPC_REQUEST_CHANNEL } from '../main/adapters/frames';

// Only these two functions cross the bridge; adding a route never touches this file.
contextBridge.exposeInMainWorld('api', {
  request: (route: string, input: unknown) => ipcRenderer.invoke(IPC_REQUEST_CHANNEL, route, input),
  on: (listener: (name: string, payload: unknown) => void) => {
    const forward = (_event: IpcRendererEvent, name: string, payload: unknown) => listener(name, payload);
    ipcRenderer.on(IPC_EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(IPC_EVENT_CHANNEL, forward);
    };
  },
});
