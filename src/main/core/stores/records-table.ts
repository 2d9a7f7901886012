import type { RecordSummary } from '../../../shared/contract';
import type { LineLocation } from './jsonl-file';

export interface RecordFilter {
  tool?: string;
  server?: string;
  status?: RecordSummary['status'];
  conversationId?: string;
  actor?: RecordSummary['actor'];
  actingIdentity?: string;
  limit?: number;
}

/** The fields records are filtered by, in the order of a slot's keys. */
export const KEYS = 6;
/** A value that matches no filter (a null server, an absent field). */
const NO_KEY = -1;

/** The filter keys of a summary (an absent actor is `model`), as the strings the table codes. */
export function filterKeysOf(summary: RecordSummary): (string | null | undefined)[] {
  return [
    summary.tool,
    summary.server,
    summary.status,
    summary.conversationId,
    summary.actor ?? 'model',
    summary.actingIdentity,
  ];
}

/**
 * The records index in memory: one slot per record, in file order, kept in columns (the id, the summary, the
 * filter keys as codes, where the line is). At 100,000 records, a summary object each (with its strings and
 * arguments, ~15 heap objects) made the main process's heap, and every GC pause while it was built and after,
 * grow with the history. A summary read from the file stays its JSON text until it is first
 * listed or read; the filters compare small integers.
 */
export class RecordTable {
  private readonly ids: string[] = [];
  /** The summary, or its JSON text until it is first asked for. */
  private readonly summaries: (RecordSummary | string)[] = [];
  /** KEYS codes per slot: tool, server, status, conversation, actor, acting identity. */
  private readonly keys: number[] = [];
  /** Where each line is in the file; -1 while it is not written yet. */
  private readonly offsets: number[] = [];
  private readonly lengths: number[] = [];
  /** Lines not yet written (or whose write failed), by slot: as text, or UTF-8 encoded. */
  private readonly unwritten = new Map<number, string | Uint8Array>();
  private readonly slots = new Map<string, number>();
  private readonly codes = new Map<string, number>();

  get size(): number {
    return this.ids.length;
  }

  has(id: string): boolean {
    return this.slots.has(id);
  }

  slot(id: string): number | undefined {
    return this.slots.get(id);
  }

  /** The code of a filter key, made on first sight. */
  code(key: string | null | undefined): number {
    if (typeof key !== 'string') return NO_KEY;
    let code = this.codes.get(key);
    if (code === undefined) this.codes.set(key, (code = this.codes.size));
    return code;
  }

  /**
   * Adds a record; undefined if its id is already here. `keys`: its KEYS codes (from `code`) at `keys[from]`.
   * `at`: where its line is, or the line itself while it is not written.
   */
  add(
    id: string,
    summary: RecordSummary | string,
    keys: ArrayLike<number>,
    from: number,
    at: LineLocation | string | Uint8Array,
  ): number | undefined {
    if (this.slots.has(id)) return undefined;
    const slot = this.ids.length;
    this.ids.push(id);
    this.summaries.push(summary);
    for (let k = 0; k < KEYS; k++) this.keys.push(keys[from + k]);
    if (typeof at === 'string' || at instanceof Uint8Array) {
      this.offsets.push(-1);
      this.lengths.push(0);
      this.unwritten.set(slot, at);
    } else {
      this.offsets.push(at.offset);
      this.lengths.push(at.length);
    }
    this.slots.set(id, slot);
    return slot;
  }

  /** Adds a record from its summary object. */
  addSummary(summary: RecordSummary, at: LineLocation | string | Uint8Array): number | undefined {
    return this.add(
      summary.id,
      summary,
      filterKeysOf(summary).map((key) => this.code(key)),
      0,
      at,
    );
  }

  written(slot: number, at: LineLocation): void {
    this.offsets[slot] = at.offset;
    this.lengths[slot] = at.length;
    this.unwritten.delete(slot);
  }

  /** The line's JSON while it is not written, else where it is. */
  where(slot: number): string | LineLocation | undefined {
    const line = this.unwritten.get(slot);
    if (line !== undefined)
      return typeof line === 'string'
        ? line
        : Buffer.from(line.buffer, line.byteOffset, line.byteLength).toString('utf8');
    return this.offsets[slot] >= 0 ? { offset: this.offsets[slot], length: this.lengths[slot] } : undefined;
  }

  summary(slot: number): RecordSummary {
    const held = this.summaries[slot];
    if (typeof held !== 'string') return held;
    const summary = JSON.parse(held) as RecordSummary;
    this.summaries[slot] = summary;
    return summary;
  }

  /** Newest first. */
  list(filter: RecordFilter = {}): RecordSummary[] {
    const wanted = [
      filter.tool,
      filter.server,
      filter.status,
      filter.conversationId,
      filter.actor,
      filter.actingIdentity,
    ];
    const codes = wanted.map((value) => (value ? (this.codes.get(value) ?? NO_KEY) : undefined));
    // A filter value no record has matches nothing.
    if (codes.some((code) => code === NO_KEY)) return [];
    const checks = codes.flatMap((code, k) => (code === undefined ? [] : [[k, code]]));
    const out: RecordSummary[] = [];
    const limit = filter.limit ?? 500;
    next: for (let slot = this.ids.length - 1; slot >= 0 && out.length < limit; slot--) {
      for (const [k, code] of checks) if (this.keys[slot * KEYS + k] !== code) continue next;
      out.push(this.summary(slot));
    }
    return out;
  }
}
