import type { Skill } from '../../../../shared/config/schema';
import { DraftSaveBar } from '../../components/DraftSaveBar';
import type { FieldProblem } from '../../lib/rpc-problems';
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

/** Save / discard for every skill at once (the shared save bar), with the problems by skill. */
export function SkillsSaveBar({ save, localProblems, skills, general, onSelect }: Props) {
  const { t } = useTranslation('skills');
  const outcome = useSkillsDraftStore((state) => state.outcome);
  const rows = [...localProblems.entries()].flatMap(([index, list]) =>
    list.map((problem, i) => (
      <li key={`${index}:${i}`}>
        <button type="button" className="link" onClick={() => onSelect(index)}>
          {skills[index]?.name || t('skillsSaveBar.skill', { number: index + 1 })}
        </button>{' '}
        · {problem.field}: {problem.message}
      </li>
    )),
  );
  return (
    <DraftSaveBar
      save={save}
      outcome={outcome}
      what={t('skillsSaveBar.what')}
      saveLabel={t('skillsSaveBar.saveSkills')}
      testId="skills"
      problemRows={rows}
      general={general}
    />
  );
}
