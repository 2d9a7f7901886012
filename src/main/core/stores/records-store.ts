import { open, stat } from 'node:fs/promises';
import { makePrivateDir } from '../private-files';
import { join } from 'node:path';
import type { ExecutionRecord, RecordSummary, RecordsIndexStatus } from '../../../shared/contract';
import type { EventSink } from '../events';
import { JsonlAppender, type LineLocation } from './jsonl-file';
import { forEachJsonLine } from './jsonl-reader';
import { readRecordsIndex, type IndexReadOptions } from './records-index';
import { readRecordsTail } from './records-tail';
import { RecordTable, type RecordFilter } from './records-table';
import { summaryOf } from './records-summary';
import { withActingIdentity } from './legacy-identity';
import { NotFound } from '../errors';
import { errorText } from '../../../shared/error-text';
import { say } from '../../../shared/messages';

export type { RecordFilter };

/**
 * How long a record that is already durable in its conversation's log may wait for records.jsonl: one
 * write per batch instead of one per call (a write per call cost more than the rest of the proxy).
 */
const RECORDS_BATCH_MS = 100;
/** A records.jsonl larger than this is indexed in the background; its last this-many bytes are listed meanwhile. */
const TAIL_BYTES = 1 << 20;
/** How often, at most, the index's progress is announced while it fills. */
const PROGRESS_EVERY_MS = 250;

export interface RecordsStoreOptions extends IndexReadOptions {
  /** Files at least this large are served from their tail while the index fills (default 1 MiB; tests: smaller). */
  tailBytes?: number;
}

/** Execution records: appended once per call, summaries kept in memory for the console, persisted as JSON lines. */
export class RecordsStore {
  /**
   * In memory a record is its summary and where its line is; the result (up to 1 MiB) is read back on `get`.
   * Keeping every result resident made the heap, and the GC work per call, grow with every call. A record whose
   * line is not (yet) written keeps that line here until it is.
   */
  private readonly table = new RecordTable();
  /** What records.jsonl held at open, filled in the background for a large file (see `open`). */
  private readonly indexed = new RecordTable();
  /** The file's last records, listed while `indexed` fills; dropped once it is full. */
  private tail: RecordTable | undefined;
  private status: RecordsIndexStatus = { loaded: 0, total: 0, done: true };
  private indexing: Promise<void> = Promise.resolve();
  private readonly stopIndexing = new AbortController();
  private readonly path: string;
  private appender: JsonlAppender | undefined;

  constructor(
    private readonly dir: string,
    private readonly events?: EventSink,
    /** How the index is read at open (tests: force or refuse the worker, a smaller tail). */
    private readonly indexOptions: RecordsStoreOptions = {},
  ) {
    this.path = join(dir, 'records.jsonl');
  }

  /**
   * A small records.jsonl is indexed before this resolves. A large one is indexed in the background (a worker, or
   * slices: at 100,000 records the index takes seconds): this resolves once its last records are read, so the
   * console serves the first Records page at once; `indexStatus()` and `records.indexProgressed` say how far the
   * rest is, and `whenIndexed()` resolves when it is all in. Records appended meanwhile are kept apart (newest first
   * either way), and the index stops where the file ended at open.
   */
  async open(): Promise<void> {
    await makePrivateDir(this.dir);
    const size = await stat(this.path).then(
      (s) => s.size,
      () => 0,
    );
    const tailBytes = this.indexOptions.tailBytes ?? TAIL_BYTES;
    const options = { ...this.indexOptions, end: size, signal: this.stopIndexing.signal };
    if (size <= tailBytes) {
      await readRecordsIndex(this.path, this.indexed, options);
      this.status = { loaded: this.indexed.size, total: this.indexed.size, done: true };
    } else {
      this.tail = await readRecordsTail(this.path, size, tailBytes);
      // Until the index is read, its size is estimated from the tail's records per byte.
      const perRecord = tailBytes / Math.max(1, this.tail.size);
      this.status = { loaded: 0, total: Math.round(size / perRecord), done: false };
      this.indexing = this.fill(options, size).catch((error: unknown) =>
        this.indexOptions.log?.(`records index: ${this.path} could not be read to the end (${errorText(error)})`),
      );
    }
    this.appender = new JsonlAppender(this.path, RECORDS_BATCH_MS);
  }

  /** How much of records.jsonl is indexed (the Records page says "loading N of M" until it is all in). */
  indexStatus(): RecordsIndexStatus {
    return { ...this.status };
  }

  /** Closed: the index stopped where it was, and nothing more is written. */
  get closed(): boolean {
    return this.stopIndexing.signal.aborted;
  }

  /** Resolves once every record of the file is indexed (at once for a small file). */
  whenIndexed(): Promise<void> {
    return this.indexing;
  }

  private async fill(options: IndexReadOptions, size: number): Promise<void> {
    let announced = 0;
    const progress = (bytesRead: number) => {
      const loaded = this.indexed.size;
      // The rest estimated at the rate read so far.
      const total = Math.max(loaded, Math.round((loaded * size) / Math.max(1, bytesRead)));
      this.status = { loaded, total, done: false };
      if (performance.now() - announced < PROGRESS_EVERY_MS) return;
      announced = performance.now();
      this.events?.emit('records.indexProgressed', this.indexStatus());
    };
    try {
      await readRecordsIndex(this.path, this.indexed, { ...options, onProgress: progress });
    } finally {
      this.tail = undefined;
      this.status = { loaded: this.indexed.size, total: this.indexed.size, done: true };
      if (!this.stopIndexing.signal.aborted) this.events?.emit('records.indexProgressed', this.indexStatus());
    }
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
  appendDurableElsewhere(summary: RecordSummary, recordBytes: Uint8Array): void {
    void this.add(summary, recordBytes, true).catch(() => undefined);
  }

  /** At start-up: records a crash kept only in a conversation log are appended here. Returns how many. Call it once the index is full (`whenIndexed`). */
  async restore(records: Iterable<ExecutionRecord>): Promise<number> {
    let restored = 0;
    for (const record of records) {
      if (this.has(record.id)) continue;
      await this.append(record);
      restored++;
    }
    return restored;
  }

  /** Whether the record is known: appended since open or indexed (while the index fills, only its tail is known). */
  has(id: string): boolean {
    return this.table.has(id) || this.indexed.has(id) || (this.tail?.has(id) ?? false);
  }

  /** As `has`, but undefined while the index fills and the record is not among what is read yet. */
  knows(id: string): boolean | undefined {
    return this.has(id) || (this.status.done ? false : undefined);
  }

  /** Writes what is waiting (see appendDurableElsewhere), e.g. before a conversation log is deleted. */
  flush(): void {
    this.appender?.writePending();
  }

  async get(id: string): Promise<ExecutionRecord> {
    if (!this.has(id) && !this.status.done) await this.indexing;
    const table = [this.table, this.indexed, this.tail].find((t) => t?.has(id));
    const slot = table?.slot(id);
    if (table === undefined || slot === undefined) throw new NotFound(say('agent.recordNotFound', { id }));
    const where = table.where(slot);
    if (typeof where === 'string') return JSON.parse(where) as ExecutionRecord;
    const atOffset = where && (await this.readAt(where));
    const record = atOffset?.id === id ? atOffset : await this.scanFor(id);
    if (record?.id !== id) throw new Error(`record ${id} could not be read back from ${this.path}`);
    return withActingIdentity(record);
  }

  /** Newest first: those appended since open, then the file's (only its tail while the index fills). */
  list(filter: RecordFilter = {}): RecordSummary[] {
    const limit = filter.limit ?? 500;
    const recent = this.table.list({ ...filter, limit });
    if (recent.length >= limit) return recent;
    const older = (this.tail ?? this.indexed).list({ ...filter, limit: limit - recent.length });
    return recent.length ? recent.concat(older) : older;
  }

  count(): number {
    return this.table.size + (this.tail ? this.status.total : this.indexed.size);
  }

  sync(): Promise<void> {
    return this.appender?.sync() ?? Promise.resolve();
  }

  async close(): Promise<void> {
    this.stopIndexing.abort();
    await this.indexing.catch(() => undefined);
    await this.appender?.close();
  }

  /**
   * Indexes the record, then writes its line; until the line is written, `get` parses it from memory. `line`: the
   * record's JSON, as text or already UTF-8 encoded.
   */
  private async add(summary: RecordSummary, line: string | Uint8Array, soon: boolean): Promise<void> {
    const slot = this.table.addSummary(summary, line);
    const written = slot !== undefined && this.appender?.appendLine(typeof line === 'string' ? line : [line], { soon });
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
  return `${recordHead(summary)}${resultJson}}`;
}

/** serializeRecord's line, UTF-8 encoded part by part into one buffer (no joined string is made to be encoded). */
export function encodeRecord(summary: RecordSummary, resultJson: string): Buffer {
  const head = recordHead(summary);
  const headBytes = Buffer.byteLength(head);
  const bytes = Buffer.allocUnsafe(headBytes + Buffer.byteLength(resultJson) + 1);
  const end = headBytes + bytes.write(resultJson, headBytes);
  bytes.write(head, 0);
  bytes[end] = 0x7d; // }
  return bytes;
}

const recordHead = (summary: RecordSummary) => `${JSON.stringify(summary).slice(0, -1)},"result":`;
