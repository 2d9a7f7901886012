/**
 * Work written as a generator that yields between bounded shares of itself (every STEP items), so its owner can
 * run it in slices that hand the event loop back, or all at once when the result is needed now: a wide server's
 * rediscovery resolved in one go would hold the main process (and so the window) for the whole of it.
 */
export type Steps<T> = Generator<void, T, void>;

/** Items handled between two yields: small enough that one share takes well under a millisecond. */
export const STEP = 256;

export class Stepped<T> {
  private result: { value: T } | undefined;

  constructor(private readonly steps: Steps<T>) {}

  get finished(): boolean {
    return this.result !== undefined;
  }

  /** Works until `until` (a performance.now() time) or the end; true once finished. */
  runUntil(until: number): boolean {
    while (!this.result) {
      this.advance();
      if (performance.now() >= until) break;
    }
    return this.finished;
  }

  /** Does whatever is left, now, and returns the result (the same one however often it is asked). */
  finish(): T {
    while (!this.result) this.advance();
    return this.result.value;
  }

  private advance(): void {
    const next = this.steps.next();
    if (next.done) this.result = { value: next.value };
  }
}

/** Steps through work that others may advance too (shared, memoised work): one of its steps per yield. */
export function* stepThrough<T>(work: Stepped<T>): Steps<T> {
  while (!work.runUntil(-Infinity)) yield;
  return work.finish();
}
