import { create } from 'zustand';
import type { IntentNode } from '../../../../shared/config/schema';
import type { FieldProblem } from '../../lib/rpc-problems';
import type { NodePath } from './tree-ops';

/**
 * The operator's unsaved intent tree and the revision it was based on, plus tree UI state (selection, collapsed
 * categories). UI-only: the saved tree lives in TanStack Query; `base` is kept just to tell "edited" from "changed
 * on disk" and to undo back to it.
 */
interface IntentDraftState {
  draft: IntentNode[] | null;
  base: IntentNode[] | null;
  baseRevision: number | null;
  selected: NodePath | null;
  collapsed: ReadonlySet<string>;
  /** Main's refusal of the last save, by path; cleared when the tree's shape changes (paths would no longer match). */
  serverProblems: FieldProblem[];
  edit: (
    next: IntentNode[],
    saved: { intents: IntentNode[]; revision: number },
    options?: { structural?: boolean; select?: NodePath | null },
  ) => void;
  select: (path: NodePath | null) => void;
  setCollapsed: (id: string, collapsed: boolean) => void;
  expand: (ids: readonly string[]) => void;
  setServerProblems: (problems: FieldProblem[]) => void;
  discard: () => void;
}

export const useIntentDraftStore = create<IntentDraftState>((set) => ({
  draft: null,
  base: null,
  baseRevision: null,
  selected: null,
  collapsed: new Set(),
  serverProblems: [],
  // The base is fixed by the first edit; later edits keep it, so a change on disk stays visible as "stale".
  edit: (next, saved, options = {}) =>
    set((state) => ({
      draft: next,
      ...(state.draft === null ? { base: saved.intents, baseRevision: saved.revision } : {}),
      ...(options.select !== undefined ? { selected: options.select } : {}),
      ...(options.structural ? { serverProblems: [] } : {}),
    })),
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
  setServerProblems: (serverProblems) => set({ serverProblems }),
  discard: () => set({ draft: null, base: null, baseRevision: null, serverProblems: [] }),
}));

export type DraftStatus = 'clean' | 'dirty' | 'stale';

/**
 * clean: nothing to save; dirty: edits on top of the saved tree; stale: edits, but the saved tree itself changed
 * underneath (another window, the YAML on disk). Any config edit bumps the revision, so a revision change alone
 * (a server added elsewhere) is not staleness when the saved tree is still the one the draft started from.
 */
export function draftStatus(
  state: Pick<IntentDraftState, 'draft' | 'base' | 'baseRevision'>,
  saved: { intents: IntentNode[]; revision: number },
): DraftStatus {
  if (state.draft === null || sameTree(state.draft, state.base)) return 'clean';
  return state.baseRevision === saved.revision || sameTree(state.base, saved.intents) ? 'dirty' : 'stale';
}

/** The revision to send as baseRevision: the current one when the saved tree is unchanged since the draft began. */
export function revisionToSave(
  state: Pick<IntentDraftState, 'base' | 'baseRevision'>,
  saved: { intents: IntentNode[]; revision: number },
): number {
  return sameTree(state.base, saved.intents) ? saved.revision : (state.baseRevision ?? saved.revision);
}

// Trees are small (hundreds of nodes); a JSON comparison is simple and fast enough, and ignores undefined keys.
export const sameTree = (a: readonly IntentNode[] | null, b: readonly IntentNode[] | null): boolean =>
  a === b || JSON.stringify(a) === JSON.stringify(b);
