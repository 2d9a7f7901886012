// The records index worker: parses records.jsonl off the main thread and hands back each record's summary and
// where its line is, a batch per request (started by records-index.ts; built as its own entry,
// out/main/records-index-worker.js: electron.vite.config.ts).
import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { ExecutionRecord } from '../../../shared/contract';
import { forEachJsonLine } from './jsonl-reader';
import type { IndexBatch } from './records-index';
import { summaryOf } from './records-summary';
import { filterKeysOf } from './records-table';

/** Small enough that receiving one batch is a short block on the main thread. */
const BATCH = 250;
/** Parsed batches waiting for the main thread, at most: the file is not read further meanwhile. */
const AHEAD = 16;

lowerThisThreadsPriority();

const port = parentPort!;
const { path, end } = workerData as { path: string; end?: number };
const ready: IndexBatch[] = [];
/** Batches the main thread asked for (the first one without asking). */
let wanted = 1;
let wake: (() => void) | undefined;

function send(): void {
  while (wanted > 0 && ready.length) {
    wanted--;
    const batch = ready.shift()!;
    port.postMessage(batch, [batch.numbers.buffer as ArrayBuffer]);
  }
  if (ready.length < AHEAD && wake) {
    wake();
    wake = undefined;
  }
}
port.on('message', () => {
  wanted++;
  send();
});

/** The worker's code of each filter key (the main thread maps them to its own). */
const codes = new Map<string, number>();
let keys: string[] = [];
const code = (key: string | null | undefined): number => {
  if (typeof key !== 'string') return -1;
  let known = codes.get(key);
  if (known === undefined) {
    codes.set(key, (known = codes.size));
    keys.push(key);
  }
  return known;
};

let ids: string[] = [];
let summaries: string[] = [];
let numbers: number[] = [];
let next = 0;
function pushBatch(done?: true): void {
  ready.push({
    keys,
    ids,
    summaries: summaries.join('\n'),
    numbers: Float64Array.from(numbers),
    next,
    ...(done && { done }),
  });
  keys = [];
  ids = [];
  summaries = [];
  numbers = [];
  send();
}

await forEachJsonLine<ExecutionRecord>(
  path,
  (record, at) => {
    const summary = summaryOf(record);
    ids.push(summary.id);
    summaries.push(JSON.stringify(summary));
    for (const key of filterKeysOf(summary)) numbers.push(code(key));
    numbers.push(at.offset, at.length);
    next = at.offset + at.length;
    if (ids.length === BATCH) pushBatch();
  },
  {
    sliceMs: 20,
    end,
    between: () => (ready.length < AHEAD ? Promise.resolve() : new Promise<void>((resolve) => (wake = resolve))),
  },
);
pushBatch(true);

/**
 * Below the main thread: on a busy machine the index waits for a core, not the window. Linux only (a thread's
 * id is /proc/thread-self's name, and setpriority takes it); elsewhere the worker keeps the process's priority.
 */
function lowerThisThreadsPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (tid > 0) setPriority(tid, constants.priority.PRIORITY_LOW);
  } catch {
    // no /proc (macOS, Windows), or not allowed: the default priority
  }
}
