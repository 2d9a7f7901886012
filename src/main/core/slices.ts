import { performance } from 'node:perf_hooks';

/**
 * How long one slice of long work (reading 100,000 records, checking or hashing 10,000 tools, counting tokens,
 * writing thousands of pins, resolving a wide catalog) may hold the event loop before handing it back. The core
 * runs in Electron's main process: a held loop freezes IPC, so the window. Well under the loop delay's p99
 * target (docs/PERFORMANCE.md), with room for a loaded machine.
 */
export const SLICE_MS = 4;

/**
 * Work waiting for its next slice, oldest first. One slice runs per turn of the event loop, whichever work it
 * belongs to: with a setImmediate each, every waiting work (the records index, the token table, token counts,
 * the catalog) ran its slice in the same turn, so a turn held the loop for a slice times the works at once.
 */
const waiting: (() => void)[] = [];
let scheduled = false;

/**
 * A turn whose I/O callbacks already held the loop this long since the last slice handed it back (a module
 * compiled, a worker's batch, an HTTP request handled) has had its share: the slice waits for the next turn
 * rather than adding its own few ms to the same block. At most MAX_DEFERRALS turns in a row, so work still
 * moves on a loop that is busy every turn.
 */
const TURN_BUSY_MS = 2;
const MAX_DEFERRALS = 3;
let handedBack = performance.eventLoopUtilization();
let deferrals = 0;

function runNext(): void {
  if (deferrals < MAX_DEFERRALS && performance.eventLoopUtilization(handedBack).active > TURN_BUSY_MS) {
    deferrals++;
    handedBack = performance.eventLoopUtilization();
    setImmediate(runNext);
    return;
  }
  deferrals = 0;
  const next = waiting.shift();
  if (waiting.length) setImmediate(runNext);
  else scheduled = false;
  next?.();
}

/** Runs `resume` on a later turn of the event loop, its own among the work handing the loop back. */
function onNextTurn(resume: () => void): void {
  handedBack = performance.eventLoopUtilization(); // a slice ends here: what runs after it is the turn's other work
  waiting.push(resume);
  if (!scheduled) {
    scheduled = true;
    // Two hops: an immediate queued from an I/O callback (most of start-up: a file read, a module loaded) runs in the
    // same turn, before the loop's timers, so the work before and after such a hand-back was one block of the loop.
    // One queued from an immediate waits for the next turn.
    setImmediate(() => setImmediate(runNext));
  }
}

/** Hands the event loop back (I/O and timers included) before going on. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => onNextTurn(resolve));

/**
 * The clock of one piece of async work done in slices. Check `due` in the loop (cheap), and only then `await
 * handBack()`: an await per item would cost a microtask each.
 */
export class Slices {
  private started = performance.now();

  constructor(private readonly sliceMs = SLICE_MS) {}

  get due(): boolean {
    return performance.now() - this.started >= this.sliceMs;
  }

  /** Hands the loop back and starts the next slice. */
  async handBack(): Promise<void> {
    await nextTurn();
    this.restart();
  }

  /** A slice starts now (work resuming after an idle spell owes nothing to the last one). */
  restart(): void {
    this.started = performance.now();
  }
}

/**
 * The same for synchronous work driven from outside: `slice` is called on later turns of the event loop, each
 * time with its deadline (a performance.now() time), until it returns true (done). The first slice runs on the
 * next turn, so a burst of calls made meanwhile can be coalesced by the caller.
 */
export function inBackground(slice: (until: number) => boolean, sliceMs = SLICE_MS): void {
  const run = () => {
    if (!slice(performance.now() + sliceMs)) onNextTurn(run);
  };
  onNextTurn(run);
}
