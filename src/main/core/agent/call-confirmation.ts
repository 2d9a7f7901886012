import type { ApprovalOutcome } from '../../../shared/contract';
import type { ToolBinding } from '../../../shared/catalog';
import { say } from '../../../shared/messages';
import { traceApprovalWait } from '../telemetry/agent-spans';
import { argumentsHash } from './arguments-hash';
import type { CallRun, Verdict } from './call-run';
import type { ToolItem } from './conversation';
import { refusalMessage, refusedCallText } from './refusal';
import type { Approver, ProxyMode } from './tool-proxy';

/**
 * The node's policy: `auto` asks unless the binding is read-only, which comes from the receiving server's pin and
 * what the operator accepted for the toolId, never from the live claim alone (a missing hint is a write).
 */
export function needsConfirmation(binding: Pick<ToolBinding, 'confirm' | 'readOnly'>): boolean {
  return binding.confirm === 'always' || (binding.confirm === 'auto' && !binding.readOnly);
}

/** What asking the operator needs from the proxy. */
export interface ConfirmationDeps {
  approvals: Approver;
  mode?: ProxyMode;
  /** Writes the call's item and shows it (the card turns to "awaiting approval"). */
  progress(item: ToolItem): Promise<void>;
}

/**
 * The operator's decision on a call that needsConfirmation: remembered for this conversation, or asked (the call's
 * `running` line first, so a crash while the card waits still finds the call). The decision is logged, and an
 * "approve for this conversation" remembered per tool and server.
 */
export async function confirmCall(
  run: CallRun,
  binding: ToolBinding,
  deps: ConfirmationDeps,
): Promise<ApprovalOutcome> {
  const { call, ctx, asked } = run;
  const hints = binding.definition.annotations ?? {};
  const hash = argumentsHash(call.arguments);
  // Remembered per tool *and server*: an approval given for the shop's cancel_order says nothing about another
  // server's, even after an operator accepted that the binding moved there.
  const remembered = `${call.name}@${binding.server}`;
  // `always` means every call is asked, whatever an earlier answer in this conversation was.
  if (binding.confirm !== 'always' && ctx.conversation.approvedForConversation.includes(remembered))
    return (asked.approval = {
      approvalId: 'remembered',
      decision: 'remembered',
      decidedBy: 'operator (approved for this conversation)',
      decidedAt: new Date().toISOString(),
      argumentsHash: hash,
    });

  run.running.now(); // before the approval card: a crash while it waits finds the call
  const { mode } = deps;
  const outcome = await traceApprovalWait(call, () =>
    deps.approvals.request(
      {
        conversationId: ctx.conversation.id,
        turnId: ctx.turnId,
        callId: call.id,
        toolName: call.name,
        server: binding.server,
        nodeId: binding.nodes[0] ?? null,
        arguments: call.arguments,
        argumentsHash: hash,
        // A server claiming read-only for a toolId the operator accepted as a write is asked about as a write, and shown as one.
        hints: {
          readOnlyHint: binding.readOnly ? true : hints.readOnlyHint === true ? false : hints.readOnlyHint,
          destructiveHint: hints.destructiveHint,
          idempotentHint: hints.idempotentHint,
        },
        policy: binding.confirm,
        actingIdentity: ctx.conversation.actingIdentity,
        ...((mode?.actor === 'operator' || mode?.actor === 'app') && { actor: mode.actor }),
        ...(mode?.app && { app: mode.app }),
      },
      ctx.signal,
      (request) => {
        void ctx.conversation.write({ t: 'approvalRequested', request });
        void deps.progress({ ...run.item, status: 'awaiting_approval', approvalId: request.id });
      },
    ),
  );
  asked.approval = outcome;
  await ctx.conversation.write({ t: 'approvalResolved', id: outcome.approvalId, outcome });
  if (
    outcome.decision === 'approve_conversation' &&
    binding.confirm !== 'always' &&
    !ctx.conversation.approvedForConversation.includes(remembered)
  )
    await ctx.conversation.write({ t: 'approved', tools: [...ctx.conversation.approvedForConversation, remembered] });
  return outcome;
}

/** The operator's answer, when it does not let the call run: what the model reads. Undefined: the call runs. */
export function notApprovedVerdict(approval: ApprovalOutcome): Verdict | undefined {
  if (['approve', 'approve_conversation', 'remembered'].includes(approval.decision)) return undefined;
  const stopped = approval.decision === 'cancelled';
  return {
    status: stopped ? 'stopped' : 'rejected',
    modelText: stopped
      ? 'The operator stopped this call before it was approved; it did not run.'
      : refusedCallText(approval),
    message: stopped ? say('call.stoppedBeforeApproval') : refusalMessage(approval),
    approval,
  };
}
