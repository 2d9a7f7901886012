import { closeWithin, SHUTDOWN_TIMEOUT_MS } from '../shutdown';

/** The slice of Electron's app the quit sequence needs. */
export interface QuitAppPort {
  on(event: 'will-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  quit(): void;
}

export interface GracefulQuitOptions {
  app: QuitAppPort;
  /** Stops turns, flushes records and conversation logs, closes MCP connections (stdio children exit). */
  close: () => Promise<void>;
  /** The longest quit waits for `close`; past it the app quits anyway (a hung server must not hold it). */
  timeoutMs?: number;
  log?: (line: string) => void;
  /** Termination signals become a normal quit, so they take the same path. */
  signals?: Pick<NodeJS.Process, 'once'>;
}

/**
 * Quit waits for the core to close, within a time bound. The first `will-quit` is held (preventDefault), the
 * core closes, then quit runs again and goes through. `will-quit`, not `before-quit`: it comes once every window
 * has closed, so a window that stays open (unsaved edits, "Stay") has not lost the core behind it.
 */
export function attachGracefulQuit({
  app,
  close,
  timeoutMs = SHUTDOWN_TIMEOUT_MS,
  log = () => undefined,
  signals,
}: GracefulQuitOptions): {
  closed: Promise<void>;
} {
  let state: 'running' | 'closing' | 'closed' = 'running';
  let markClosed: () => void;
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  app.on('will-quit', (event) => {
    if (state === 'closed') return;
    event.preventDefault();
    if (state === 'closing') return;
    state = 'closing';
    void closeWithin(close, timeoutMs, log).then(() => {
      state = 'closed';
      markClosed();
      app.quit();
    });
  });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) signals?.once(signal, () => app.quit());
  return { closed };
}
