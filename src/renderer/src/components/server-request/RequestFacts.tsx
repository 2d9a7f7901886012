import type { ServerRequestView } from '../../../../shared/contract';
import { formatTime } from '../../lib/format';
import { ConversationFact } from '../PendingFacts';

/** Who asks, during which call, and (on the Requests page) in which conversation. */
export function RequestFacts({ request, conversation }: { request: ServerRequestView; conversation?: { title: string; onOpen: () => void } }) {
  return (
    <dl className="facts compact">
      <dt>Server</dt>
      <dd>{request.server}</dd>
      <dt>During</dt>
      <dd>{request.toolName ? <code>{request.toolName}</code> : <span className="muted">no single call (asked while none or several ran)</span>}</dd>
      <ConversationFact conversation={conversation} />
      <dt>Asked</dt>
      <dd>{formatTime(request.requestedAt)}</dd>
    </dl>
  );
}
