import { Empty, Loading, LoadError } from '../../components/QueryState';
import { formatTime } from '../../lib/format';
import { useRpcQuery } from '../../lib/queries';

/** Conversations as main lists them; the selected one is marked for assistive tech too. */
export function ConversationList({ selectedId, onSelect }: { selectedId: string | null; onSelect: (id: string) => void }) {
  const list = useRpcQuery('chat.list', {});
  if (list.isPending) return <Loading>Loading conversations…</Loading>;
  if (list.isError) return <LoadError what="the conversations" error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) return <Empty>No conversations yet. Start one above.</Empty>;
  return (
    <ul className="conversation-list" aria-label="Conversations">
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
              {conversation.customerId} · {formatTime(conversation.updatedAt)}
              {conversation.running && <span className="running-dot"> · running</span>}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
