import { useQueryClient } from '@tanstack/react-query';
import type { Skill } from '../../../../shared/config/schema';
import type { Saved } from '../../lib/drafts/draft-store';
import { useDraftSave } from '../../lib/drafts/use-draft-save';
import { useFixedT } from '../../lib/i18n/use-fixed-t';
import { useRpcMutation } from '../../lib/queries';
import { useSkillsDraftStore } from './skills-ui-store';
import { validateSkills } from './skill-validation';

/** Saving the skills: local checks first, then skills.save with the revision the edit started from. */
export function useSkillsSave(saved: Saved<Skill[]>) {
  const queryClient = useQueryClient();
  const mutation = useRpcMutation('skills.save'); // config.changed and catalog.changed refresh what it changes
  const t = useFixedT('skills');
  const save = useDraftSave(useSkillsDraftStore, saved, {
    mutation,
    toInput: (skills, baseRevision) => ({ skills, baseRevision }),
    countProblems: (skills) => [...validateSkills(skills, t).values()].reduce((sum, list) => sum + list.length, 0),
    onSaved: (result) => queryClient.setQueryData(['skills.get', {}], result),
  });
  return { ...save, dirty: save.status !== 'clean' };
}

export type SkillsSave = ReturnType<typeof useSkillsSave>;
