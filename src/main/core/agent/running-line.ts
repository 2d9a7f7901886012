/** A call still running after this long is written and shown as `running` (see RunningLine). */
export const RUNNING_LINE_AFTER_MS = 20;

/**
 * A call's `running` line, written at most once. `soon()` writes it only if the call is still running
 * RUNNING_LINE_AFTER_MS later: most calls end sooner, and their final line says everything (writing and
 * announcing `running` for each was a large part of the proxy's own cost per call). A crash before the
 * line leaves the model's request unanswered, which the store repairs into a `stopped` record.
 */
export class RunningLine {
  private line: Promise<void> | undefined;
  /** When `soon()` makes the line due (ms since the epoch). */
  dueAt = 0;

  constructor(private readonly write: () => Promise<void>) {}

  now(): void {
    dueClock.forget(this);
    if (this.line) return;
    this.line = this.write();
    this.line.catch(() => undefined); // surfaced by settle(), never as an unhandled rejection
  }

  soon(): void {
    if (this.line) return;
    this.dueAt = Date.now() + RUNNING_LINE_AFTER_MS;
    dueClock.watch(this);
  }

  /** No more `running` line; the one written, if any, to wait for. */
  settle(): Promise<void> | undefined {
    dueClock.forget(this);
    return this.line;
  }
}

/**
 * One timer for every call waiting for its `running` line, instead of a timer set and cleared per call
 * (that pair was a measurable part of the proxy's own time). It fires at the earliest due time.
 */
class DueClock {
  private readonly waiting = new Set<RunningLine>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private firesAt = Infinity;

  watch(line: RunningLine): void {
    this.waiting.add(line);
    if (line.dueAt < this.firesAt) this.arm(line.dueAt);
  }

  forget(line: RunningLine): void {
    this.waiting.delete(line); // an armed timer that finds nothing due simply stops
  }

  private arm(at: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.firesAt = at;
    this.timer = setTimeout(() => this.fire(), Math.max(0, at - Date.now()));
  }

  private fire(): void {
    this.timer = undefined;
    this.firesAt = Infinity;
    const now = Date.now();
    let next = Infinity;
    for (const line of this.waiting) {
      if (line.dueAt <= now) line.now();
      else next = Math.min(next, line.dueAt);
    }
    if (next !== Infinity) this.arm(next);
  }
}

const dueClock = new DueClock();
