import type { ChatItem, RouteOutput } from '../../../../shared/contract';
import { LoadError, Loading } from '../../components/QueryState';
import { ToolCallCard } from '../../components/ToolCallCard';
import { formatDuration, formatTime } from '../../lib/format';
import { expectationTexts } from '../../lib/test-results';
import { useRpcQuery } from '../../lib/queries';
import { Trans, useTranslation } from 'react-i18next';

type CaseRow = RouteOutput<'tests.list'>['cases'][number];

/** One case: what it sends and expects, and its last run (the expectations, the one that failed, the transcript). */
export function CaseDetail({
  row,
  onClose,
  onRun,
  running,
}: {
  row: CaseRow;
  onClose: () => void;
  onRun: () => void;
  running: boolean;
}) {
  const { t, i18n } = useTranslation(['tests', 'common']);
  const result = useRpcQuery('tests.result', { id: row.id }, { enabled: row.last !== null });
  return (
    <aside className="case-detail" aria-labelledby="case-detail-title" data-testid="case-detail">
      <div className="detail-head">
        <h2 id="case-detail-title">{row.name}</h2>
        <button type="button" className="btn btn-small" onClick={onClose}>
          {t('caseDetail.close')}
        </button>
      </div>
      <p className="muted small">
        {t('caseDetail.asIdentity', { actingIdentity: row.actingIdentity })}{' '}
        {row.source === 'file'
          ? t('caseDetail.fromTheCasesFile')
          : t('caseDetail.anExampleOfNode', { nodeId: row.nodeId })}
      </p>
      <h3>{t('caseDetail.messages')}</h3>
      <ol className="case-messages">
        {row.messages.map((m, i) => (
          <li key={`${i}:${m}`}>{m}</li>
        ))}
      </ol>
      <h3>{t('caseDetail.expectations')}</h3>
      <ul className="plain-list small">
        {row.expect.calls.map((call, i) => (
          <li key={`call-${i}`}>
            <Trans t={t} i18nKey="caseDetail.calls" values={{ tool: call.tool }} components={{ code: <code /> }} />
            {call.arguments ? <code> {JSON.stringify(call.arguments)}</code> : null}
          </li>
        ))}
        {row.expect.notCalled.map((tool) => (
          <li key={`not-${tool}`}>
            <Trans t={t} i18nKey="caseDetail.doesNotCall" values={{ tool }} components={{ code: <code /> }} />
          </li>
        ))}
        {[row.expect.answerContains ?? []].flat().map((text) => (
          <li key={`answer-${text}`}>{t('caseDetail.answerContains', { text })}</li>
        ))}
      </ul>
      <div className="actions">
        <button type="button" className="btn" disabled={running} onClick={onRun}>
          {running ? t('caseDetail.running') : t('caseDetail.runThisCase')}
        </button>
      </div>
      {row.last === null ? (
        <p className="state-empty small">{t('caseDetail.notRunYet')}</p>
      ) : result.isPending ? (
        <Loading>{t('caseDetail.loadingTheLastResult')}</Loading>
      ) : result.isError ? (
        <LoadError what={t('caseDetail.theLastResult')} error={result.error} onRetry={() => void result.refetch()} />
      ) : (
        <>
          <h3>
            {t('caseDetail.lastRun')} {result.data.passed ? t('common:shared.passed') : t('common:shared.failed')}{' '}
            <span className="muted small">
              {formatTime(result.data.ranAt)} · {formatDuration(result.data.durationMs)} · {result.data.modelLabel}
            </span>
          </h3>
          <ul className="expectations" data-testid="case-expectations">
            {result.data.expectations.map((e, i) => (
              <li key={`${i}:${e.expectation}`} className={e.passed ? 'ok-text' : 'field-error'} data-passed={e.passed}>
                {e.passed ? '✓' : '✗'} {expectationTexts(i18n, e).expectation}
                {!e.passed && <span className="expectation-detail">: {expectationTexts(i18n, e).detail}</span>}
              </li>
            ))}
          </ul>
          <h3>{t('caseDetail.transcript')}</h3>
          <Transcript items={result.data.transcript} />
        </>
      )}
    </aside>
  );
}

function Transcript({ items }: { items: ChatItem[] }) {
  const { t } = useTranslation(['tests', 'common']);
  if (items.length === 0) return <p className="state-empty small">{t('caseDetail.nothingWasSaid')}</p>;
  return (
    <div className="case-transcript" data-testid="case-transcript">
      {items.map((item) =>
        item.kind === 'tool' ? (
          <ToolCallCard key={item.id} item={item} />
        ) : (
          <p key={item.id} className={`transcript-${item.kind}`}>
            <strong>{item.kind === 'user' ? t('caseDetail.user') : t('caseDetail.assistant')}:</strong> {item.text}
          </p>
        ),
      )}
    </div>
  );
}
