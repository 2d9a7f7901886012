/**
 * How much one MCP App may ask for: a sliding window (a burst) and a total per conversation (or per run by hand).
 * Each call is still asked about by its node's policy; this keeps an app that loops on a write from filling the
 * approval queue and the records with a thousand calls.
 */
export interface AppCallLimits {
  /** Calls allowed in `windowMs`. */
  perWindow: number;
  windowMs: number;
  /** Calls allowed in one conversation (or run) in all. */
  total: number;
}

export const DEFAULT_APP_CALL_LIMITS: AppCallLimits = { perWindow: 20, windowMs: 10_000, total: 200 };

/** How many distinct apps' counters are kept; the oldest are forgotten first (a forgotten app starts again at 0). */
const MAX_KEYS = 10_000;

export type AppCallVerdict = { ok: true } | { ok: false; why: 'rateLimited' | 'callLimit' };

export class AppCallBounds {
  private readonly counters = new Map<string, { recent: number[]; total: number }>();

  constructor(
    private readonly limits: AppCallLimits = DEFAULT_APP_CALL_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  get current(): AppCallLimits {
    return this.limits;
  }

  /** Counts one call for the app under `key` if it is within its bounds; a refused call is not counted. */
  take(key: string): AppCallVerdict {
    const now = this.now();
    let counter = this.counters.get(key);
    if (!counter) {
      if (this.counters.size >= MAX_KEYS) this.counters.delete(this.counters.keys().next().value as string);
      counter = { recent: [], total: 0 };
      this.counters.set(key, counter);
    }
    if (counter.total >= this.limits.total) return { ok: false, why: 'callLimit' };
    counter.recent = counter.recent.filter((at) => now - at < this.limits.windowMs);
    if (counter.recent.length >= this.limits.perWindow) return { ok: false, why: 'rateLimited' };
    counter.recent.push(now);
    counter.total++;
    return { ok: true };
  }
}
