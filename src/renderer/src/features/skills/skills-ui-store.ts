import { create } from 'zustand';
import type { Skill } from '../../../../shared/config/schema';
import { createDraftStore, type Saved } from '../../lib/drafts/draft-store';

export interface SavedSkills {
  skills: Skill[];
  revision: number;
}

/** The operator's unsaved skills, their base and their last save (the shared draft machinery). */
export const useSkillsDraftStore = createDraftStore<Skill[]>();

export const savedValueOf = (saved: SavedSkills): Saved<Skill[]> => ({ value: saved.skills, revision: saved.revision });

/** Which skill is open in the editor. UI-only: survives a trip to another page. */
export const useSkillsUiStore = create<{ selected: number | null; select: (index: number | null) => void }>((set) => ({
  selected: null,
  select: (selected) => set({ selected }),
}));
