import { useId } from 'react';
import Markdown from 'react-markdown';
import type { Skill } from '../../../../shared/config/schema';
import { FieldErrors, TextField } from '../../components/FormField';
import type { SkillProblem } from './skill-validation';
import { UnlocksPicker } from './UnlocksPicker';
import { useTranslation } from 'react-i18next';

interface Props {
  skill: Skill;
  problems: readonly SkillProblem[];
  bound: readonly string[] | null;
  onChange: (skill: Skill) => void;
  onDelete: () => void;
}

/** One skill: its name and description (what load_skill lists), the manual it loads, and the tools it unlocks. */
export function SkillEditor({ skill, problems, bound, onChange, onDelete }: Props) {
  const { t } = useTranslation('skills');
  const id = useId();
  const errorsOf = (field: string) => problems.filter((p) => p.field === field).map((p) => p.message);
  const other = problems
    .filter((p) => !['name', 'description', 'manual', 'unlocks'].includes(p.field))
    .map((p) => (p.field ? `${p.field}: ${p.message}` : p.message));
  return (
    <section className="skill-editor" aria-labelledby={`${id}-title`} data-testid="skill-editor">
      <div className="detail-head">
        <h2 id={`${id}-title`}>
          {t('skillEditor.skill')} {skill.name || t('skillEditor.noName')}
        </h2>
        <button type="button" className="btn btn-small btn-danger-quiet" onClick={onDelete}>
          {t('skillEditor.deleteSkill')}
        </button>
      </div>
      <FieldErrors id={`${id}-other`} messages={other} />
      <div className="field-pair">
        <TextField
          label={t('skillEditor.name')}
          value={skill.name}
          onChange={(name) => onChange({ ...skill, name })}
          errors={errorsOf('name')}
          spellCheck={false}
          hint={t('skillEditor.whatTheModelPasses')}
        />
        <TextField
          label={t('skillEditor.description')}
          value={skill.description}
          onChange={(description) => onChange({ ...skill, description })}
          errors={errorsOf('description')}
          hint={t('skillEditor.shownToTheModel')}
        />
      </div>
      {skill.server ? (
        <p className="muted" data-testid="manual-from-server">
          {t('serverSkills.fromServerNote', { server: skill.server, skill: skill.skill ?? skill.name })}
        </p>
      ) : (
        <div className="manual-columns">
          <div className="form-field">
            <label htmlFor={`${id}-manual`}>{t('skillEditor.manualMarkdown')}</label>
            <textarea
              id={`${id}-manual`}
              className="manual-input"
              rows={14}
              value={skill.manual}
              onChange={(event) => onChange({ ...skill, manual: event.target.value })}
            />
            <FieldErrors id={`${id}-manual-errors`} messages={errorsOf('manual')} />
          </div>
          <div className="manual-preview" aria-label={t('skillEditor.manualPreview')} data-testid="manual-preview">
            <h3 className="small-heading">{t('skillEditor.preview')}</h3>
            {skill.manual.trim() ? (
              <Markdown>{skill.manual}</Markdown>
            ) : (
              <p className="state-empty small">{t('skillEditor.theManualIsEmpty')}</p>
            )}
          </div>
        </div>
      )}
      <UnlocksPicker
        bound={bound}
        unlocks={skill.unlocks}
        errors={errorsOf('unlocks')}
        onChange={(unlocks) => onChange({ ...skill, unlocks })}
      />
    </section>
  );
}
