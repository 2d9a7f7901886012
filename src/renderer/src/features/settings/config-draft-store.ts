import { create } from 'zustand';

/** The operator's unsaved YAML and the revision it was based on. UI-only: survives a trip to another page. */
interface ConfigDraftState {
  draft: string | null;
  baseRevision: number | null;
  baseRaw: string | null;
  edit: (text: string, base: { revision: number; raw: string }) => void;
  discard: () => void;
}

export const useConfigDraftStore = create<ConfigDraftState>((set) => ({
  draft: null,
  baseRevision: null,
  baseRaw: null,
  // The base is fixed by the first real edit; later keystrokes keep it, so a change on disk stays visible.
  edit: (text, base) =>
    set((state) =>
      state.draft === null || state.draft === state.baseRaw
        ? { draft: text, baseRevision: base.revision, baseRaw: base.raw }
        : { draft: text },
    ),
  discard: () => set({ draft: null, baseRevision: null, baseRaw: null }),
}));

export type DraftStatus = 'clean' | 'dirty' | 'stale';

/** clean: nothing to save; dirty: edits on top of what is on disk; stale: edits, but the file changed underneath. */
export function draftStatus(
  state: Pick<ConfigDraftState, 'draft' | 'baseRevision' | 'baseRaw'>,
  revision: number,
): DraftStatus {
  if (state.draft === null || state.draft === state.baseRaw) return 'clean';
  return state.baseRevision === revision ? 'dirty' : 'stale';
}
