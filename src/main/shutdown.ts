import { errorText } from '../shared/error-text';
/** How long quitting waits for the core to close (turns stopped, logs flushed, stdio servers exited). */
export const SHUTDOWN_TIMEOUT_MS = 5_000;

/**
 * Runs `close` within a time bound: a server that ignores its stdin closing and SIGTERM, or a disk that hangs,
 * must not keep the app from quitting. Never rejects; says what happened.
 */
export async function closeWithin(
  close: () => Promise<void>,
  timeoutMs: number,
  log: (line: string) => void,
): Promise<'closed' | 'timeout' | 'failed'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
  try {
    const outcome = await Promise.race([close().then(() => 'closed' as const), bound]);
    if (outcome === 'timeout') log(`[quit] the core did not close within ${timeoutMs} ms; quitting anyway`);
    return outcome;
  } catch (error) {
    log(`[quit] closing the core failed: ${errorText(error)}`);
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}
