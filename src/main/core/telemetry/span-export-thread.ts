/*
 * Span export off the main thread. On the thread that runs the tool calls, the OTLP encoding and the HTTP requests
 * would compete with them, and the ended spans would wait there for their batch (up to 512, or 5 s), long enough to
 * be promoted and traced by every garbage collection meanwhile. Here an ended span
 * leaves as plain data in a few large messages, and the span export worker batches, encodes and sends it.
 */
import type { Worker } from 'node:worker_threads';
import { TraceFlags, type Attributes } from '@opentelemetry/api';
import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { startWorkerBeside } from '../worker-entry';
import type { ExportOutcome, ExporterConfig } from './otlp-export';
import { toWire, type WireSpan } from './span-wire';
import { errorText } from '../../../shared/error-text';

export interface SpanWorkerData {
  exporter: ExporterConfig;
  resource: { attributes: Attributes; schemaUrl?: string };
  exportTimeoutMillis: number;
}

export type ToSpanWorker = { type: 'spans'; spans: WireSpan[] } | { type: 'flush' | 'shutdown'; id: number };
type FromSpanWorker = { type: 'outcome'; outcome: ExportOutcome } | { type: 'done'; id: number };

/**
 * Spans leave in messages of this many, or this long after the first of them ended. Few and large: each message wakes
 * the worker, and on a busy machine the woken thread can take the core from this one for a whole time slice.
 */
const POST_AT = 256;
const POST_AFTER_MS = 1_000;
/** While the worker is gone and the fallback is being made, at most this many spans wait (the SDK's queue size). */
const MAX_WAITING = 2048;

export interface SpanExportThreadOptions {
  data: SpanWorkerData;
  onExport: (outcome: ExportOutcome) => void;
  /** The in-thread processor to go on with when the worker stops (spans it had not sent yet are lost, and told). */
  fallback: () => Promise<SpanProcessor>;
  /** Tests start a failing worker; the app starts span-export-worker beside this module. */
  startWorker?: (data: SpanWorkerData) => Worker;
}

export class SpanExportThread implements SpanProcessor {
  private pending: WireSpan[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly waiting = new Map<number, () => void>();
  private nextId = 0;
  private readonly worker: Worker;
  private stopped = false;
  /** Set once the worker stopped unasked: every span goes to the in-thread processor. */
  private fallback: Promise<SpanProcessor | undefined> | undefined;
  private fallbackProcessor: SpanProcessor | undefined;
  private waitingForFallback: ReadableSpan[] = [];

  constructor(private readonly options: SpanExportThreadOptions) {
    this.worker = (
      options.startWorker ?? ((data) => startWorkerBeside('span-export-worker', import.meta.url, { workerData: data }))
    )(options.data);
    this.worker.unref(); // never holds the process open; a flush or shutdown refs it while it waits
    this.worker.on('message', (message: FromSpanWorker) => {
      if (message.type === 'outcome') this.options.onExport(message.outcome);
      else this.settle(message.id);
    });
    this.worker.on('error', (error) => this.lost(errorText(error)));
    this.worker.on('exit', (code) => this.lost(`it exited with code ${code}`));
  }

  onStart(): void {}

  onEnd(span: ReadableSpan): void {
    if ((span.spanContext().traceFlags & TraceFlags.SAMPLED) === 0) return;
    if (this.fallback) {
      if (this.fallbackProcessor) this.fallbackProcessor.onEnd(span);
      else if (this.waitingForFallback.length < MAX_WAITING) this.waitingForFallback.push(span);
      return;
    }
    this.pending.push(toWire(span));
    if (this.pending.length >= POST_AT) this.post();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.post(), POST_AFTER_MS);
      this.timer.unref();
    }
  }

  async forceFlush(): Promise<void> {
    if (this.fallback) return (await this.fallback)?.forceFlush();
    this.post();
    await this.request('flush');
  }

  async shutdown(): Promise<void> {
    if (this.fallback) return (await this.fallback)?.shutdown();
    this.post();
    await this.request('shutdown');
    this.stopped = true;
    await this.worker.terminate();
  }

  private post(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0 || this.stopped) return;
    const spans = this.pending;
    this.pending = [];
    this.worker.postMessage({ type: 'spans', spans } satisfies ToSpanWorker);
  }

  private request(type: 'flush' | 'shutdown'): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const id = ++this.nextId;
    const done = new Promise<void>((resolve) => this.waiting.set(id, resolve));
    this.worker.ref();
    this.worker.postMessage({ type, id } satisfies ToSpanWorker);
    return done;
  }

  private settle(id: number): void {
    this.waiting.get(id)?.();
    this.waiting.delete(id);
    if (this.waiting.size === 0) this.worker.unref();
  }

  /** The worker stopped unasked: told once, and the spans from here on are exported on this thread. */
  private lost(cause: string): void {
    if (this.stopped || this.fallback) return;
    this.stopped = true;
    clearTimeout(this.timer);
    const unsent = this.pending.length;
    this.pending = [];
    this.options.onExport({
      signal: 'traces',
      url: this.options.data.exporter.tracesUrl as string,
      ok: false,
      detail: `the span export worker stopped (${cause.slice(0, 200)}); spans it held${unsent ? ` and ${unsent} more` : ''} were lost, the next ones are exported on the main thread`,
    });
    for (const id of [...this.waiting.keys()]) this.settle(id);
    this.fallback = this.options.fallback().then(
      (processor) => {
        this.fallbackProcessor = processor;
        for (const span of this.waitingForFallback) processor.onEnd(span);
        this.waitingForFallback = [];
        return processor;
      },
      () => undefined,
    );
  }
}
