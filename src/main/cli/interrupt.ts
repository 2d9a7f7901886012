import type { CliIo } from './io';

/** The exit code of a command the operator interrupted (128 + SIGINT), as shells report it. */
export const INTERRUPTED_EXIT_CODE = 130;

/**
 * Ctrl-C while `run` runs: its signal aborts instead of the process dying, so what is running is cancelled as Stop
 * cancels it (the SDK sends notifications/cancelled for the call) and the command then ends normally; closing the
 * core ends each 2025 Streamable HTTP session with DELETE. The server-side call stops rather than running on
 * unobserved. A second Ctrl-C quits at once.
 */
export async function interruptible<T>(
  io: CliIo,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<{ value: T; interrupted: boolean }> {
  const controller = new AbortController();
  const onSigint = () => {
    if (controller.signal.aborted) process.exit(INTERRUPTED_EXIT_CODE);
    io.stderr('interrupted: cancelling what is running (Ctrl-C again to quit at once)');
    controller.abort(new Error('interrupted by the operator (Ctrl-C)'));
  };
  process.on('SIGINT', onSigint);
  try {
    const value = await run(controller.signal);
    return { value, interrupted: controller.signal.aborted };
  } finally {
    process.off('SIGINT', onSigint);
  }
}
