import { open } from 'node:fs/promises';
import { makePrivateDir } from '../private-files';
import { join } from 'node:path';
import type { ExecutionRecord, RecordSummary } from '../../../shared/contract';
import type { EventSink } from '../events';
import { JsonlAppender, type LineLocation } from './jsonl-file';
import { forEachJsonLine } from './jsonl-reader';
import { readRecordsIndex, type IndexReadOptions } from './records-index';
import { RecordTable, type RecordFilter } from './records-table';
import { summaryOf } from './records-summary';
import { withActingIdentity } from './legacy-identity';
import { NotFound } from '../errors';
import { say } from '../../../shared/messages';

export type { RecordFilter };

/**
 * How long a record that is already durable in its conversation's log may wait for records.jsonl: one
 * write per batch instead of one per call (a write per call cost more than the rest of the proxy).
 */
const RECORDS_BATCH_MS = 100;

/** Execution records: appended once per call, summaries kept in memory for the console, persisted as JSON lines. */
export class RecordsStore {
  /**
   * In memory a record is its summary and where its line is; the result (up to 1 MiB) is read back on `get`.
   * Keeping every result resident made the heap, and the GC work per call, grow with every call. A record whose
   * line is not (yet) written keeps that line here until it is.
   */
  private readonly table = new RecordTable();
  private readonly path: string;
  private appender: JsonlAppender | undefined;

  constructor(
    private readonly dir: string,
    private readonly events?: EventSink,
    /** How the index is read at open (tests: force or refuse the worker). */
    private readonly indexOptions: IndexReadOptions = {},
  ) {
    this.path = join(dir, 'records.jsonl');
  }

  async open(): Promise<void> {
    await makePrivateDir(this.dir);
    // Off the event loop (a worker) or in slices: at 100,000 records a single pass held it for seconds.
    await readRecordsIndex(this.path, this.table, this.indexOptions);
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
      if (this.table.has(record.id)) continue;
      await this.append(record);
      restored++;
    }
    return restored;
  }

  has(id: string): boolean {
    return this.table.has(id);
  }

  /** Writes what is waiting (see appendDurableElsewhere), e.g. before a conversation log is deleted. */
  flush(): void {
    this.appender?.writePending();
  }

  async get(id: string): Promise<ExecutionRecord> {
    const slot = this.table.slot(id);
    if (slot === undefined) throw new NotFound(say('agent.recordNotFound', { id }));
    const where = this.table.where(slot);
    if (typeof where === 'string') return JSON.parse(where) as ExecutionRecord;
    const atOffset = where && (await this.readAt(where));
    const record = atOffset?.id === id ? atOffset : await this.scanFor(id);
    if (record?.id !== id) throw new Error(`record ${id} could not be read back from ${this.path}`);
    return withActingIdentity(record);
  }

  /** Newest first. */
  list(filter: RecordFilter = {}): RecordSummary[] {
    return this.table.list(filter);
  }

  count(): number {
    return this.table.size;
  }

  sync(): Promise<void> {
    return this.appender?.sync() ?? Promise.resolve();
  }

  close(): Promise<void> {
    return this.appender?.close() ?? Promise.resolve();
  }

  /** Indexes the record, then writes its line; until the line is written, `get` parses it from memory. */
  private async add(summary: RecordSummary, recordJson: string, soon: boolean): Promise<void> {
    const slot = this.table.addSummary(summary, recordJson);
    const written = slot !== undefined && this.appender?.appendLine(recordJson, { soon });
    const announce = () =>
      this.events?.emit('records.appended', { id: summary.id, conversationId: summary.conversationId });
    if (soon) announce(); // already durable in its conversation's line
    if (slot !== undefined && written) this.table.written(slot, await written);
    if (!soon) announce();
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
