import type { ServerExchange, ToolProgress, ToolTask } from '../../../shared/contract';
import './tool-live-state.css';
import { Trans, useTranslation } from 'react-i18next';
import { useDecidedByText } from '../lib/i18n/decided-by';
import { shownText } from '../lib/i18n/messages';

/** A running call's last progress: a bar when the total is known, else the count, with the server's message. */
export function ToolProgressBar({ progress }: { progress: ToolProgress }) {
  const { t } = useTranslation('common');
  const { total } = progress;
  const count =
    total !== undefined
      ? t('toolLiveState.countOf', { progress: progress.progress, total })
      : String(progress.progress);
  const label = progress.message ? t('toolLiveState.countWithMessage', { count, message: progress.message }) : count;
  return (
    <div className="tool-progress" data-testid="tool-progress">
      {total !== undefined && total > 0 ? (
        <progress
          value={Math.min(progress.progress, total)}
          max={total}
          aria-label={t('toolLiveState.progress', { label })}
        />
      ) : (
        <progress aria-label={t('toolLiveState.progress', { label })} />
      )}
      <span className="muted small" aria-live="polite">
        {label}
      </span>
    </div>
  );
}

/** A task-based call's task: its status and what the server says it is doing. */
export function ToolTaskStatus({ task }: { task: ToolTask }) {
  const { t } = useTranslation('common');
  return (
    <p className="tool-task small" data-testid="tool-task" data-task-status={task.status}>
      <Trans
        t={t}
        i18nKey="toolLiveState.task"
        values={{ status: t(`taskStatuses.${task.status}`) }}
        components={{ span: <span className={`status task-${task.status}`} /> }}
      />
      {task.statusMessage && <span className="muted"> {task.statusMessage}</span>}
    </p>
  );
}

/** What the server asked of the operator during the call, and how it was answered. */
export function ToolExchanges({ exchanges }: { exchanges: readonly ServerExchange[] }) {
  const { t, i18n } = useTranslation('common');
  const decidedByText = useDecidedByText();
  return (
    <ul className="tool-exchanges small" aria-label={t('toolLiveState.whatTheServerAsked')}>
      {exchanges.map((exchange) => (
        <li key={exchange.id}>
          {exchange.kind === 'elicitation'
            ? t('toolLiveState.question', { url: exchange.mode === 'url' ? ' (URL)' : '' })
            : t('toolLiveState.samplingRequest')}{' '}
          {t('toolLiveState.by', {
            outcome: t(`exchangeOutcomes.${exchange.outcome}`),
            decidedBy: decidedByText(exchange.decidedBy, exchange.decidedByMessage),
          })}
          {exchange.reason ? (
            <span className="muted"> ({shownText(i18n, exchange.reason, exchange.reasonMessage)})</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
