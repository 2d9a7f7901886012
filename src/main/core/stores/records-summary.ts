import type { ExecutionRecord, RecordSummary } from '../../../shared/contract';
import { withActingIdentity } from './legacy-identity';

/** A record without its result (up to 1 MiB): what the records index keeps in memory. */
export function summaryOf(record: ExecutionRecord): RecordSummary {
  const { result: _result, ...summary } = withActingIdentity(record);
  return summary;
}
