import { useState } from 'react';
import type { ApprovalDecision, ApprovalRequest } from '../../../../shared/contract';
import { JsonBlock } from '../JsonBlock';
import { formatTime } from '../../lib/format';
import { useRpcMutation } from '../../lib/queries';
import { ConversationFact, Expiry } from '../PendingFacts';
import { ApprovalHints } from './ApprovalHints';
import { RejectForm } from './RejectForm';
import './approval-card.css';
import { Trans, useTranslation } from 'react-i18next';
import { ActionFailure } from '../ActionFailure';

interface Props {
  approval: ApprovalRequest;
  /** On the Requests page: which conversation, with a way to open it. */
  conversation?: { title: string; onOpen: () => void };
}

/** One pending confirmation: what will run, where, with which arguments; approve, reject with a reason, or approve for the conversation. */
export function ApprovalCard({ approval, conversation }: Props) {
  const { t } = useTranslation('common');
  const titleId = `approval-${approval.id}-title`;
  return (
    <article
      className="approval-card"
      aria-labelledby={titleId}
      data-testid="approval-card"
      data-tool={approval.toolName}
    >
      <ApprovalHead approval={approval} titleId={titleId} />
      <ApprovalFacts approval={approval} conversation={conversation} />
      <ApprovalHints hints={approval.hints} policy={approval.policy} />
      <JsonBlock value={approval.arguments} label={t('approvalCard.argumentsOf', { toolName: approval.toolName })} />
      <ApprovalAnswer approval={approval} />
    </article>
  );
}

function ApprovalHead({ approval, titleId }: { approval: ApprovalRequest; titleId: string }) {
  const { t } = useTranslation('common');
  return (
    <header className="approval-head">
      <h3 id={titleId}>
        <Trans
          t={t}
          i18nKey="approvalCard.approveTool"
          values={{ toolName: approval.toolName }}
          components={{ code: <code /> }}
        />
      </h3>
      <Expiry
        expiresAt={approval.expiresAt}
        action={t('approvalCard.autoReject')}
        outcome={t('approvalCard.rejected')}
      />
    </header>
  );
}

/** Where the call runs, for whom, and when it was asked. */
function ApprovalFacts({ approval, conversation }: Props) {
  const { t } = useTranslation('common');
  return (
    <dl className="facts compact">
      <dt>{t('approvalCard.server')}</dt>
      <dd>{approval.server ?? t('shared.local')}</dd>
      <dt>{t('approvalCard.intentNode')}</dt>
      <dd>{approval.nodeId ?? '—'}</dd>
      {approval.actingIdentity && (
        <>
          <dt>{t('approvalCard.actingAs')}</dt>
          <dd data-testid="approval-identity">
            {t('approvalCard.identity', { actingIdentity: approval.actingIdentity })}
          </dd>
        </>
      )}
      <ConversationFact conversation={conversation} />
      <dt>{t('approvalCard.requested')}</dt>
      <dd>{formatTime(approval.requestedAt)}</dd>
    </dl>
  );
}

/** The operator's answer: approve, approve for the conversation, or reject with a reason; then whether it was recorded. */
function ApprovalAnswer({ approval }: { approval: ApprovalRequest }) {
  const { t } = useTranslation('common');
  const resolve = useRpcMutation('approvals.resolve'); // approvals.resolved and tool.progressed carry the outcome
  const [rejecting, setRejecting] = useState(false);
  const decide = (decision: ApprovalDecision, reason?: string) =>
    resolve.mutate({ id: approval.id, decision, ...(reason ? { reason } : {}) });
  return (
    <>
      {rejecting ? (
        <RejectForm
          busy={resolve.isPending}
          onReject={(reason) => decide('reject', reason)}
          onCancel={() => setRejecting(false)}
        />
      ) : (
        <div className="actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={resolve.isPending}
            onClick={() => decide('approve')}
          >
            {t('approvalCard.approve')}
          </button>
          {approval.policy !== 'always' && approval.actor !== 'operator' && (
            // `always` asks at every call, whatever its arguments: there is nothing to remember; a run by hand has no conversation.
            <button
              type="button"
              className="btn"
              disabled={resolve.isPending}
              onClick={() => decide('approve_conversation')}
            >
              {t('approvalCard.approveForThisConversation')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-danger"
            disabled={resolve.isPending}
            onClick={() => setRejecting(true)}
          >
            {t('approvalCard.reject')}
          </button>
        </div>
      )}
      {resolve.isPending && <p role="status">{t('approvalCard.sendingYourDecision')}</p>}
      <ActionFailure action={resolve} say={(reason) => t('approvalCard.notRecorded', { errorMessage: reason })} />
    </>
  );
}
