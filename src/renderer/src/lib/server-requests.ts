import type { ServerRequestView } from '../../../shared/contract';
import { usePendingApprovals } from './approvals';
import { useRpcQuery } from './queries';

/**
 * What servers are asking the operator (questions, sampling), oldest first. The requests.* events carry the
 * request itself and are applied to this query's cache (lib/invalidation.ts, APPLIED_BY), so a new or changed request
 * shows without a round trip.
 */
export function usePendingRequests() {
  return useRpcQuery('requests.list', {});
}

export function requestsOf(requests: ServerRequestView[] | undefined, conversationId: string): ServerRequestView[] {
  return (requests ?? []).filter((request) => request.conversationId === conversationId);
}

/** The requests a tool card shows beneath it: those its call caused. */
export function requestsForCall(
  requests: readonly ServerRequestView[],
  turnId: string,
  callId: string,
): ServerRequestView[] {
  return requests.filter((request) => request.callId === callId && request.turnId === turnId);
}

/** For the Requests nav badge: approvals plus servers' questions and sampling requests, read from the live queries. */
export function usePendingCount(): number {
  return (usePendingApprovals().data?.length ?? 0) + (usePendingRequests().data?.length ?? 0);
}
