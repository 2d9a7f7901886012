import type { Worker } from 'node:worker_threads';
import { nextTurn } from '../slices';
import { startWorkerBeside } from '../worker-entry';
import { say } from '../../../shared/messages';
import {
  editConfig,
  prepareSave,
  readConfig,
  readConfigInTurns,
  type ConfigEdit,
  type ConfigReading,
  type EditOutcome,
  type SaveOutcome,
} from './config-text';
import type { ConfigTask } from './config-worker';
import type { ConfigVocabulary } from '../../../shared/config/vocabulary';

/**
 * Runs the work on switchboard.yaml's text (config-text.ts) where it cannot starve the event loop.
 * `yaml` parses at ~2-4 s per MB here, synchronously: a 1.9 MB config.save held every other client for
 * 3.8 s. A text below `inlineMaxBytes` is handled on the calling thread (the default config takes a few
 * ms, and start-up pays no worker); a larger one goes to a worker thread, started on first use, unref'd
 * while idle and ended after `idleMs` without work. A worker that cannot start (a packaging that does not
 * ship it) leaves the work on the calling thread, slower but correct.
 */
export interface ConfigWork {
  read(raw: string): Promise<ConfigReading>;
  edit(raw: string, edits: readonly ConfigEdit[]): Promise<EditOutcome>;
  save(current: string, incoming: string): Promise<SaveOutcome>;
  close(): Promise<void>;
}

export interface ConfigWorkOptions {
  /** Texts shorter than this run inline (default 32 KiB: ~50-100 ms of parsing on a busy machine). */
  inlineMaxBytes?: number;
  idleMs?: number;
  log?: (line: string) => void;
  /** Starts the worker thread (default: config-worker.ts from source, config-worker.js from a build). */
  startWorker?: () => Worker;
  /** The builtin servers and model providers a config may name here (plain data: it crosses to the worker). */
  vocabulary?: ConfigVocabulary;
}

const DEFAULT_INLINE_MAX = 32 * 1024;
/** A 2 MB config needs a few hundred MB while it is parsed; a runaway file ends the worker, not the app. */
const LIMITS = { maxOldGenerationSizeMb: 1024 };

export function createConfigWork(options: ConfigWorkOptions = {}): ConfigWork {
  const inlineMax = options.inlineMaxBytes ?? DEFAULT_INLINE_MAX;
  const { vocabulary } = options;
  const pool = new WorkerSlot(
    options.startWorker ?? startConfigWorker,
    options.idleMs ?? 30_000,
    options.log ?? (() => undefined),
  );
  const inline = { read: readConfig, edit: editConfig, save: prepareSave } as const;
  const run = <T extends ConfigTask>(
    task: T,
    size: number,
    args: Parameters<(typeof inline)[T]>,
  ): Promise<ReturnType<(typeof inline)[T]>> =>
    size < inlineMax || pool.unavailable
      ? Promise.resolve((inline[task] as (...a: unknown[]) => ReturnType<(typeof inline)[T]>)(...args))
      : pool.run(task, args, () => (inline[task] as (...a: unknown[]) => ReturnType<(typeof inline)[T]>)(...args));
  return {
    // A read never fails: what went wrong is the file's problem, shown like any other.
    read: (raw) =>
      (raw.length < inlineMax
        ? readConfigInTurns(raw, vocabulary, nextTurn)
        : run('read', raw.length, [raw, vocabulary])
      ).catch((error: Error) => {
        const problem = say('config.readFailed', { detail: error.message });
        return { ok: false, problems: [{ path: '', message: problem.text, uiMessage: problem }], masked: '' };
      }),
    edit: (raw, edits) => run('edit', raw.length, [raw, edits, vocabulary]),
    save: (current, incoming) =>
      run('save', Math.max(current.length, incoming.length), [current, incoming, vocabulary]),
    close: () => pool.close(),
  };
}

interface Job {
  resolve: (value: never) => void;
  reject: (error: Error) => void;
  /** The same work on this thread, if the worker turns out not to start. */
  inline: () => unknown;
}

/** One worker thread, started on demand. */
class WorkerSlot {
  private worker: Worker | undefined;
  private started = false;
  private readonly jobs = new Map<number, Job>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;
  /** Set once a worker failed to start: everything runs inline from then on. */
  unavailable = false;

  constructor(
    private readonly start: () => Worker,
    private readonly idleMs: number,
    private readonly log: (line: string) => void,
  ) {}

  run<R>(task: ConfigTask, args: unknown[], inline: () => R): Promise<R> {
    clearTimeout(this.idleTimer);
    let worker: Worker;
    try {
      worker = this.ensure();
    } catch (error) {
      this.giveUp(error as Error);
      return Promise.resolve().then(inline);
    }
    const id = this.nextId++;
    return new Promise<R>((resolve, reject) => {
      this.jobs.set(id, { resolve: resolve as (value: never) => void, reject, inline });
      worker.ref(); // work in flight keeps the process alive
      worker.postMessage({ id, task, args });
    });
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    for (const job of this.jobs.values()) job.reject(new Error('the config store is closing'));
    this.jobs.clear();
    await worker?.terminate();
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const worker = this.start();
    this.worker = worker;
    this.started = false;
    worker.on('message', (message: { ready?: true; id: number; result?: unknown; error?: string }) => {
      if (message.ready) return void (this.started = true);
      const job = this.jobs.get(message.id);
      if (!job) return;
      this.jobs.delete(message.id);
      if (message.error !== undefined) job.reject(new Error(message.error));
      else job.resolve(message.result as never);
      this.idleIfDone(worker);
    });
    worker.on('error', (error) => this.fail(worker, error));
    worker.on('exit', (code) => this.fail(worker, new Error(`the config worker exited (${code})`)));
    return worker;
  }

  private fail(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    const jobs = [...this.jobs.values()];
    this.jobs.clear();
    if (!this.started) {
      // It never got going: it cannot start here. Do the work on this thread, now and from now on.
      this.giveUp(error);
      for (const job of jobs) {
        try {
          job.resolve(job.inline() as never);
        } catch (inlineError) {
          job.reject(inlineError as Error);
        }
      }
      return;
    }
    for (const job of jobs) job.reject(new Error(`the config could not be processed: ${error.message}`));
  }

  private giveUp(error: Error): void {
    this.unavailable = true;
    this.log(`config worker unavailable, parsing on the main thread: ${error.message}`);
  }

  private idleIfDone(worker: Worker): void {
    if (this.jobs.size > 0) return;
    worker.unref(); // an idle worker never keeps the process alive
    this.idleTimer = setTimeout(() => {
      if (this.worker !== worker || this.jobs.size > 0) return;
      this.worker = undefined;
      void worker.terminate();
    }, this.idleMs);
    this.idleTimer.unref();
  }
}

/** The config worker (config-worker.ts beside this file, or out/main/config-worker.js from a build). */
export function startConfigWorker(): Worker {
  return startWorkerBeside('config-worker', import.meta.url, { resourceLimits: LIMITS });
}
