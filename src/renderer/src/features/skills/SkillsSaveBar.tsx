import type { Skill } from '../../../../shared/config/schema';
import type { FieldProblem } from '../../lib/rpc-problems';
import type { SkillProblems } from './skill-validation';
import type { SkillsSave } from './use-skills-save';

interface Props {
  save: SkillsSave;
  localProblems: SkillProblems;
  skills: readonly Skill[];
  general: readonly FieldProblem[];
  onSelect: (index: number) => void;
}

/** Save / discard for every skill at once, the outcome, and the problems by skill. */
export function SkillsSaveBar({ save, localProblems, skills, general, onSelect }: Props) {
  const { outcome } = save;
  const problems = [...localProblems.entries()];
  return (
    <div className="save-bar">
      <div className="actions">
        <span className={`save-status save-${save.dirty ? 'dirty' : 'clean'}`} data-testid="skills-status">
          {save.dirty ? 'Unsaved changes' : 'No unsaved changes'}
        </span>
        <button type="button" className="btn btn-primary" disabled={!save.dirty || save.saving} onClick={save.save}>
          {save.saving ? 'Saving…' : 'Save skills'}
        </button>
        <button type="button" className="btn" disabled={!save.dirty || save.saving} onClick={save.discard}>
          Discard changes
        </button>
        <span className="muted small" role="note">
          A saved change takes effect from the next turn.
        </span>
      </div>
      {outcome?.kind === 'saved' && (
        <p role="status" className="ok-text">
          Saved (config revision {outcome.revision}). It takes effect from the next turn.
        </p>
      )}
      {outcome?.kind === 'blocked' && (
        <p role="alert" className="field-error">
          Not saved: fix the {outcome.count} problem{outcome.count > 1 ? 's' : ''} below first.
        </p>
      )}
      {(outcome?.kind === 'invalid' || outcome?.kind === 'failed') && (
        <p role="alert" className="field-error">
          Not saved: {outcome.message}
        </p>
      )}
      {outcome?.kind === 'conflict' && (
        <div className="warn-notice" role="alert">
          <p>{outcome.message}</p>
          <div className="actions">
            <button type="button" className="btn" onClick={save.discard}>
              Reload (discard my edits)
            </button>
            <button type="button" className="btn btn-danger-quiet" onClick={save.saveOver}>
              Save mine over it
            </button>
          </div>
        </div>
      )}
      {(problems.length > 0 || general.length > 0) && (
        <ul className="problems" aria-label="Problems">
          {problems.flatMap(([index, list]) =>
            list.map((problem, i) => (
              <li key={`${index}:${i}`}>
                <button type="button" className="link" onClick={() => onSelect(index)}>
                  {skills[index]?.name || `skill ${index + 1}`}
                </button>{' '}
                · {problem.field}: {problem.message}
              </li>
            )),
          )}
          {general.map((problem, i) => (
            <li key={`general:${i}`}>
              <code>{problem.path || '(config)'}</code>: {problem.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
