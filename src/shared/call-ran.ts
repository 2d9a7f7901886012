/** What tells whether a call reached its tool: its status, the approval decision (a record) or its sentence (a chat item). */
export interface CallOutcome {
  status: string;
  approval?: { decision: string } | null;
  message?: { code: string } | null;
}

const APPROVED = new Set(['approve', 'approve_conversation', 'remembered']);

/**
 * False for a call that never ran (rejected, blocked, stopped before it was approved): such a call has no run
 * duration to show, only, at most, the time it waited for a decision.
 */
export function callRan(call: CallOutcome): boolean {
  if (call.status === 'rejected' || call.status === 'blocked') return false;
  if (call.status !== 'stopped') return true;
  if (call.message?.code === 'call.stoppedBeforeApproval') return false;
  return !call.approval || APPROVED.has(call.approval.decision);
}
