import { createIpcClient } from './ipc-client';
import type { PreloadApi, RpcClient } from './types';
import { createWsClient, fetchTokenCheck, wsUrlFromLocation } from './ws-client';

export { consoleToken, forgetConsoleToken } from './ws-client';

export * from './types';

/** window.api exists only inside Electron (the preload puts it there); elsewhere we are the browser console. */
export function createRpcClient(): RpcClient {
  const api = (window as unknown as { api?: PreloadApi }).api;
  if (api) return createIpcClient(api);
  return createWsClient(
    wsUrlFromLocation(window.location, window.sessionStorage),
    WebSocket,
    fetchTokenCheck(window.location.origin),
  );
}
