import { useTranslation } from 'react-i18next';

const TONE = {
  connected: 'ok',
  connecting: 'warn',
  failed: 'bad',
  disabled: 'muted',
  'needs-auth': 'warn',
  'needs-confirmation': 'warn',
} as const;

/** disabled / connecting / connected / failed / needs-auth (waiting for a sign-in); the canonical word in the tooltip. */
export function ServerStatusBadge({ status }: { status: keyof typeof TONE }) {
  const { t } = useTranslation('common');
  return (
    <span
      className={`status status-${TONE[status]}`}
      data-testid="server-status"
      data-status={status}
      title={t('states.canonical', { state: status })}
    >
      {t(`serverStatuses.${status}`)}
    </span>
  );
}
