import type { ReplayReport, ReplayStep, ReplayStepSide } from '../../../../shared/contract';
import { formatTime } from '../../lib/format';

/** The replay beside the original, per turn and model step; a step that differs is marked and says how. */
export function ReplayView({ report, onClose }: { report: ReplayReport; onClose: () => void }) {
  return (
    <section className="replay" aria-labelledby="replay-title" data-testid="replay-view" data-diverged={report.diverged}>
      <div className="detail-head">
        <h3 id="replay-title">
          Replay with today’s configuration:{' '}
          <span className={report.diverged ? 'replay-diverged' : 'replay-same'} data-testid="replay-verdict">
            {report.diverged ? 'diverged' : 'same as the original'}
          </span>
        </h3>
        <button type="button" className="btn btn-small" onClick={onClose}>
          Close
        </button>
      </div>
      <p className="muted small">
        {report.modelLabel} · acting as {report.customerId} · {formatTime(report.ranAt)}. Writes were not executed (the model was told “not executed
        (replay)”); read-only calls ran for real.
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
  return (
    <li className={step.same ? 'replay-step same' : 'replay-step differs'} data-testid="replay-step" data-same={step.same}>
      <div className="replay-step-head">
        <strong>
          {step.same ? '=' : '≠'} Turn {step.turn} · step {step.step}
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
        <Side label="Original" side={step.original} />
        <Side label="Replay" side={step.replay} added={step.added} removed={step.removed} tokenDelta={step.tokenDelta} />
      </div>
    </li>
  );
}

function Side({ label, side, added = [], removed = [], tokenDelta }: { label: string; side: ReplayStepSide | null; added?: string[]; removed?: string[]; tokenDelta?: number }) {
  if (!side)
    return (
      <div className="replay-side">
        <h4>{label}</h4>
        <p className="state-empty small">No such step.</p>
      </div>
    );
  return (
    <div className="replay-side">
      <h4>{label}</h4>
      <p className="small">
        {side.tools.length} tools, ~{side.tokens} tokens
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
              {side.wouldAskApproval.includes(call.tool) && <span className="warn-text"> · would have asked for approval</span>}
            </li>
          ))}
        </ul>
      )}
      {side.answer && <p className="replay-answer small">{side.answer}</p>}
    </div>
  );
}
