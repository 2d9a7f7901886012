import { create, type StoreApi, type UseBoundStore } from 'zustand';
import type { FieldProblem, SaveFailure } from '../rpc-problems';

/** clean: nothing to save; dirty: edits on top of what is saved; stale: edits, but the saved value changed underneath. */
export type DraftStatus = 'clean' | 'dirty' | 'stale';

/** How the last save went: saved, blocked by local checks (nothing sent), or refused by main. */
export type SaveOutcome =
  { kind: 'saved'; revision: number; keptBrokenText?: string } | { kind: 'blocked'; count: number } | SaveFailure;

/** What main holds now: the value and the config revision it came with. */
export interface Saved<T> {
  value: T;
  revision: number;
}

/**
 * An editable page's unsaved value, the saved value and revision it started from, and how its last save went.
 * UI-only: the saved value lives in TanStack Query; `base` is kept to tell "edited" from "changed underneath".
 */
export interface DraftState<T> {
  draft: T | null;
  base: T | null;
  baseRevision: number | null;
  /** Main's refusal of the last save, by path; cleared by a structural edit (the paths would no longer match). */
  serverProblems: FieldProblem[];
  outcome: SaveOutcome | null;
  edit: (next: T, saved: Saved<T>, options?: { structural?: boolean }) => void;
  refused: (failure: SaveFailure) => void;
  setOutcome: (outcome: SaveOutcome | null) => void;
  discard: () => void;
}

export type DraftStore<T> = UseBoundStore<StoreApi<DraftState<T>>>;

const EMPTY = { draft: null, base: null, baseRevision: null, serverProblems: [], outcome: null };

/** One store per editable page (intents, skills, the raw YAML); the page keeps its own view state beside it. */
export function createDraftStore<T>(): DraftStore<T> {
  return create<DraftState<T>>((set) => ({
    ...EMPTY,
    // The base is fixed by the first real edit; later edits keep it, so a change underneath stays visible as stale.
    // A draft that has come back to its base holds nothing, so the next edit starts from what is saved now.
    edit: (next, saved, options = {}) =>
      set((state) => ({
        draft: next,
        ...(state.draft === null || sameValue(state.draft, state.base)
          ? { base: saved.value, baseRevision: saved.revision }
          : {}),
        ...(options.structural ? { serverProblems: [] } : {}),
        // "Saved" and "fix these first" describe a value that is no longer the one on screen.
        ...(state.outcome?.kind === 'saved' || state.outcome?.kind === 'blocked' ? { outcome: null } : {}),
      })),
    refused: (failure) => set({ serverProblems: failure.problems, outcome: failure }),
    setOutcome: (outcome) => set({ outcome }),
    discard: () => set(EMPTY),
  }));
}

type Base<T> = Pick<DraftState<T>, 'draft' | 'base' | 'baseRevision'>;

/**
 * Any config edit bumps the revision, so a revision change alone (a server added elsewhere) is not staleness
 * while the saved value is still the one the draft started from.
 */
export function draftStatus<T>(state: Base<T>, saved: Saved<T>): DraftStatus {
  if (state.draft === null || sameValue(state.draft, state.base)) return 'clean';
  return state.baseRevision === saved.revision || sameValue(state.base, saved.value) ? 'dirty' : 'stale';
}

/** What the page shows: the draft while it holds edits, else what is saved. */
export function shownValue<T>(state: Base<T>, saved: Saved<T>): T {
  return draftStatus(state, saved) === 'clean' ? saved.value : (state.draft as T);
}

/** The revision to send as baseRevision: the current one when the saved value is unchanged since the draft began. */
export function revisionToSave<T>(state: Omit<Base<T>, 'draft'>, saved: Saved<T>): number {
  return sameValue(state.base, saved.value) ? saved.revision : (state.baseRevision ?? saved.revision);
}

// Drafts are small (hundreds of nodes) or text; a JSON comparison is simple, fast enough and ignores undefined keys.
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
