import type { ReplayDifference, ReplayReport, ReplayStep, ReplayStepSide } from '../../../../shared/contract';
import { formatTime } from '../../lib/format';
import { useTranslation } from 'react-i18next';
import { modelLabelText } from '../../lib/i18n/model-label';

/**
 * The replay beside the original, per turn and model step. What the model did (answers, calls) ranks first: only
 * those steps are marked red and listed on top; what it was given (the tool list, descriptions, tokens) is
 * summarised once, so one more tool on every step no longer hides the one answer that changed.
 */
export function ReplayView({ report, onClose }: { report: ReplayReport; onClose: () => void }) {
  const { t, i18n } = useTranslation(['chat', 'common']);
  const outcomeSteps = report.steps.filter((step) => step.outcomeDiffers);
  const verdict = report.outcomeDiffers ? 'diverged' : report.diverged ? 'given' : 'same';
  return (
    <section
      className="replay"
      aria-labelledby="replay-title"
      data-testid="replay-view"
      data-diverged={report.diverged}
      data-outcome-differs={report.outcomeDiffers}
    >
      <div className="detail-head">
        <h3 id="replay-title">
          {t('replayView.replayWithTodayS')}{' '}
          <span
            className={verdict === 'diverged' ? 'replay-diverged' : 'replay-same'}
            data-testid="replay-verdict"
            data-verdict={verdict}
          >
            {verdict === 'diverged'
              ? t('common:shared.diverged')
              : verdict === 'given'
                ? t('replayView.onlyGivenChanged')
                : t('replayView.sameAsTheOriginal')}
          </span>
        </h3>
        <button type="button" className="btn btn-small" onClick={onClose}>
          {t('replayView.close')}
        </button>
      </div>
      <p className="muted small">
        {t('replayView.actingAsWritesWere', {
          modelLabel: modelLabelText(i18n, report.modelLabel),
          actingIdentity: report.actingIdentity,
          ranAt: formatTime(report.ranAt),
        })}
      </p>
      {(outcomeSteps.length > 0 || report.toolChanges.length > 0) && (
        <div className="replay-summary" data-testid="replay-summary">
          {outcomeSteps.length > 0 && (
            <>
              <p className="replay-diverged">{t('replayView.outcomeSteps', { count: outcomeSteps.length })}</p>
              <ul className="plain-list" data-testid="replay-outcome-steps">
                {outcomeSteps.map((step) => (
                  <li key={`${step.turn}-${step.step}`}>
                    {t('replayView.turnStep', { turn: step.turn, step: step.step })}:{' '}
                    <KindsText step={step} outcomeOnly />
                  </li>
                ))}
              </ul>
            </>
          )}
          {report.toolChanges.map((change) => (
            <p key={JSON.stringify(change)} className="muted small" data-testid="replay-tool-change">
              {t('replayView.toolChange', {
                count: change.steps,
                change: [...change.added.map((n) => `+${n}`), ...change.removed.map((n) => `−${n}`)].join(' '),
              })}
            </p>
          ))}
        </div>
      )}
      <ol className="replay-steps">
        {report.steps.map((step) => (
          <StepRow key={`${step.turn}-${step.step}`} step={step} />
        ))}
      </ol>
    </section>
  );
}

/** A step's differences in the console's language, most telling first. */
function KindsText({ step, outcomeOnly = false }: { step: ReplayStep; outcomeOnly?: boolean }) {
  const { t } = useTranslation('chat');
  const kinds = outcomeOnly ? step.kinds.filter((kind) => OUTCOME_KINDS.has(kind)) : step.kinds;
  return <>{kinds.map((kind) => t(`replayView.kinds.${kind}`)).join(' · ')}</>;
}

const OUTCOME_KINDS = new Set<ReplayDifference>(['onlyInOriginal', 'onlyInReplay', 'answer', 'calls']);

function StepRow({ step }: { step: ReplayStep }) {
  const { t } = useTranslation(['chat', 'common']);
  const mark = step.outcomeDiffers ? '≠' : step.same ? '=' : '≈';
  return (
    <li
      className={step.outcomeDiffers ? 'replay-step differs' : step.same ? 'replay-step same' : 'replay-step given'}
      data-testid="replay-step"
      data-same={step.same}
      data-outcome-differs={step.outcomeDiffers}
      data-kinds={step.kinds.join(' ')}
    >
      <div className="replay-step-head">
        <strong>
          {mark} {t('replayView.turnStep', { turn: step.turn, step: step.step })}
        </strong>
        {step.step === 1 && <span className="muted"> “{step.userText}”</span>}
        {!step.same && (
          <span
            className={step.outcomeDiffers ? 'replay-differences' : 'replay-differences given'}
            data-testid="replay-differences"
          >
            {' '}
            <KindsText step={step} />
          </span>
        )}
      </div>
      <div className="replay-sides">
        <Side label={t('replayView.original')} side={step.original} />
        <Side
          label={t('replayView.replay')}
          side={step.replay}
          added={step.added}
          removed={step.removed}
          tokenDelta={step.tokenDelta}
        />
      </div>
    </li>
  );
}

function Side({
  label,
  side,
  added = [],
  removed = [],
  tokenDelta,
}: {
  label: string;
  side: ReplayStepSide | null;
  added?: string[];
  removed?: string[];
  tokenDelta?: number;
}) {
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
              {call.approval === 'wouldAsk' && <span className="warn-text"> {t('replayView.wouldHaveAskedFor')}</span>}
              {call.approval === 'asked' && <span className="muted"> {t('replayView.askedForApproval')}</span>}
            </li>
          ))}
        </ul>
      )}
      {side.answer && <p className="replay-answer small">{side.answer}</p>}
    </div>
  );
}
