import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExecutionRecord, RecordSummary } from '../../../shared/contract';
import { RpcFailure } from '../../../shared/contract';
import type { EventSink } from '../events';
import { JsonlAppender, readJsonLines } from './jsonl-file';

export interface RecordFilter {
  tool?: string;
  server?: string;
  status?: ExecutionRecord['status'];
  conversationId?: string;
  limit?: number;
}

/** Execution records: appended once per call, kept in memory for the console, persisted as JSON lines. */
export class RecordsStore {
  private readonly records: ExecutionRecord[] = [];
  private readonly byId = new Map<string, ExecutionRecord>();
  private appender: JsonlAppender | undefined;

  constructor(
    private readonly dir: string,
    private readonly events?: EventSink,
  ) {}

  async open(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const path = join(this.dir, 'records.jsonl');
    for (const record of await readJsonLines<ExecutionRecord>(path)) this.index(record);
    this.appender = new JsonlAppender(path);
  }

  async append(record: ExecutionRecord): Promise<void> {
    this.index(record);
    await this.appender?.append(record);
    this.events?.emit('records.appended', { id: record.id, conversationId: record.conversationId });
  }

  get(id: string): ExecutionRecord {
    const record = this.byId.get(id);
    if (!record) throw new RpcFailure('not_found', `no record ${id}`);
    return record;
  }

  /** Newest first. */
  list(filter: RecordFilter = {}): RecordSummary[] {
    const out: RecordSummary[] = [];
    const limit = filter.limit ?? 500;
    for (let i = this.records.length - 1; i >= 0 && out.length < limit; i--) {
      const r = this.records[i];
      if (filter.tool && r.tool !== filter.tool) continue;
      if (filter.server && r.server !== filter.server) continue;
      if (filter.status && r.status !== filter.status) continue;
      if (filter.conversationId && r.conversationId !== filter.conversationId) continue;
      const { result: _result, ...summary } = r;
      out.push(summary);
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

  private index(record: ExecutionRecord): void {
    if (this.byId.has(record.id)) return;
    this.records.push(record);
    this.byId.set(record.id, record);
  }
}
