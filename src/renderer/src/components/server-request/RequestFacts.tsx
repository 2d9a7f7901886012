import type { ServerRequestView } from '../../../../shared/contract';
import { formatTime } from '../../lib/format';
import { ConversationFact } from '../PendingFacts';
import { useTranslation } from 'react-i18next';

/** Who asks, during which call, and (on the Requests page) in which conversation. */
export function RequestFacts({
  request,
  conversation,
}: {
  request: ServerRequestView;
  conversation?: { title: string; onOpen: () => void };
}) {
  const { t } = useTranslation('common');
  return (
    <dl className="facts compact">
      <dt>{t('requestFacts.server')}</dt>
      <dd>{request.server}</dd>
      <dt>{t('requestFacts.during')}</dt>
      <dd>
        {request.toolName ? (
          <code>{request.toolName}</code>
        ) : (
          <span className="muted">{t('requestFacts.noSingleCallAsked')}</span>
        )}
      </dd>
      <ConversationFact conversation={conversation} />
      <dt>{t('requestFacts.asked')}</dt>
      <dd>{formatTime(request.requestedAt)}</dd>
    </dl>
  );
}
