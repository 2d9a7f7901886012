import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';

// Only these two functions cross the bridge; adding a route never touches this file.
contextBridge.exposeInMainWorld('api', {
  request: (route: string, input: unknown) => ipcRenderer.invoke('switchboard:request', route, input),
  on: (listener: (name: string, payload: unknown) => void) => {
    const forward = (_event: IpcRendererEvent, name: string, payload: unknown) => listener(name, payload);
    ipcRenderer.on('switchboard:event', forward);
    return () => {
      ipcRenderer.removeListener('switchboard:event', forward);
    };
  },
});
