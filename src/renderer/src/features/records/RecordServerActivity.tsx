import type { ExecutionRecord } from '../../../../shared/contract';
import { JsonBlock } from '../../components/JsonBlock';
import { formatTime } from '../../lib/format';
import { useTranslation } from 'react-i18next';
import { useDecidedByText } from '../../lib/i18n/decided-by';
import { shownText } from '../../lib/i18n/messages';

/** What the server did during the call besides answering: its last progress, its task, and what it asked the operator. */
export function RecordServerActivity({ record }: { record: ExecutionRecord }) {
  const { t, i18n } = useTranslation(['records', 'common']);
  const decidedByText = useDecidedByText();
  const { progress, task, exchanges } = record;
  if (!progress && !task && !exchanges?.length) return null;
  return (
    <>
      <h3>{t('recordServerActivity.duringTheCall')}</h3>
      <dl className="facts compact" data-testid="record-activity">
        {progress && (
          <>
            <dt>{t('recordServerActivity.lastProgress')}</dt>
            <dd>
              {progress.progress}
              {progress.total !== undefined ? t('recordServerActivity.of', { total: progress.total }) : ''}
              {progress.message ? `: ${progress.message}` : ''}{' '}
              <span className="muted">
                {t('recordServerActivity.notifications', { count: progress.count, at: formatTime(progress.at) })}
              </span>
            </dd>
          </>
        )}
        {task && (
          <>
            <dt>{t('recordServerActivity.task')}</dt>
            <dd>
              <code>{task.taskId}</code> {task.status}
              {task.statusMessage ? ` · ${task.statusMessage}` : ''}
            </dd>
          </>
        )}
      </dl>
      {exchanges?.map((exchange) => (
        <details key={exchange.id} className="record-exchange" data-testid="record-exchange">
          <summary>
            {exchange.kind === 'elicitation'
              ? t('recordServerActivity.question', { url: exchange.mode === 'url' ? ' (URL)' : '' })
              : t('recordServerActivity.samplingRequest')}{' '}
            {t('recordServerActivity.fromBy', {
              server: exchange.server,
              outcome: t(`common:exchangeOutcomes.${exchange.outcome}`),
              decidedBy: decidedByText(exchange.decidedBy, exchange.decidedByMessage),
            })}
            {exchange.reason ? ` (${shownText(i18n, exchange.reason, exchange.reasonMessage)})` : ''}
          </summary>
          <JsonBlock value={exchange.request} label={t('recordServerActivity.whatTheServerAsked')} />
          {exchange.response !== undefined && (
            <JsonBlock value={exchange.response} label={t('recordServerActivity.whatItWasAnswered')} />
          )}
        </details>
      ))}
    </>
  );
}
