import type { Conversation } from '../../../../shared/contract';
import { Loading, LoadError } from '../../components/QueryState';
import { useRpcQuery } from '../../lib/queries';
import { RpcClientError } from '../../lib/rpc/types';
import { approvalsOf, usePendingApprovals } from '../../lib/approvals';
import { requestsOf, usePendingRequests } from '../../lib/server-requests';
import { useChatUiStore } from './chat-ui-store';
import { Composer } from './Composer';
import { ConversationWorkbench } from './ConversationWorkbench';
import { DeleteConversation } from './DeleteConversation';
import { RenameConversation } from './RenameConversation';
import { useChatStreamStore } from './stream-store';
import { Transcript } from './Transcript';
import { Trans, useTranslation } from 'react-i18next';
import { modelLabelText } from '../../lib/i18n/model-label';

/** The selected conversation: header with Delete, the transcript, the composer (with Stop while a turn runs). */
export function ConversationPane({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('chat');
  const conversation = useRpcQuery('chat.get', { conversationId });
  const approvals = usePendingApprovals();
  const requests = usePendingRequests();
  const select = useChatUiStore((s) => s.select);

  if (conversation.isPending) return <Loading>{t('conversationPane.loadingTheConversation')}</Loading>;
  if (conversation.isError) {
    if (conversation.error instanceof RpcClientError && conversation.error.code === 'not_found')
      return (
        <div className="state-error" role="alert">
          <Trans
            t={t}
            i18nKey="conversationPane.thisConversationNoLonger"
            components={{ button: <button type="button" className="btn" onClick={() => select(null)} /> }}
          />
        </div>
      );
    return (
      <LoadError
        what={t('conversationPane.theConversation')}
        error={conversation.error}
        onRetry={() => void conversation.refetch()}
      />
    );
  }
  const data = conversation.data;
  return (
    <section
      className="conversation"
      data-testid="conversation"
      data-conversation-id={data.id}
      aria-labelledby="conversation-title"
    >
      <ConversationHeader conversation={data} onDeleted={() => select(null)} />
      <ConversationWorkbench key={data.id} conversation={data} />
      <Transcript
        conversation={data}
        approvals={approvalsOf(approvals.data, conversationId)}
        requests={requestsOf(requests.data, conversationId)}
      />
      <Composer conversationId={conversationId} running={data.running} />
    </section>
  );
}

function ConversationHeader({ conversation, onDeleted }: { conversation: Conversation; onDeleted: () => void }) {
  const { t, i18n } = useTranslation('chat');
  const clearConversation = useChatStreamStore((s) => s.clearConversation);
  return (
    <header className="conversation-head">
      <div className="conversation-meta">
        <h2 id="conversation-title">{conversation.title}</h2>
        <span className="muted" data-testid="acting-identity">
          <Trans
            t={t}
            i18nKey="conversationPane.actingAsIdentity"
            values={{
              actingIdentity: conversation.actingIdentity,
              modelLabel: modelLabelText(i18n, conversation.modelLabel),
            }}
            components={{ code: <code /> }}
          />
        </span>
        {conversation.loadedSkills.length > 0 && (
          <span className="muted">
            {' '}
            {t('conversationPane.skillsLoaded', { skills: conversation.loadedSkills.join(', ') })}
          </span>
        )}
        {conversation.approvedForConversation.length > 0 && (
          <span className="muted">
            {' '}
            {t('conversationPane.approvedForThisConversation', {
              tools: conversation.approvedForConversation.join(', '),
            })}
          </span>
        )}
      </div>
      <div className="actions">
        {conversation.running && (
          <span className="running-indicator" role="status">
            {t('conversationPane.running')}
          </span>
        )}
        <RenameConversation conversationId={conversation.id} title={conversation.title} />
        <DeleteConversation
          conversationId={conversation.id}
          title={conversation.title}
          onDeleted={() => {
            clearConversation(conversation.id);
            onDeleted();
          }}
        />
      </div>
    </header>
  );
}
