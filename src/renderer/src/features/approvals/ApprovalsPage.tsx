import { Empty, Loading, LoadError } from '../../components/QueryState';
import { useRpcQuery } from '../../lib/queries';
import { openConversation } from '../../app/navigation';
import { ApprovalCard } from '../../components/approval-card/ApprovalCard';
import { usePendingApprovals } from '../../lib/approvals';
import './approvals.css';

/** Every pending approval across conversations, oldest first. */
export function ApprovalsPage() {
  const approvals = usePendingApprovals();
  const conversations = useRpcQuery('chat.list', {});
  const titleOf = (id: string) => conversations.data?.find((c) => c.id === id)?.title ?? id;

  return (
    <section aria-labelledby="approvals-title" className="approvals-page">
      <h1 id="approvals-title">Approvals</h1>
      <p className="muted">Write tools wait here for a decision. Silence is a “no”: an unanswered call is rejected when it times out.</p>
      {approvals.isPending ? (
        <Loading>Loading pending approvals…</Loading>
      ) : approvals.isError ? (
        <LoadError what="the pending approvals" error={approvals.error} onRetry={() => void approvals.refetch()} />
      ) : approvals.data.length === 0 ? (
        <Empty>No approvals are waiting.</Empty>
      ) : (
        <ol className="approval-list" aria-label="Pending approvals, oldest first">
          {approvals.data.map((approval) => (
            <li key={approval.id}>
              <ApprovalCard
                approval={approval}
                conversation={approval.actor === 'operator' ? undefined : { title: titleOf(approval.conversationId), onOpen: () => openConversation(approval.conversationId) }}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
