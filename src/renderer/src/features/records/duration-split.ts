import type { RecordSummary } from '../../../../shared/contract';

export interface DurationSplit {
  /** From the call's start to the operator's (or the timeout's) decision; 0 when no confirmation was asked. */
  waitingMs: number;
  /** The rest: the call itself (for a refused call, only the refusal's bookkeeping). */
  executingMs: number;
}

/**
 * A record's duration, split at its approval decision. Derived from the record (startedAt, approval.decidedAt,
 * durationMs) so records written before the split read the same way.
 */
export function splitDuration(record: Pick<RecordSummary, 'startedAt' | 'durationMs' | 'approval'>): DurationSplit {
  const total = Math.max(0, record.durationMs);
  if (!record.approval) return { waitingMs: 0, executingMs: total };
  const waited = Date.parse(record.approval.decidedAt) - Date.parse(record.startedAt);
  const waitingMs = Number.isFinite(waited) ? Math.min(total, Math.max(0, waited)) : 0;
  return { waitingMs, executingMs: total - waitingMs };
}
