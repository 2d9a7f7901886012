import type { ApprovalOutcome } from '../../../src/shared/contract';
import type { ApprovalService, NewApproval } from '../../../src/main/core/agent/approvals';

/** The fields of one write call waiting for approval: cancel_order on the shop, automatic policy. */
export const cancelOrderApproval = {
  conversationId: 'c1',
  turnId: 't1',
  callId: 'k1',
  toolName: 'cancel_order',
  server: 'shop',
  nodeId: 'n1',
  arguments: {},
  argumentsHash: 'h',
  hints: {},
  policy: 'auto',
} as const satisfies NewApproval;

/** Opens `cancelOrderApproval` on the service: its id (known at once) and the outcome the operator will settle. */
export function openApproval(service: ApprovalService): { id: string; outcome: Promise<ApprovalOutcome> } {
  let id = '';
  const outcome = service.request(cancelOrderApproval, new AbortController().signal, (request) => (id = request.id));
  return { id, outcome };
}
