import type { RecordSummary } from '../../../../shared/contract';
import { callRan } from '../../../../shared/call-ran';

export interface DurationSplit {
  /** From the call's start to the operator's (or the timeout's) decision; 0 when no confirmation was asked. */
  waitingMs: number;
  /** The rest: the call itself; null for a call that never ran (rejected, blocked, stopped before approval). */
  executingMs: number | null;
}

/**
 * A record's duration, split at its approval decision. Derived from the record (startedAt, approval.decidedAt,
 * durationMs) so records written before the split read the same way.
 */
export function splitDuration(
  record: Pick<RecordSummary, 'startedAt' | 'durationMs' | 'approval'> &
    Partial<Pick<RecordSummary, 'status' | 'message'>>,
): DurationSplit {
  const total = Math.max(0, record.durationMs);
  const ran =
    record.status === undefined ||
    callRan({ status: record.status, approval: record.approval, message: record.message });
  if (!record.approval) return { waitingMs: 0, executingMs: ran ? total : null };
  const waited = Date.parse(record.approval.decidedAt) - Date.parse(record.startedAt);
  const waitingMs = Number.isFinite(waited) ? Math.min(total, Math.max(0, waited)) : 0;
  return { waitingMs, executingMs: ran ? total - waitingMs : null };
}
