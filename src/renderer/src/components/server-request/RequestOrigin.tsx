import type { ServerRequestView } from '../../../../shared/contract';
import { formatTime } from '../../lib/format';
import { useNow } from '../../lib/use-now';

/** Who asks, during which call, and (on the Requests page) in which conversation; when it expires. */
export function RequestFacts({ request, conversation }: { request: ServerRequestView; conversation?: { title: string; onOpen: () => void } }) {
  return (
    <dl className="facts compact">
      <dt>Server</dt>
      <dd>{request.server}</dd>
      <dt>During</dt>
      <dd>{request.toolName ? <code>{request.toolName}</code> : <span className="muted">no single call (asked while none or several ran)</span>}</dd>
      {conversation && (
        <>
          <dt>Conversation</dt>
          <dd>
            <button type="button" className="link" onClick={conversation.onOpen}>
              {conversation.title}
            </button>
          </dd>
        </>
      )}
      <dt>Asked</dt>
      <dd>{formatTime(request.requestedAt)}</dd>
    </dl>
  );
}

/** Time left before silence answers for the operator (a question is cancelled, a sampling request refused). */
export function Expiry({ expiresAt, what }: { expiresAt: string; what: string }) {
  const now = useNow();
  const left = Math.max(0, Math.round((Date.parse(expiresAt) - now) / 1000));
  const text = left >= 60 ? `${Math.floor(left / 60)} min ${left % 60} s` : `${left} s`;
  return (
    <span className="muted" title={`${what} automatically at ${formatTime(expiresAt)}`}>
      {what.toLowerCase()} in {text}
    </span>
  );
}
