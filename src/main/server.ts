import { join } from 'node:path';
import { loadConsoleToken, type ConsoleToken } from './console-token';
import { appRoot } from './core/paths';
import type { CoreThread } from './core-thread/core-thread';
import type { WsAdapterHandle, WsAdapterOptions } from './adapters/ws';

/**
 * The headless console's port unless told otherwise: the same on every run, so the console's origin (and with it a
 * bookmark and the browser's saved page) stays the same. Taken by something else, a free port is used instead.
 */
export const DEFAULT_CONSOLE_PORT = 7345;

export interface HeadlessOptions {
  dataDir: string;
  /** 0 picks a free port. Default DEFAULT_CONSOLE_PORT, falling back to a free one when it is taken. */
  port?: number;
  /** Defaults to the token kept in the data directory (console-token), made on first use. */
  token?: string;
  /** Replace the kept token with a new one (`serve --new-token`). */
  newToken?: boolean;
  /** The port tried when `port` is not given (tests pass one they hold); default DEFAULT_CONSOLE_PORT. */
  defaultPort?: number;
  /** Defaults to the built renderer in out/renderer. */
  staticDir?: string;
  log?: (line: string) => void;
  /** The core's thread keeps an event-loop histogram from its start (the bench reads it through `core.diagnostics`). */
  measureEventLoop?: boolean;
}

export interface HeadlessHandle {
  url: string;
  port: number;
  token: string;
  /** Where the token is kept (unless one was passed in), and whether it was made this run. */
  tokenFile?: ConsoleToken;
  /** The default port was taken, so a free one was used instead. */
  portFallback?: { wanted: number };
  /** The core, on its own thread: this thread serves the console and relays. */
  core: CoreThread;
  close(): Promise<void>;
}

/**
 * The headless entry: the same core as the Electron app, on its own thread as there, behind the WebSocket adapter,
 * serving the built renderer.
 */
export async function startHeadless(options: HeadlessOptions): Promise<HeadlessHandle> {
  // MCP Apps render on an origin of their own: this server's port, never the console's. It frames only for the
  // console's origins, known once the console listens.
  let consoleOrigins: string[] = [];
  const log = options.log ?? ((line: string) => console.error(line));
  const { startAppSandboxServer } = await import('./adapters/app-sandbox-server');
  const sandbox = await startAppSandboxServer({ hostOrigins: () => consoleOrigins });
  let core: CoreThread;
  try {
    const { startCoreThread } = await import('./core-thread/core-thread');
    core = await startCoreThread({
      data: {
        dataDir: options.dataDir,
        appSandbox: { origin: sandbox.origin, proxyUrl: sandbox.proxyUrl },
        measureEventLoop: options.measureEventLoop,
      },
      log,
      onStopped: (reason) => log(`[core] ${reason}; the console's requests fail until it is restarted`),
    });
  } catch (error) {
    await sandbox.close();
    throw error;
  }
  try {
    // After createCore: the data directory exists (and is owner-only) before the token is written into it.
    const { token, tokenFile } = await consoleTokenOf(options);
    const { ws, portFallback } = await listenForConsole(options, {
      log,
      dispatch: core.dispatch,
      events: core.events,
      token,
      sandboxOrigin: sandbox.origin,
    });
    consoleOrigins = [`http://127.0.0.1:${ws.port}`, `http://localhost:${ws.port}`];
    return {
      url: ws.url,
      port: ws.port,
      token,
      tokenFile,
      portFallback,
      core,
      async close() {
        await ws.close();
        await sandbox.close();
        await core.close();
      },
    };
  } catch (error) {
    await sandbox.close();
    await core.close();
    throw error;
  }
}

/** The token passed in, or the one kept in the data directory (made, or made anew, as asked). */
async function consoleTokenOf(options: HeadlessOptions): Promise<{ token: string; tokenFile?: ConsoleToken }> {
  if (options.token !== undefined) return { token: options.token };
  const tokenFile = await loadConsoleToken(options.dataDir, { rotate: options.newToken });
  return { token: tokenFile.token, tokenFile };
}

type ConsoleWiring = Pick<WsAdapterOptions, 'dispatch' | 'events' | 'token' | 'sandboxOrigin' | 'log'>;

/** The console's WebSocket adapter on the port asked for, or on a free one when the default port is taken. */
async function listenForConsole(
  options: HeadlessOptions,
  wiring: ConsoleWiring,
): Promise<{ ws: WsAdapterHandle; portFallback?: HeadlessHandle['portFallback'] }> {
  const { startWsAdapter } = await import('./adapters/ws');
  const listen = (port: number) =>
    startWsAdapter({
      ...wiring,
      port,
      staticDir: options.staticDir ?? join(appRoot(), 'out', 'renderer'),
    });
  const wanted = options.port ?? options.defaultPort ?? DEFAULT_CONSOLE_PORT;
  try {
    return { ws: await listen(wanted) };
  } catch (error) {
    // Only the default falls back: a port asked for by name that is taken is the operator's to resolve.
    if (options.port !== undefined || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    return { ws: await listen(0), portFallback: { wanted } };
  }
}
