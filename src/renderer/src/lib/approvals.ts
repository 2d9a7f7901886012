import type { ApprovalRequest } from '../../../shared/contract';
import { useRpcQuery } from './queries';

/** Every pending approval, oldest first (main's order). Refreshed by approvals.requested / approvals.resolved. */
export function usePendingApprovals() {
  return useRpcQuery('approvals.list', {});
}

export function approvalsOf(approvals: ApprovalRequest[] | undefined, conversationId: string): ApprovalRequest[] {
  return (approvals ?? []).filter((approval) => approval.conversationId === conversationId);
}

/** What an app of this server is waiting for: the approvals its own tools/call asked (actor `app`). */
export function approvalsOfApp(approvals: ApprovalRequest[] | undefined, server: string): ApprovalRequest[] {
  return (approvals ?? []).filter(
    (approval) => (approval.actor as string | undefined) === 'app' && approval.server === server,
  );
}
