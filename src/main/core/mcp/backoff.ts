export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1_000, maxMs: 30_000 };

/** Delay before retry number `attempt` (1-based): doubling from initialMs, capped at maxMs. */
export function backoffDelay(attempt: number, options: BackoffOptions = DEFAULT_BACKOFF): number {
  return Math.min(options.maxMs, options.initialMs * 2 ** Math.max(0, attempt - 1));
}
