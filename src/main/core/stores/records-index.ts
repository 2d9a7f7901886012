import { stat } from 'node:fs/promises';
import type { Worker } from 'node:worker_threads';
import type { ExecutionRecord } from '../../../shared/contract';
import { inBackground } from '../slices';
import { startWorkerBeside } from '../worker-entry';
import { forEachJsonLine } from './jsonl-reader';
import { summaryOf } from './records-summary';
import { KEYS, type RecordTable } from './records-table';
import { errorText } from '../../../shared/error-text';

/**
 * Records as the worker hands them back, in columns: one structured-clone object per batch instead of one per
 * field of each record, and the summaries as JSON text the table keeps until they are first asked for.
 */
export interface IndexBatch {
  /** Filter keys first seen in this batch, numbered on from the worker's earlier ones. */
  keys: string[];
  ids: string[];
  /** The summaries' JSON texts, joined by newlines (JSON text has none of its own). */
  summaries: string;
  /** Per record, NUMBERS_PER_RECORD numbers: its filter keys (the worker's codes, -1 none), offset, length. */
  numbers: Float64Array;
  /** The offset after the last line this batch covers: where reading goes on. */
  next: number;
  done?: true;
}

export const NUMBERS_PER_RECORD = KEYS + 2;

export interface IndexReadOptions {
  /** A records.jsonl smaller than this is read on the calling thread (default 1 MiB: ~700 records). */
  inlineMaxBytes?: number;
  /** Starts the worker for `path` (default: records-index-worker.ts beside this file, .js from a build). */
  startWorker?: (path: string, end?: number) => Worker;
  /** Says when the worker could not do the read and this thread goes on with it (slower, but nothing is lost). */
  log?: (line: string) => void;
  /** Where to stop: the file's size when the read began (lines appended meanwhile are the caller's). */
  end?: number;
  /** Stops the read (the store closed before the index was full): it resolves with what it had. */
  signal?: AbortSignal;
  /** After each batch: how far into the file the read is (the table holds what was read). */
  onProgress?: (bytesRead: number) => void;
}

const DEFAULT_INLINE_MAX = 1 << 20;
/** The worker keeps a few batches parsed; past a runaway file it ends, not the app. */
const LIMITS = { maxOldGenerationSizeMb: 512 };

/**
 * Adds each record of records.jsonl to `table` (its summary and where its line is), in file order; a torn or
 * corrupt line is skipped. A large file is parsed in a worker thread: parsing it, and collecting every result
 * parsed and dropped, would hold the main process at start-up even in slices. The worker parses each whole line (so a torn
 * line is rejected whole, as here, and restore() still finds its record missing) and hands back summaries a
 * batch at a time, one batch per request, so each delivery is a short block on this thread. A worker that cannot start
 * or dies leaves the rest of the file to this thread, from the last line it delivered.
 */
export async function readRecordsIndex(
  path: string,
  table: RecordTable,
  options: IndexReadOptions = {},
): Promise<void> {
  const size = await stat(path).then(
    (s) => s.size,
    () => 0, // missing (no records yet) or unreadable: the read on this thread says which
  );
  let resumeAt: number | undefined = 0;
  if (Math.min(size, options.end ?? size) >= (options.inlineMaxBytes ?? DEFAULT_INLINE_MAX))
    resumeAt = await inWorker(path, table, options);
  if (resumeAt === undefined || options.signal?.aborted) return;
  let lines = 0;
  await forEachJsonLine<ExecutionRecord>(
    path,
    (record, at) => {
      table.addSummary(summaryOf(record), at);
      if (++lines % 1000 === 0) options.onProgress?.(at.offset + at.length);
      return !options.signal?.aborted;
    },
    { start: resumeAt, end: options.end },
  );
}

/** Resolves once the worker delivered every record (undefined), or where this thread must go on from. */
function inWorker(path: string, table: RecordTable, options: IndexReadOptions): Promise<number | undefined> {
  const start = options.startWorker ?? startRecordsIndexWorker;
  const log = options.log ?? (() => undefined);
  const fallBack = (at: number, why: string) => {
    log(
      `records index: ${why}; ${at === 0 ? 'reading' : `reading the rest of (from byte ${at})`} ${path} on the main thread`,
    );
    return at;
  };
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = start(path, options.end);
    } catch (error) {
      return resolve(fallBack(0, `the worker could not start (${errorText(error)})`));
    }
    let next = 0;
    let settled = false;
    /** The table's code for each of the worker's. */
    const codes: number[] = [];
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      outcome();
    };
    const take = (batch: IndexBatch) => {
      if (settled) return;
      try {
        for (const key of batch.keys) codes.push(table.code(key));
        addBatch(table, batch, codes);
      } catch (error) {
        return settle(() => reject(error));
      }
      next = batch.next;
      options.onProgress?.(next);
      if (batch.done || options.signal?.aborted) settle(() => resolve(undefined));
      else worker.postMessage('more');
    };
    // Each batch is added on a turn of its own among the other work handing the loop back (slices.ts), not in
    // the turn its message arrives in, where it added to whatever else that turn did.
    worker.on('message', (batch: IndexBatch) => inBackground(() => (take(batch), true)));
    worker.on('error', (error) => settle(() => resolve(fallBack(next, `the worker failed (${errorText(error)})`))));
    worker.on('exit', (code) => settle(() => resolve(fallBack(next, `the worker exited early (code ${code})`))));
    options.signal?.addEventListener('abort', () => settle(() => resolve(undefined)), { once: true });
  });
}

function addBatch(table: RecordTable, batch: IndexBatch, codes: number[]): void {
  const { ids, summaries, numbers } = batch;
  const keys = new Array<number>(KEYS).fill(0);
  let start = 0;
  for (let i = 0; i < ids.length; i++) {
    const end = i === ids.length - 1 ? summaries.length : summaries.indexOf('\n', start);
    const base = i * NUMBERS_PER_RECORD;
    for (let k = 0; k < keys.length; k++) keys[k] = numbers[base + k] < 0 ? -1 : codes[numbers[base + k]];
    table.add(ids[i], summaries.slice(start, end), keys, 0, {
      offset: numbers[base + KEYS],
      length: numbers[base + KEYS + 1],
    });
    start = end + 1;
  }
}

export function startRecordsIndexWorker(path: string, end?: number): Worker {
  return startWorkerBeside('records-index-worker', import.meta.url, {
    workerData: { path, end },
    resourceLimits: LIMITS,
  });
}
