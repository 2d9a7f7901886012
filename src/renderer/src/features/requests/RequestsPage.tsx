import type { ApprovalRequest, ServerRequestView } from '../../../../shared/contract';
import { Empty, Loading, LoadError } from '../../components/QueryState';
import { useRpcQuery } from '../../lib/queries';
import { openConversation } from '../../app/navigation';
import { ApprovalCard } from '../../components/approval-card/ApprovalCard';
import { ServerRequestCard } from '../../components/server-request/ServerRequestCard';
import { usePendingApprovals } from '../../lib/approvals';
import { usePendingRequests } from '../../lib/server-requests';
import './requests.css';

type Waiting = { kind: 'approval'; at: string; approval: ApprovalRequest } | { kind: 'server'; at: string; request: ServerRequestView };

/**
 * Everything waiting for the operator, across conversations, oldest first: approvals of write tools, and what
 * MCP servers ask (questions, sampling requests). Each links to the conversation it came from.
 */
export function RequestsPage() {
  const approvals = usePendingApprovals();
  const requests = usePendingRequests();
  const conversations = useRpcQuery('chat.list', {});
  const titleOf = (id: string) => conversations.data?.find((c) => c.id === id)?.title ?? id;
  const linkTo = (id: string | null) => (id ? { title: titleOf(id), onOpen: () => openConversation(id) } : undefined);
  const failed = approvals.isError ? approvals : requests.isError ? requests : undefined;

  const waiting: Waiting[] = [
    ...(approvals.data ?? []).map((approval): Waiting => ({ kind: 'approval', at: approval.requestedAt, approval })),
    ...(requests.data ?? []).map((request): Waiting => ({ kind: 'server', at: request.requestedAt, request })),
  ].sort((a, b) => a.at.localeCompare(b.at));

  return (
    <section aria-labelledby="requests-title" className="requests-page">
      <h1 id="requests-title">Requests</h1>
      <p className="muted">
        Write tools wait here for approval, and MCP servers' questions and model requests for an answer. Silence is a “no”: an unanswered call is
        rejected, a question cancelled and a sampling request refused when it times out.
      </p>
      {approvals.isPending || requests.isPending ? (
        <Loading>Loading what is waiting…</Loading>
      ) : failed ? (
        <LoadError what="the pending requests" error={failed.error} onRetry={() => void failed.refetch()} />
      ) : waiting.length === 0 ? (
        <Empty>Nothing is waiting.</Empty>
      ) : (
        <ol className="request-list" aria-label="Pending requests, oldest first">
          {waiting.map((entry) =>
            entry.kind === 'approval' ? (
              <li key={entry.approval.id}>
                {/* A run by hand (operator actor) has no conversation to go back to. */}
                <ApprovalCard approval={entry.approval} conversation={entry.approval.actor === 'operator' ? undefined : linkTo(entry.approval.conversationId)} />
              </li>
            ) : (
              <li key={entry.request.id}>
                <ServerRequestCard request={entry.request} conversation={linkTo(entry.request.conversationId)} />
              </li>
            ),
          )}
        </ol>
      )}
    </section>
  );
}
