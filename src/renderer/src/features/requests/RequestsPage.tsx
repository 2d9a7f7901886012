import type { ApprovalRequest, ServerRequestView } from '../../../../shared/contract';
import { Empty, Loading, LoadError } from '../../components/QueryState';
import { useRpcQuery } from '../../lib/queries';
import { openConversation } from '../../app/navigation';
import { ApprovalCard } from '../../components/approval-card/ApprovalCard';
import { ServerRequestCard } from '../../components/server-request/ServerRequestCard';
import { usePendingApprovals } from '../../lib/approvals';
import { usePendingRequests } from '../../lib/server-requests';
import './requests.css';
import { useTranslation } from 'react-i18next';

type Waiting =
  | { kind: 'approval'; at: string; approval: ApprovalRequest }
  | { kind: 'server'; at: string; request: ServerRequestView };

/**
 * Everything waiting for the operator, across conversations, oldest first: approvals of write tools, and what
 * MCP servers ask (questions, sampling requests). Each links to the conversation it came from.
 */
export function RequestsPage() {
  const { t } = useTranslation('requests');
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
      <h1 id="requests-title">{t('requestsPage.requests')}</h1>
      <p className="muted">{t('requestsPage.writeToolsWaitHere')}</p>
      {approvals.isPending || requests.isPending ? (
        <Loading>{t('requestsPage.loadingWhatIsWaiting')}</Loading>
      ) : failed ? (
        <LoadError
          what={t('requestsPage.thePendingRequests')}
          error={failed.error}
          onRetry={() => void failed.refetch()}
        />
      ) : waiting.length === 0 ? (
        <Empty>{t('requestsPage.nothingIsWaiting')}</Empty>
      ) : (
        <>
          <h2 id="requests-waiting" className="small-heading">
            {t('requestsPage.pendingRequestsOldestFirst')}
          </h2>
          <ol className="request-list" aria-labelledby="requests-waiting">
            {waiting.map((entry) =>
              entry.kind === 'approval' ? (
                <li key={entry.approval.id}>
                  {/* A run by hand (operator actor) has no conversation to go back to. */}
                  <ApprovalCard
                    approval={entry.approval}
                    conversation={
                      entry.approval.actor === 'operator' ? undefined : linkTo(entry.approval.conversationId)
                    }
                  />
                </li>
              ) : (
                <li key={entry.request.id}>
                  <ServerRequestCard request={entry.request} conversation={linkTo(entry.request.conversationId)} />
                </li>
              ),
            )}
          </ol>
        </>
      )}
    </section>
  );
}
