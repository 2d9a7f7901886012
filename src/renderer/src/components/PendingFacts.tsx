import { formatTime } from '../lib/format';
import { useNow } from '../lib/use-now';
import { useTranslation } from 'react-i18next';

/** What a pending request's silence does, and when: "auto-reject in 4 min 10 s" (an approval, a server's request). */
export function Expiry({ expiresAt, action, outcome }: { expiresAt: string; action: string; outcome: string }) {
  const { t } = useTranslation('common');
  const now = useNow();
  const left = Math.max(0, Math.round((Date.parse(expiresAt) - now) / 1000));
  const text =
    left >= 60
      ? t('pendingFacts.minutesSeconds', { minutes: Math.floor(left / 60), seconds: left % 60 })
      : t('pendingFacts.seconds', { seconds: left });
  return (
    <span className="muted" title={t('pendingFacts.automaticallyAt', { outcome, expiresAt: formatTime(expiresAt) })}>
      {t('pendingFacts.in', { action, text })}
    </span>
  );
}

/** On the Requests page, a pending card's conversation, with the way back to it. */
export function ConversationFact({ conversation }: { conversation?: { title: string; onOpen: () => void } }) {
  const { t } = useTranslation('common');
  if (!conversation) return null;
  return (
    <>
      <dt>{t('pendingFacts.conversation')}</dt>
      <dd>
        <button type="button" className="link" onClick={conversation.onOpen}>
          {conversation.title}
        </button>
      </dd>
    </>
  );
}
