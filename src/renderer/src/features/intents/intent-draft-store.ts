import { create } from 'zustand';
import type { IntentNode } from '../../../../shared/config/schema';
import { createDraftStore, type Saved } from '../../lib/drafts/draft-store';
import type { NodePath } from './tree-ops';

export interface SavedTree {
  intents: IntentNode[];
  revision: number;
}

/** The operator's unsaved intent tree, its base and its last save (the shared draft machinery). */
export const useIntentDraftStore = createDraftStore<IntentNode[]>();

export const savedValueOf = (saved: SavedTree): Saved<IntentNode[]> => ({
  value: saved.intents,
  revision: saved.revision,
});

/** The tree's view state: selection, collapsed categories, and which node's name field should take focus. */
interface IntentTreeViewState {
  selected: NodePath | null;
  collapsed: ReadonlySet<string>;
  /** Set after adding a node or F2; cleared once the editor has focused the field. */
  renameRequest: string | null;
  select: (path: NodePath | null) => void;
  setCollapsed: (id: string, collapsed: boolean) => void;
  expand: (ids: readonly string[]) => void;
  requestRename: (key: string | null) => void;
}

export const useIntentTreeView = create<IntentTreeViewState>((set) => ({
  selected: null,
  collapsed: new Set(),
  renameRequest: null,
  select: (selected) => set({ selected }),
  setCollapsed: (id, collapsed) =>
    set((state) => {
      const next = new Set(state.collapsed);
      if (collapsed) next.add(id);
      else next.delete(id);
      return { collapsed: next };
    }),
  expand: (ids) =>
    set((state) => {
      if (!ids.some((id) => state.collapsed.has(id))) return {};
      const next = new Set(state.collapsed);
      for (const id of ids) next.delete(id);
      return { collapsed: next };
    }),
  requestRename: (renameRequest) => set({ renameRequest }),
}));
