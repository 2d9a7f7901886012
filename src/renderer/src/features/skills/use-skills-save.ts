import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Skill } from '../../../../shared/config/schema';
import { useRpcMutation } from '../../lib/queries';
import { saveFailureOf, type SaveFailure } from '../../lib/rpc-problems';
import { isDirty, skillsRevisionToSave, useSkillsUiStore } from './skills-ui-store';
import { useFixedT } from '../../lib/i18n/use-fixed-t';
import { validateSkills } from './skill-validation';

export type SkillsOutcome = { kind: 'saved'; revision: number } | { kind: 'blocked'; count: number } | SaveFailure;

/** Saving the skills: local checks first, then skills.save with the revision the edit started from. */
export function useSkillsSave(saved: { skills: Skill[]; revision: number }) {
  const store = useSkillsUiStore();
  const queryClient = useQueryClient();
  const mutation = useRpcMutation('skills.save'); // config.changed and catalog.changed refresh what it changes
  const [outcome, setOutcome] = useState<SkillsOutcome | null>(null);
  const skills = store.draft ?? saved.skills;
  const dirty = isDirty(store);
  const t = useFixedT('skills');

  const submit = (baseRevision: number) => {
    const count = [...validateSkills(skills, t).values()].reduce((sum, list) => sum + list.length, 0);
    if (count > 0) return setOutcome({ kind: 'blocked', count });
    setOutcome(null);
    mutation.mutate(
      { skills, baseRevision },
      {
        onSuccess: (result) => {
          queryClient.setQueryData(['skills.get', {}], result);
          useSkillsUiStore.getState().discard();
          setOutcome({ kind: 'saved', revision: result.revision });
        },
        onError: (error) => {
          const failure = saveFailureOf(error);
          useSkillsUiStore.getState().setServerProblems(failure.problems);
          setOutcome(failure);
        },
      },
    );
  };

  return {
    dirty,
    outcome,
    saving: mutation.isPending,
    save: () => submit(skillsRevisionToSave(store, saved)),
    saveOver: () => submit(saved.revision),
    discard: () => {
      store.discard();
      setOutcome(null);
    },
  };
}

export type SkillsSave = ReturnType<typeof useSkillsSave>;
