import type { ApprovalDecision, ApprovalRequest } from '../../../shared/contract';
import { say } from '../../../shared/messages';
import type { AgentRuntime } from '../agent/runtime';
import { Invalid, NotFound } from '../errors';

/** The operator's answer to an approval, typed: a reject always carries its reason (kept in the record, told to the model). */
export type ApprovalAnswer =
  { decision: 'approve' | 'approve_conversation'; reason?: string } | { decision: 'reject'; reason: string };

/** A form's answer (the reason optional, maybe blank) as a typed one; a reject without a reason is refused. */
export function approvalAnswer(decision: ApprovalDecision, reason?: string): ApprovalAnswer {
  const note = reason?.trim() ? reason : undefined;
  if (decision === 'reject') {
    if (note === undefined) throw new Invalid(say('approval.rejectNeedsReason'));
    return { decision, reason: note };
  }
  return note === undefined ? { decision } : { decision, reason: note };
}

/** The approvals waiting for the operator, and the operator's answers to them. */
export class ApprovalsService {
  constructor(private readonly approvals: AgentRuntime['approvals']) {}

  /** Oldest first. */
  list(): ApprovalRequest[] {
    return this.approvals.list();
  }

  /**
   * Answers a pending approval; one that is no longer pending (answered, expired, unknown) is not found. `decidedBy`
   * is kept in the record: the console's operator by default, the CLI names itself.
   */
  answer(id: string, answer: ApprovalAnswer, decidedBy = 'operator'): { resolved: true } {
    if (!this.approvals.resolve(id, answer.decision, answer.reason, decidedBy))
      throw new NotFound(say('approval.notPending', { id }));
    return { resolved: true };
  }
}
