import { randomUUID } from 'node:crypto';
import type { ApprovalOutcome, ApprovalRequest } from '../../../shared/contract';
import { Invalid } from '../errors';
import type { EventSink } from '../events';
import { say } from '../../../shared/messages';
import type { UiMessage } from '../../../shared/i18n-message';

type Decision = ApprovalOutcome['decision'];

interface Pending {
  request: ApprovalRequest;
  /** Date.now() at which silence becomes a "no"; an answer from then on is too late, whatever the timer did. */
  deadline: number;
  expire: () => void;
  /** `reason` is the operator's note (a string) or main's own words (a message, its English stored as `reason`). */
  settle: (decision: Decision, decidedBy: string, reason?: string | UiMessage) => void;
}

export type NewApproval = Omit<ApprovalRequest, 'id' | 'requestedAt' | 'expiresAt'>;

/** Pending approvals across conversations. Silence is a "no": a timeout resolves as a rejection. */
export class ApprovalService {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly events: EventSink,
    private readonly timeoutMs: () => number,
  ) {}

  /** Opens an approval and waits for the operator, the timeout, or the signal (Stop). */
  request(
    fields: NewApproval,
    signal: AbortSignal,
    onOpened?: (request: ApprovalRequest) => void,
  ): Promise<ApprovalOutcome> {
    const now = Date.now();
    const timeout = this.timeoutMs();
    const request: ApprovalRequest = {
      ...fields,
      id: `ap_${randomUUID().slice(0, 12)}`,
      requestedAt: new Date(now).toISOString(),
      expiresAt: new Date(now + timeout).toISOString(),
    };
    return new Promise((resolve) => {
      const onAbort = () => settle('cancelled', 'system', say('approval.turnStopped'));
      const deadline = now + timeout;
      const expire = () =>
        settle('timeout', 'system', say('approval.noDecisionWithin', { seconds: Math.round(timeout / 1000) }));
      const timer = setTimeout(expire, timeout);
      const settle = (decision: Decision, decidedBy: string, reason?: string | UiMessage) => {
        if (!this.pending.delete(request.id)) return;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        const outcome: ApprovalOutcome = {
          approvalId: request.id,
          decision,
          reason: typeof reason === 'string' ? reason : reason?.text,
          ...(typeof reason === 'object' && { reasonMessage: reason }),
          decidedBy,
          decidedAt: new Date().toISOString(),
          argumentsHash: request.argumentsHash,
        };
        this.events.emit('approvals.resolved', { id: request.id, conversationId: request.conversationId, outcome });
        resolve(outcome);
      };
      this.pending.set(request.id, { request, deadline, expire, settle });
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      onOpened?.(request);
      this.events.emit('approvals.requested', request);
    });
  }

  resolve(
    id: string,
    decision: 'approve' | 'reject' | 'approve_conversation',
    reason?: string,
    decidedBy = 'operator',
  ): boolean {
    const entry = this.pending.get(id);
    if (!entry) return false;
    // The timer is not the judge of lateness: after a stall Node runs overdue timers list by list (one list
    // per duration), so an answer timed after the deadline could run before the timeout did.
    if (Date.now() >= entry.deadline) {
      entry.expire();
      return false;
    }
    if (decision === 'approve_conversation' && entry.request.policy === 'always')
      throw new Invalid(say('approval.confirmAlways', { tool: entry.request.toolName }));
    entry.settle(decision, decidedBy, reason);
    return true;
  }

  /** Oldest first. */
  list(): ApprovalRequest[] {
    return [...this.pending.values()].map((p) => p.request).sort((a, b) => a.requestedAt.localeCompare(b.requestedAt));
  }

  /** On shutdown every pending approval is cancelled, never left to approve itself. */
  close(): void {
    for (const entry of [...this.pending.values()]) entry.settle('cancelled', 'system', say('approval.shuttingDown'));
  }
}
