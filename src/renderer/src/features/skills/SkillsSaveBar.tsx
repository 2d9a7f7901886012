import type { Skill } from '../../../../shared/config/schema';
import { failureText, problemText, type FieldProblem } from '../../lib/rpc-problems';
import { useSkillsDraftStore } from './skills-ui-store';
import type { SkillProblems } from './skill-validation';
import type { SkillsSave } from './use-skills-save';
import { useTranslation } from 'react-i18next';

interface Props {
  save: SkillsSave;
  localProblems: SkillProblems;
  skills: readonly Skill[];
  general: readonly FieldProblem[];
  onSelect: (index: number) => void;
}

/** Save / discard for every skill at once, the outcome, and the problems by skill. */
export function SkillsSaveBar({ save, localProblems, skills, general, onSelect }: Props) {
  const { t } = useTranslation(['skills', 'common']);
  const outcome = useSkillsDraftStore((state) => state.outcome);
  const problems = [...localProblems.entries()];
  return (
    <div className="save-bar">
      <div className="actions">
        <span className={`save-status save-${save.dirty ? 'dirty' : 'clean'}`} data-testid="skills-status">
          {save.dirty ? t('skillsSaveBar.unsavedChanges') : t('skillsSaveBar.noUnsavedChanges')}
        </span>
        <button type="button" className="btn btn-primary" disabled={!save.dirty || save.saving} onClick={save.save}>
          {save.saving ? t('skillsSaveBar.saving') : t('skillsSaveBar.saveSkills')}
        </button>
        <button type="button" className="btn" disabled={!save.dirty || save.saving} onClick={save.discard}>
          {t('skillsSaveBar.discardChanges')}
        </button>
        <span className="muted small" role="note">
          {t('skillsSaveBar.aSavedChangeTakes')}
        </span>
      </div>
      {outcome?.kind === 'saved' && (
        <p role="status" className="ok-text">
          {t('skillsSaveBar.savedConfigRevisionIt', { revision: outcome.revision })}
        </p>
      )}
      {outcome?.kind === 'blocked' && (
        <p role="alert" className="field-error">
          {t('skillsSaveBar.notSavedFix', { count: outcome.count })}
        </p>
      )}
      {(outcome?.kind === 'invalid' || outcome?.kind === 'failed') && (
        <p role="alert" className="field-error">
          {t('skillsSaveBar.notSaved', { message: failureText(outcome) })}
        </p>
      )}
      {outcome?.kind === 'conflict' && (
        <div className="warn-notice" role="alert">
          <p>{failureText(outcome)}</p>
          <div className="actions">
            <button type="button" className="btn" onClick={save.discard}>
              {t('skillsSaveBar.reloadDiscardMyEdits')}
            </button>
            <button type="button" className="btn btn-danger-quiet" onClick={save.saveOver}>
              {t('skillsSaveBar.saveMineOverIt')}
            </button>
          </div>
        </div>
      )}
      {(problems.length > 0 || general.length > 0) && (
        <ul className="problems" aria-label={t('skillsSaveBar.problems')}>
          {problems.flatMap(([index, list]) =>
            list.map((problem, i) => (
              <li key={`${index}:${i}`}>
                <button type="button" className="link" onClick={() => onSelect(index)}>
                  {skills[index]?.name || t('skillsSaveBar.skill', { number: index + 1 })}
                </button>{' '}
                · {problem.field}: {problem.message}
              </li>
            )),
          )}
          {general.map((problem, i) => (
            <li key={`general:${i}`}>
              <code>{problem.path || t('common:shared.config')}</code>: {problemText(problem)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
