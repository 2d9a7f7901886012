import { Empty, Loading, LoadError } from '../../components/QueryState';
import { formatTime } from '../../lib/format';
import { useRpcQuery } from '../../lib/queries';
import { useTranslation } from 'react-i18next';

/** Conversations as main lists them; the selected one is marked for assistive tech too. */
export function ConversationList({
  selectedId,
  onSelect,
}: {
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation('chat');
  const list = useRpcQuery('chat.list', {});
  if (list.isPending) return <Loading>{t('conversationList.loadingConversations')}</Loading>;
  if (list.isError)
    return (
      <LoadError what={t('conversationList.theConversations')} error={list.error} onRetry={() => void list.refetch()} />
    );
  if (list.data.length === 0) return <Empty>{t('conversationList.noConversationsYetStart')}</Empty>;
  return (
    <ul className="conversation-list" aria-label={t('conversationList.conversations')}>
      {list.data.map((conversation) => (
        <li key={conversation.id}>
          <button
            type="button"
            className={conversation.id === selectedId ? 'conversation-link active' : 'conversation-link'}
            aria-current={conversation.id === selectedId ? 'true' : undefined}
            onClick={() => onSelect(conversation.id)}
          >
            <span className="conversation-title">{conversation.title}</span>
            <span className="muted small">
              {conversation.actingIdentity} · {formatTime(conversation.updatedAt)}
              {conversation.running && <span className="running-dot"> {t('conversationList.running')}</span>}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
