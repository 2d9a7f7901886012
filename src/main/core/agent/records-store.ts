import { open } from 'node:fs/promises';
import { makePrivateDir } from '../private-files';
import { join } from 'node:path';
import type { ExecutionRecord, RecordActor, RecordSummary } from '../../../shared/contract';
import type { EventSink } from '../events';
import { JsonlAppender, type LineLocation } from './jsonl-file';
import { forEachJsonLine } from './jsonl-reader';
import { NotFound } from '../errors';

export interface RecordFilter {
  tool?: string;
  server?: string;
  status?: ExecutionRecord['status'];
  conversationId?: string;
  actor?: RecordActor;
  limit?: number;
}

/**
 * How long a record that is already durable in its conversation's log may wait for records.jsonl: one
 * write per batch instead of one per call (a write per call cost more than the rest of the proxy).
 */
const RECORDS_BATCH_MS = 100;

/**
 * In memory a record is its summary and where its line is; the result (up to 1 MiB) is read back on
 * `get`. Keeping every result resident made the heap, and the GC work per call, grow with every call.
 * A record whose line is not (yet) written keeps that line here until it is.
 */
interface IndexedRecord {
  summary: RecordSummary;
  at?: LineLocation;
  /** The line not yet written (or whose write failed): parsed only if asked for before it is written. */
  unwrittenJson?: string;
}

/** Execution records: appended once per call, summaries kept in memory for the console, persisted as JSON lines. */
export class RecordsStore {
  private readonly records: IndexedRecord[] = [];
  private readonly byId = new Map<string, IndexedRecord>();
  private readonly path: string;
  private appender: JsonlAppender | undefined;

  constructor(
    private readonly dir: string,
    private readonly events?: EventSink,
  ) {
    this.path = join(dir, 'records.jsonl');
  }

  async open(): Promise<void> {
    await makePrivateDir(this.dir);
    // In slices: at 100,000 records a single pass held the event loop for seconds.
    await forEachJsonLine<ExecutionRecord>(this.path, (value, at) => void this.index(summaryOf(value), { at }));
    this.appender = new JsonlAppender(this.path, RECORDS_BATCH_MS);
  }

  /**
   * `resultJson`: the result already serialised (the proxy measured it to cap it), so it is not
   * serialised twice; it must be JSON.stringify(record.result).
   */
  async append(record: ExecutionRecord, resultJson?: string): Promise<void> {
    const summary = summaryOf(record);
    await this.add(summary, serializeRecord(summary, resultJson ?? JSON.stringify(record.result ?? null)), false);
  }

  /**
   * For a record the caller has already made durable (the proxy writes it in the conversation's line for
   * the call): indexed now, written to records.jsonl within RECORDS_BATCH_MS, batched with others. A crash
   * before that is repaired from the conversation log (`restore`); a failed write leaves the record in
   * memory and in that log.
   */
  appendDurableElsewhere(summary: RecordSummary, recordJson: string): void {
    void this.add(summary, recordJson, true).catch(() => undefined);
  }

  /** At start-up: records a crash kept only in a conversation log are appended here. Returns how many. */
  async restore(records: Iterable<ExecutionRecord>): Promise<number> {
    let restored = 0;
    for (const record of records) {
      if (this.byId.has(record.id)) continue;
      await this.append(record);
      restored++;
    }
    return restored;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** Writes what is waiting (see appendDurableElsewhere), e.g. before a conversation log is deleted. */
  flush(): void {
    this.appender?.writePending();
  }

  async get(id: string): Promise<ExecutionRecord> {
    const entry = this.byId.get(id);
    if (!entry) throw new NotFound(`no record ${id}`);
    if (entry.unwrittenJson) return JSON.parse(entry.unwrittenJson) as ExecutionRecord;
    const atOffset = entry.at && (await this.readAt(entry.at));
    const record = atOffset?.id === id ? atOffset : await this.scanFor(id);
    if (record?.id !== id) throw new Error(`record ${id} could not be read back from ${this.path}`);
    return record;
  }

  /** Newest first. */
  list(filter: RecordFilter = {}): RecordSummary[] {
    const out: RecordSummary[] = [];
    const limit = filter.limit ?? 500;
    for (let i = this.records.length - 1; i >= 0 && out.length < limit; i--) {
      const r = this.records[i].summary;
      if (filter.tool && r.tool !== filter.tool) continue;
      if (filter.server && r.server !== filter.server) continue;
      if (filter.status && r.status !== filter.status) continue;
      if (filter.conversationId && r.conversationId !== filter.conversationId) continue;
      if (filter.actor && (r.actor ?? 'model') !== filter.actor) continue;
      out.push(r);
    }
    return out;
  }

  count(): number {
    return this.records.length;
  }

  sync(): Promise<void> {
    return this.appender?.sync() ?? Promise.resolve();
  }

  close(): Promise<void> {
    return this.appender?.close() ?? Promise.resolve();
  }

  /** Indexes the record, then writes its line; until the line is written, `get` parses it from memory. */
  private async add(summary: RecordSummary, recordJson: string, soon: boolean): Promise<void> {
    const entry = this.index(summary, { unwrittenJson: recordJson });
    const written = entry && this.appender?.appendLine(recordJson, { soon });
    const announce = () => this.events?.emit('records.appended', { id: summary.id, conversationId: summary.conversationId });
    if (soon) announce(); // already durable in its conversation's line
    if (entry && written) {
      entry.at = await written;
      entry.unwrittenJson = undefined;
    }
    if (!soon) announce();
  }

  private index(summary: RecordSummary, where: Omit<IndexedRecord, 'summary'>): IndexedRecord | undefined {
    if (this.byId.has(summary.id)) return undefined;
    const entry: IndexedRecord = { summary, ...where };
    this.records.push(entry);
    this.byId.set(summary.id, entry);
    return entry;
  }

  private async readAt(at: LineLocation): Promise<ExecutionRecord | undefined> {
    const file = await open(this.path, 'r');
    try {
      const buffer = Buffer.alloc(at.length);
      const { bytesRead } = await file.read(buffer, 0, at.length, at.offset);
      return JSON.parse(buffer.toString('utf8', 0, bytesRead)) as ExecutionRecord;
    } catch {
      return undefined; // the file changed under us: fall back to a scan
    } finally {
      await file.close();
    }
  }

  private async scanFor(id: string): Promise<ExecutionRecord | undefined> {
    let found: ExecutionRecord | undefined;
    await forEachJsonLine<ExecutionRecord>(this.path, (record) => {
      if (record.id !== id) return true;
      found = record;
      return false;
    });
    return found;
  }
}

/** A record's JSON line from its summary and its result already serialised (the result is not serialised twice). */
export function serializeRecord(summary: RecordSummary, resultJson: string): string {
  return `${JSON.stringify(summary).slice(0, -1)},"result":${resultJson}}`;
}

export function summaryOf(record: ExecutionRecord): RecordSummary {
  const { result: _result, ...summary } = record;
  return summary;
}
