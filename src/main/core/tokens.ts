import { hash } from 'node:crypto';
import type { Catalog, ModelToolDefinition } from '../../shared/catalog';
import { countPieceTokens } from './token-count/bpe';
import { inBackground, Slices } from './slices';
import { loadO200kTable, type TokenTable } from './token-count/o200k-table';

/**
 * Token estimates for the per-step record ("what did the visible tools cost?"), in o200k_base, OpenAI's
 * current encoding; other vendors tokenize differently, so the numbers are estimates.
 *
 * No text may hold the event loop, whatever a server sends:
 * - Counting is exact o200k in O(n log n) (token-count/bpe.ts), over packed tables of ~4.5 MB
 *   (token-count/o200k-table.ts), built on first use.
 * - Building the tables and counting run in slices of a few milliseconds, handing the loop back between
 *   slices, so RPCs and events go on while a 5 MB description is counted. A slice spans texts: 10,000
 *   short definitions counted one after the other (a wide server's discovery) are sliced the same way,
 *   where per-text slicing ran them all in one chain of microtasks.
 * - Counts are cached per text hash: a definition is counted once per version, whoever asks, and it is
 *   counted when it arrives (prefetchCatalogTokens), so a model step normally finds it cached.
 */
const CACHE_ENTRIES = 20_000;
/** A piece (o200k's pre-tokenizer output) longer than this is merged in parts; ordinary text never has one. */
const LONG_PIECE = 4_096;

/**
 * Text is split into chunks before o200k's pre-tokenizer runs: on one long run of letters that regex
 * alone would hold the loop, or overflow its backtracking stack. A chunk ends before a space
 * that follows a non-space, where o200k always starts a new piece, so the count is unchanged; only a
 * chunk-long run with no such space is cut anywhere (about one token off per cut).
 */
const CHUNK = 16_384;
const SAFE_CUT_WINDOW = 2_048;

function chunkEnd(text: string, from: number): number {
  const limit = from + CHUNK;
  if (limit >= text.length) return text.length;
  for (let i = limit; i > limit - SAFE_CUT_WINDOW; i--)
    if (text.charCodeAt(i) === 0x20 && !/\s/.test(text[i - 1])) return i;
  return cutBefore(text, limit);
}

/** `at`, or one further so a surrogate pair is never split. */
function cutBefore(text: string, at: number): number {
  const code = text.charCodeAt(at - 1);
  return at < text.length && code >= 0xd800 && code <= 0xdbff ? at + 1 : at;
}

class TokenCounter {
  private table: Promise<TokenTable> | undefined;
  private readonly cache = new Map<string, number>();
  private readonly inFlight = new Map<string, Promise<number>>();
  /** One text at a time: concurrent counts would only interleave their slices and finish later. */
  private queue: Promise<unknown> = Promise.resolve();
  private scratch = new Uint8Array(4 * LONG_PIECE);
  /** Counts queued or running, and the slices they share. */
  private busy = 0;
  private readonly slices = new Slices();

  cached(key: string): number | undefined {
    return this.cache.get(key);
  }

  /** The count of `text`, cached under `key`; concurrent asks for one key share one count. */
  count(key: string, text: string): Promise<number> {
    const known = this.cache.get(key);
    if (known !== undefined) return Promise.resolve(known);
    let pending = this.inFlight.get(key);
    if (!pending) {
      if (this.busy++ === 0) this.slices.restart(); // idle until now: a fresh slice
      const counted = this.queue.then(() => this.countText(text)).finally(() => this.busy--);
      this.queue = counted.catch(() => undefined);
      pending = counted.then((n) => {
        if (this.cache.size >= CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
        this.cache.set(key, n);
        return n;
      });
      pending.catch(() => undefined).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private async countText(text: string): Promise<number> {
    if (!text) return 0;
    if (!this.table) {
      this.table = loadO200kTable();
      this.table.catch((error: unknown) => {
        this.table = undefined; // tried again next time
        process.emitWarning(
          `token counts fall back to a rough estimate: the o200k tables could not be loaded (${String(error)})`,
        );
      });
    }
    const table = await this.table;
    if (this.slices.due) await this.slices.handBack();
    const encoder = new TextEncoder();
    let total = 0;
    for (let from = 0; from < text.length;) {
      const to = chunkEnd(text, from);
      for (const match of text.slice(from, to).matchAll(table.splitPattern)) {
        const piece = match[0];
        for (let at = 0; at < piece.length;) {
          const end = cutBefore(piece, Math.min(at + LONG_PIECE, piece.length));
          const part = at === 0 && end === piece.length ? piece : piece.slice(at, end);
          if (this.scratch.length < part.length * 3) this.scratch = new Uint8Array(part.length * 3);
          const { written } = encoder.encodeInto(part, this.scratch);
          total += countPieceTokens(table, this.scratch, written);
          at = end;
          if (this.slices.due) await this.slices.handBack();
        }
      }
      from = to;
    }
    return total;
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
const entryByDefinition = new WeakMap<ModelToolDefinition, { key: string; text: string }>();

function entryOf(tool: ModelToolDefinition): { key: string; text: string } {
  let entry = entryByDefinition.get(tool);
  if (!entry) {
    const text = toolDefinitionText(tool);
    entry = { key: keyOf(text), text };
    entryByDefinition.set(tool, entry);
  }
  return entry;
}

/** o200k tokens of each tool's definition; cached per definition, so a steady catalog answers at once. */
export function estimateToolTokens(tools: readonly ModelToolDefinition[]): Promise<number[]> {
  return Promise.all(
    tools.map((tool) => {
      const { key, text } = entryOf(tool);
      return counter.count(key, text);
    }),
  );
}

/** Counts the tools in the background, so a model step finds them cached. Hashing is sliced too. */
export function prefetchToolTokens(tools: readonly ModelToolDefinition[]): void {
  let next = 0;
  inBackground((until) => {
    while (next < tools.length && performance.now() < until) {
      const { key, text } = entryOf(tools[next++]);
      if (counter.cached(key) === undefined) counter.count(key, text).catch(() => undefined);
    }
    return next >= tools.length;
  });
}

/** Every tool a model step of this catalog could show: the local tools and every binding, gated or not. */
export function prefetchCatalogTokens(catalog: Catalog): void {
  prefetchToolTokens([...catalog.localTools, ...catalog.bindings.map((binding) => binding.modelDefinition)]);
}

/** o200k tokens of a text (special-token text such as "<|endoftext|>" counted as plain text). */
export function estimateTokens(text: string): Promise<number> {
  return counter.count(keyOf(text), text);
}

/** A rough figure for when counting fails (the tables could not be read): about four bytes a token. */
export function roughTokens(tool: ModelToolDefinition): number {
  return Math.ceil(Buffer.byteLength(entryOf(tool).text) / 4);
}
