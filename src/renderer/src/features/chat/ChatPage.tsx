import { useOpenRequest } from '../../app/navigation';
import { Empty } from '../../components/QueryState';
import { useChatUiStore } from './chat-ui-store';
import { ConversationList } from './ConversationList';
import { ConversationPane } from './ConversationPane';
import { NewConversationForm } from './NewConversationForm';
import './chat.css';
import { useTranslation } from 'react-i18next';

/** Try the agent under an acting identity: conversations on the left, the selected one on the right. */
export function ChatPage() {
  const { t } = useTranslation('chat');
  const selectedId = useChatUiStore((s) => s.selectedConversationId);
  const select = useChatUiStore((s) => s.select);
  useOpenRequest('chat', select);
  return (
    <div className="chat-page">
      <aside className="chat-sidebar">
        <h1>{t('chatPage.chat')}</h1>
        <NewConversationForm onCreated={select} />
        <ConversationList selectedId={selectedId} onSelect={select} />
      </aside>
      <div className="chat-main">
        {selectedId ? (
          <ConversationPane key={selectedId} conversationId={selectedId} />
        ) : (
          <Empty>{t('chatPage.pickAConversationOr')}</Empty>
        )}
      </div>
    </div>
  );
}
