import type { ReplayReport, ReplayStep, ReplayStepSide } from '../../../../shared/contract';
import { formatTime } from '../../lib/format';
import { useTranslation } from 'react-i18next';
import { modelLabelText } from '../../lib/i18n/model-label';

/** The replay beside the original, per turn and model step; a step that differs is marked and says how. */
export function ReplayView({ report, onClose }: { report: ReplayReport; onClose: () => void }) {
  const { t, i18n } = useTranslation(['chat', 'common']);
  return (
    <section className="replay" aria-labelledby="replay-title" data-testid="replay-view" data-diverged={report.diverged}>
      <div className="detail-head">
        <h3 id="replay-title">
          {t('replayView.replayWithTodayS')}{' '}
          <span className={report.diverged ? 'replay-diverged' : 'replay-same'} data-testid="replay-verdict">
            {report.diverged ? t('common:shared.diverged') : t('replayView.sameAsTheOriginal')}
          </span>
        </h3>
        <button type="button" className="btn btn-small" onClick={onClose}>
          {t('replayView.close')}
        </button>
      </div>
      <p className="muted small">
        {t('replayView.actingAsWritesWere', { modelLabel: modelLabelText(i18n, report.modelLabel), customerId: report.customerId, ranAt: formatTime(report.ranAt) })}
      </p>
      <ol className="replay-steps">
        {report.steps.map((step) => (
          <StepRow key={`${step.turn}-${step.step}`} step={step} />
        ))}
      </ol>
    </section>
  );
}

function StepRow({ step }: { step: ReplayStep }) {
  const { t } = useTranslation(['chat', 'common']);
  return (
    <li className={step.same ? 'replay-step same' : 'replay-step differs'} data-testid="replay-step" data-same={step.same}>
      <div className="replay-step-head">
        <strong>
          {step.same ? '=' : '≠'}{' '}{t('replayView.turnStep', { turn: step.turn, step: step.step })}
        </strong>
        {step.step === 1 && <span className="muted"> “{step.userText}”</span>}
        {!step.same && (
          <span className="replay-differences" data-testid="replay-differences">
            {' '}
            {step.differences.join(' · ')}
          </span>
        )}
      </div>
      <div className="replay-sides">
        <Side label={t('replayView.original')} side={step.original} />
        <Side label={t('replayView.replay')} side={step.replay} added={step.added} removed={step.removed} tokenDelta={step.tokenDelta} />
      </div>
    </li>
  );
}

function Side({ label, side, added = [], removed = [], tokenDelta }: { label: string; side: ReplayStepSide | null; added?: string[]; removed?: string[]; tokenDelta?: number }) {
  const { t } = useTranslation(['chat', 'common']);
  if (!side)
    return (
      <div className="replay-side">
        <h4>{label}</h4>
        <p className="state-empty small">{t('replayView.noSuchStep')}</p>
      </div>
    );
  return (
    <div className="replay-side">
      <h4>{label}</h4>
      <p className="small">
        {t('replayView.toolsTokens', { tools: side.tools.length, tokens: side.tokens })}
        {tokenDelta ? ` (${tokenDelta > 0 ? '+' : ''}${tokenDelta})` : ''}
        {added.map((name) => (
          <span key={`+${name}`} className="tool-added">
            {' '}
            +{name}
          </span>
        ))}
        {removed.map((name) => (
          <span key={`-${name}`} className="tool-removed">
            {' '}
            −{name}
          </span>
        ))}
      </p>
      {side.calls.length > 0 && (
        <ul className="plain-list small">
          {side.calls.map((call, i) => (
            <li key={`${i}:${call.tool}`}>
              <code>{call.tool}</code> <code className="muted">{JSON.stringify(call.arguments)}</code> → {call.status}
              {side.wouldAskApproval.includes(call.tool) && <span className="warn-text">{' '}{t('replayView.wouldHaveAskedFor')}</span>}
            </li>
          ))}
        </ul>
      )}
      {side.answer && <p className="replay-answer small">{side.answer}</p>}
    </div>
  );
}
