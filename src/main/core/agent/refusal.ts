import type { ApprovalOutcome } from '../../../shared/contract';
import type { UiMessage } from '../../../shared/i18n-message';
import { say } from '../../../shared/messages';

/**
 * How every refused call's tool message begins. A model (the demo's included) reads it to tell a refusal from the
 * tool's own error, which it may quote: the tool's error is written for the user, the operator's note is not.
 */
export const REFUSED_CALL_PREFIX = 'Not run: the operator did not approve this call';

/**
 * What the model reads when the operator rejects a call, or nobody approves it in time. The operator's reason is
 * there so the agent can act on it (stop asking, suggest another way), and is marked as internal: the user
 * hears, in their own language, that the request was not carried out, never the operator's words.
 */
export function refusedCallText(approval: Pick<ApprovalOutcome, 'decision' | 'reason'>): string {
  const how =
    approval.decision === 'reject'
      ? 'rejected'
      : approval.decision === 'timeout' || approval.decision === 'expired'
        ? 'nobody approved it in time'
        : approval.decision;
  const note = approval.reason?.trim()
    ? ` The operator's note is for you, the agent, not for the user: "${approval.reason.trim()}". Do not quote, translate or paraphrase it to the user.`
    : '';
  return (
    `${REFUSED_CALL_PREFIX} (${how}); nothing changed.${note} ` +
    "Tell the user, in the user's own language, that this request was not carried out for now and what they can do next " +
    '(for example, that a colleague will review it); do not call this tool again for the same request in this turn.'
  );
}

export const isRefusedCallText = (text: string): boolean => text.startsWith(REFUSED_CALL_PREFIX);

/** The console's sentence for the same refusal (the card, the record): no instructions to the agent, the note verbatim. */
export function refusalMessage(approval: Pick<ApprovalOutcome, 'decision' | 'reason' | 'reasonMessage'>): UiMessage {
  const reason = approval.reason?.trim();
  // A run's automatic approver rejected it (preview, a test run): no operator, and main's reason is translated.
  if (approval.decision === 'reject' && approval.reasonMessage)
    return say('call.rejectedAutomatically', { reason: approval.reasonMessage });
  if (approval.decision === 'reject') return reason ? say('call.rejectedWithNote', { reason }) : say('call.rejected');
  if (approval.decision === 'timeout') return say('call.approvalTimedOut');
  if (approval.decision === 'expired') return say('call.approvalExpired');
  return say('call.notApproved', { decision: approval.decision });
}
