import { create } from 'zustand';
import type { Skill } from '../../../../shared/config/schema';
import type { FieldProblem } from '../../lib/rpc-problems';

/**
 * The operator's unsaved skills (with the saved list and revision they started from) and the selected skill.
 * UI-only: the saved skills live in TanStack Query.
 */
interface SkillsUiState {
  draft: Skill[] | null;
  base: Skill[] | null;
  baseRevision: number | null;
  selected: number | null;
  serverProblems: FieldProblem[];
  edit: (next: Skill[], saved: { skills: Skill[]; revision: number }, select?: number | null) => void;
  select: (index: number | null) => void;
  setServerProblems: (problems: FieldProblem[]) => void;
  discard: () => void;
}

export const useSkillsUiStore = create<SkillsUiState>((set) => ({
  draft: null,
  base: null,
  baseRevision: null,
  selected: null,
  serverProblems: [],
  edit: (next, saved, select) =>
    set((state) => ({
      draft: next,
      ...(state.draft === null ? { base: saved.skills, baseRevision: saved.revision } : {}),
      // Adding or deleting shifts indexes, so main's problems (by index) no longer point at the right skill.
      ...(select !== undefined ? { selected: select, serverProblems: [] } : {}),
    })),
  select: (selected) => set({ selected }),
  setServerProblems: (serverProblems) => set({ serverProblems }),
  discard: () => set({ draft: null, base: null, baseRevision: null, serverProblems: [] }),
}));

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

export function isDirty(state: Pick<SkillsUiState, 'draft' | 'base'>): boolean {
  return state.draft !== null && !same(state.draft, state.base);
}

/** The revision to send: the current one when the saved skills are still the ones the draft started from. */
export function skillsRevisionToSave(
  state: Pick<SkillsUiState, 'base' | 'baseRevision'>,
  saved: { skills: Skill[]; revision: number },
): number {
  return same(state.base, saved.skills) ? saved.revision : (state.baseRevision ?? saved.revision);
}
