import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createBuiltinServers } from './builtin-servers';
import type { Core } from './core/app';
import { appRoot } from './core/paths';
import type { Dispatch } from './rpc/router';

export interface HeadlessOptions {
  dataDir: string;
  port?: number;
  /** Defaults to a fresh random token each start. */
  token?: string;
  /** Defaults to the built renderer in out/renderer. */
  staticDir?: string;
  log?: (line: string) => void;
}

export interface HeadlessHandle {
  url: string;
  port: number;
  token: string;
  core: Core;
  dispatch: Dispatch;
  close(): Promise<void>;
}

/** The headless entry: the same core as the Electron app, behind the WebSocket adapter, serving the built renderer. */
export async function startHeadless(options: HeadlessOptions): Promise<HeadlessHandle> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  // Loaded one after the other, each its own module evaluation: one static graph held the event loop for the
  // whole of it at start-up (the main process's too; see bench scenario 7).
  const { createCore } = await import('./core/app');
  const core = await createCore({ dataDir: options.dataDir, log: options.log, builtinServers: createBuiltinServers() });
  const { createDispatch } = await import('./rpc/dispatch');
  const dispatch = createDispatch(core, { log: options.log });
  try {
    const { startWsAdapter } = await import('./adapters/ws');
    const ws = await startWsAdapter({
      dispatch,
      events: core.events,
      token,
      port: options.port,
      staticDir: options.staticDir ?? join(appRoot(), 'out', 'renderer'),
      log: options.log ?? ((line) => console.error(line)),
    });
    return {
      url: ws.url,
      port: ws.port,
      token,
      core,
      dispatch,
      async close() {
        await ws.close();
        await core.close();
      },
    };
  } catch (error) {
    await core.close();
    throw error;
  }
}
