/**
 * Runs a task one at a time. Asked again while it runs, it runs once more afterwards (not once per ask), so a burst
 * of requests costs at most one extra pass and every caller's answer reflects a run that started after it asked.
 */
export class CoalescedRun {
  private running: Promise<void> | undefined;
  private again = false;

  /** `keepGoing`: whether the extra pass is still wanted when the current one ends. */
  run(task: () => Promise<void>, keepGoing: () => boolean = () => true): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await task();
        } while (this.again && keepGoing());
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }
}

/**
 * A trailing debounce with a maximum wait: `fire` runs once the triggers have been quiet for `quietMs`, and a burst
 * that never goes quiet (a storm) still fires once `maxWaitMs` after its first trigger.
 */
export class BurstDebounce {
  private timer: NodeJS.Timeout | undefined;
  private since: number | undefined;

  constructor(private readonly limits: () => { quietMs: number; maxWaitMs: number }) {}

  trigger(fire: () => void): void {
    clearTimeout(this.timer);
    const now = Date.now();
    this.since ??= now;
    const { quietMs, maxWaitMs } = this.limits();
    const delay = Math.max(0, Math.min(quietMs, this.since + maxWaitMs - now));
    this.timer = setTimeout(() => {
      this.since = undefined;
      fire();
    }, delay);
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.since = undefined;
  }
}

/** Callers waiting for a moment (an attempt to be over), all released together when it comes. */
export class Waiters {
  private waiting: (() => void)[] = [];

  /** Resolves at once when the moment is already here, else at the next release. */
  wait(ready: boolean): Promise<void> {
    return ready ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}
