import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaveOutcome } from '../lib/drafts/draft-store';
import type { DraftSave } from '../lib/drafts/use-draft-save';
import { failureText, problemText, type FieldProblem } from '../lib/rpc-problems';

interface Props {
  save: DraftSave;
  outcome: SaveOutcome | null;
  /** What is saved, in words, for the status and conflict sentences ("the intent tree"). */
  what: string;
  saveLabel: string;
  /** Prefix of the bar's test ids: `<testId>-status`, `-saved`, `-conflict`, `-problems`. */
  testId: string;
  /** The page's own problem rows (`<li>`s that select what they concern). */
  problemRows: ReactNode[];
  /** Main's problems that name nothing on the page. */
  general: readonly FieldProblem[];
}

/**
 * Save / discard for an editable page (lib/drafts): its status, how the last save went, the choice when the saved
 * value changed underneath, and every problem. Main's words are put into the UI language at render.
 */
export function DraftSaveBar({ save, outcome, what, saveLabel, testId, problemRows, general }: Props) {
  const { t } = useTranslation('common');
  const { status } = save;
  return (
    <div className="save-bar">
      <div className="actions">
        <span className={`save-status save-${status}`} data-testid={`${testId}-status`}>
          {t(`draftSaveBar.status.${status}`, { what })}
        </span>
        <button
          type="button"
          className="btn btn-primary"
          disabled={status === 'clean' || save.saving}
          onClick={save.save}
        >
          {save.saving ? t('draftSaveBar.saving') : saveLabel}
        </button>
        <button type="button" className="btn" disabled={status === 'clean' || save.saving} onClick={save.discard}>
          {t('draftSaveBar.discard')}
        </button>
        <span className="muted small" role="note">
          {t('draftSaveBar.nextTurn')}
        </span>
      </div>
      <OutcomeLine outcome={outcome} testId={testId} />
      {(outcome?.kind === 'conflict' || status === 'stale') && (
        <div className="warn-notice" role="alert" data-testid={`${testId}-conflict`}>
          <p>{t('draftSaveBar.conflict', { what })}</p>
          <div className="actions">
            <button type="button" className="btn" onClick={save.discard}>
              {t('draftSaveBar.reload')}
            </button>
            <button type="button" className="btn btn-danger-quiet" disabled={save.saving} onClick={save.saveOver}>
              {t('draftSaveBar.saveMineOver')}
            </button>
          </div>
        </div>
      )}
      {(problemRows.length > 0 || general.length > 0) && (
        <ul className="problems" data-testid={`${testId}-problems`} aria-label={t('draftSaveBar.problems')}>
          {problemRows}
          {general.map((problem, index) => (
            <li key={`general:${index}`}>
              <code>{problem.path || t('shared.config')}</code>: {problemText(problem)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Saved, blocked by the page's own checks, or refused by main (a conflict is the notice below). */
function OutcomeLine({ outcome, testId }: { outcome: SaveOutcome | null; testId: string }) {
  const { t } = useTranslation('common');
  if (outcome?.kind === 'saved')
    return (
      <p role="status" className="ok-text" data-testid={`${testId}-saved`}>
        {t('draftSaveBar.saved', { revision: outcome.revision })}
      </p>
    );
  if (outcome?.kind === 'blocked')
    return (
      <p role="alert" className="field-error">
        {t('draftSaveBar.blocked', { count: outcome.count })}
      </p>
    );
  if (outcome?.kind === 'invalid' || outcome?.kind === 'failed')
    return (
      <p role="alert" className="field-error">
        {t('draftSaveBar.notSaved', { message: failureText(outcome) })}
      </p>
    );
  return null;
}
