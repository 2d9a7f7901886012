import { useFixedT } from '../lib/i18n/use-fixed-t';

/** One badge for every status word (tool calls, turns, records); the tone comes from the word. */
const TONE = {
  success: 'ok',
  completed: 'ok',
  approve: 'ok',
  approve_conversation: 'ok',
  remembered: 'ok',
  error: 'bad',
  rejected: 'bad',
  reject: 'bad',
  blocked: 'bad',
  timeout: 'bad',
  failed: 'bad',
  awaiting_approval: 'warn',
  max_steps: 'warn',
  input_required: 'warn',
  running: 'info',
  working: 'info',
  stopped: 'muted',
  cancelled: 'muted',
  expired: 'muted',
} as const satisfies Record<string, 'ok' | 'bad' | 'warn' | 'info' | 'muted'>;

type KnownStatus = keyof typeof TONE;
const isKnown = (status: string): status is KnownStatus => status in TONE;

/** The label is translated; the canonical word (what records.jsonl, the CLI and the docs say) is in the tooltip. */
export function StatusBadge({ status }: { status: string }) {
  const t = useFixedT('common');
  return (
    <span
      className={`status status-${isKnown(status) ? TONE[status] : 'muted'}`}
      data-status={status}
      title={t('states.canonical', { state: status })}
    >
      {isKnown(status) ? t(`statuses.${status}`) : status.replace(/_/g, ' ')}
    </span>
  );
}
