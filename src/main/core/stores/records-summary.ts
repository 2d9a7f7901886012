import type { ExecutionRecord, RecordSummary } from '../../../shared/contract';

/** A record without its result (up to 1 MiB): what the records index keeps in memory. */
export function summaryOf(record: ExecutionRecord): RecordSummary {
  const { result: _result, ...summary } = record;
  return summary;
}
