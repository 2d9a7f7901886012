import { hash } from 'node:crypto';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { ModelToolDefinition } from '../../shared/catalog';
import { countTokensWorker } from './tokens-worker';

/**
 * Token estimates for the per-step record ("what did the visible tools cost?"), in o200k_base, OpenAI's
 * current encoding; other vendors tokenize differently, so the numbers are estimates.
 *
 * Nothing here runs on the event loop but a hash and a cache lookup:
 * - Counting happens in a worker thread (tokens-worker.ts), in time linear in the text. The tables
 *   (gpt-tokenizer's, ~40 MB once built; js-tiktoken's were ~110 MB and built in ~1 s on the main thread)
 *   live only in that worker, which starts when something new needs counting and exits once idle.
 * - Counts are cached per text hash, so a tool definition is counted once per version, whoever asks.
 */
const IDLE_EXIT_MS = 3_000;
const CACHE_ENTRIES = 20_000;

type Reply = { id: number; counts: number[] } | { id: number; error: string };

class TokenCounter {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (counts: number[]) => void; reject: (error: Error) => void }>();
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly cache = new Map<string, number>();
  private readonly inFlight = new Map<string, Promise<number>>();

  /** The cached count of a text already counted under this key, or undefined. */
  cached(key: string): number | undefined {
    return this.cache.get(key);
  }

  /** Counts each text (cached per key); concurrent asks for one key share one count. */
  count(entries: readonly { key: string; text: string }[]): Promise<number[]> {
    const missing: { key: string; text: string }[] = [];
    for (const entry of entries) if (!this.cache.has(entry.key) && !this.inFlight.has(entry.key) && !missing.some((m) => m.key === entry.key)) missing.push(entry);
    if (missing.length > 0) {
      const counted = this.send(missing.map((m) => m.text));
      missing.forEach((entry, i) => {
        const one = counted.then((counts) => {
          this.remember(entry.key, counts[i]);
          return counts[i];
        });
        one.catch(() => undefined).finally(() => this.inFlight.delete(entry.key));
        this.inFlight.set(entry.key, one);
      });
    }
    return Promise.all(entries.map((entry) => this.cache.get(entry.key) ?? (this.inFlight.get(entry.key) as Promise<number>)));
  }

  /** Ends the worker now (tests, shutdown); the next count starts a new one. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  get running(): boolean {
    return this.worker !== undefined;
  }

  private remember(key: string, count: number): void {
    if (this.cache.size >= CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key, count);
  }

  private send(texts: string[]): Promise<number[]> {
    clearTimeout(this.idleTimer);
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise<number[]>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, texts });
    });
  }

  private start(): Worker {
    const require = createRequire(import.meta.url);
    const paths = { encoding: require.resolve('gpt-tokenizer/encoding/o200k_base'), constants: require.resolve('gpt-tokenizer/encodingParams/constants') };
    // `__name`: the helper esbuild (tsx, vite) may call to keep a function's name; the worker has no module scope to find it in.
    const source = `const __name = (fn) => fn;\n(${String(countTokensWorker)})(${JSON.stringify(paths)});`;
    const worker = new Worker(source, { eval: true, name: 'switchboard-tokens' });
    worker.unref(); // never what keeps a process alive
    worker.on('message', (reply: Reply) => {
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if ('error' in reply) waiter?.reject(new Error(`token count failed: ${reply.error}`));
      else waiter?.resolve(reply.counts);
      if (this.waiting.size === 0) this.scheduleExit(worker);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      if (this.waiting.size > 0) process.emitWarning(`token counts fall back to a rough estimate: ${error.message}`);
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the token counter exited (${code})`)));
    return worker;
  }

  /** The tables are only worth their memory while there is something to count. */
  private scheduleExit(worker: Worker): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.worker !== worker || this.waiting.size > 0) return;
      this.worker = undefined;
      void worker.terminate();
    }, IDLE_EXIT_MS);
    this.idleTimer.unref();
  }
}

/** One counter per process, shared by every conversation and runtime. */
const counter = new TokenCounter();

/** What is counted for a tool: what function-calling APIs send for it (name, description, JSON schema). */
export function toolDefinitionText(tool: ModelToolDefinition): string {
  return JSON.stringify({ name: tool.name, description: tool.description, parameters: tool.inputSchema });
}

const keyOf = (text: string) => hash('sha256', text, 'base64');

// Definitions are immutable snapshots (bindings reuse theirs across resolves): serialise and hash each object once.
const keyByDefinition = new WeakMap<ModelToolDefinition, { key: string; text: string }>();

function entryOf(tool: ModelToolDefinition): { key: string; text: string } {
  let entry = keyByDefinition.get(tool);
  if (!entry) {
    const text = toolDefinitionText(tool);
    entry = { key: keyOf(text), text };
    keyByDefinition.set(tool, entry);
  }
  return entry;
}

/** o200k tokens of each tool's definition; cached per definition, so a steady catalog resolves at once. */
export function estimateToolTokens(tools: readonly ModelToolDefinition[]): Promise<number[]> {
  return counter.count(tools.map(entryOf));
}

/** Counts the tools now, in the background, so the next model step finds them cached. */
export function prefetchToolTokens(tools: readonly ModelToolDefinition[]): void {
  const missing = tools.map(entryOf).filter((entry) => counter.cached(entry.key) === undefined);
  if (missing.length > 0) counter.count(missing).catch(() => undefined);
}

/** o200k tokens of a text (special-token text counted as plain text). */
export async function estimateTokens(text: string): Promise<number> {
  if (!text) return 0;
  return (await counter.count([{ key: keyOf(text), text }]))[0];
}

/** A rough figure for when the counter cannot answer (its worker failed): about four bytes a token. */
export function roughTokens(tool: ModelToolDefinition): number {
  return Math.ceil(Buffer.byteLength(entryOf(tool).text) / 4);
}

/** Whether the counting worker is alive (it exits when idle). */
export function tokenCounterRunning(): boolean {
  return counter.running;
}

/** Ends the counting worker now; the cache stays. */
export function closeTokenCounter(): Promise<void> {
  return counter.close();
}
