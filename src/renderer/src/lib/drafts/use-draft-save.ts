import type { UseMutationResult } from '@tanstack/react-query';
import { saveFailureOf, type SaveFailure } from '../rpc-problems';
import { draftStatus, revisionToSave, type DraftStatus, type DraftStore, type Saved } from './draft-store';

interface DraftSaveOptions<T, I, R> {
  /** The page's save route (`useRpcMutation('intents.save')`): config.changed refreshes what it changes. */
  mutation: Pick<UseMutationResult<R, Error, I>, 'mutate' | 'isPending'>;
  toInput: (value: T, baseRevision: number) => I;
  /** Problems the page finds itself: a save with any is blocked before anything is sent. */
  countProblems?: (value: T) => number;
  onSaved?: (result: R) => void;
  onRefused?: (failure: SaveFailure) => void;
}

export interface DraftSave {
  status: DraftStatus;
  saving: boolean;
  /** Saves on top of the revision the draft started from: main answers conflict if the value changed underneath. */
  save: () => void;
  /** Saves over whatever is saved now (the operator chose "save mine over it"). */
  saveOver: () => void;
  discard: () => void;
}

/** Saving a draft: local checks, then the save route with its base revision; the outcome lands in the store. */
export function useDraftSave<T, I, R extends { revision: number; keptBrokenText?: string }>(
  store: DraftStore<T>,
  saved: Saved<T>,
  options: DraftSaveOptions<T, I, R>,
): DraftSave {
  const status = useDraftStatus(store, saved);
  const { mutation } = options;

  const submit = (baseRevision: number) => {
    const state = store.getState();
    if (state.draft === null || draftStatus(state, saved) === 'clean') return;
    const value = state.draft;
    const count = options.countProblems?.(value) ?? 0;
    if (count > 0) return state.setOutcome({ kind: 'blocked', count });
    state.setOutcome(null);
    mutation.mutate(options.toInput(value, baseRevision), {
      onSuccess: (result) => {
        options.onSaved?.(result);
        store.getState().discard();
        const { revision, keptBrokenText } = result;
        store.getState().setOutcome({ kind: 'saved', revision, ...(keptBrokenText ? { keptBrokenText } : {}) });
      },
      onError: (error) => {
        const failure = saveFailureOf(error);
        store.getState().refused(failure);
        options.onRefused?.(failure);
      },
    });
  };

  return {
    status,
    saving: mutation.isPending,
    save: () => submit(revisionToSave(store.getState(), saved)),
    saveOver: () => submit(saved.revision),
    discard: store.getState().discard,
  };
}

/** The draft's status; a component using it re-renders when the status changes, not on every keystroke. */
export function useDraftStatus<T>(store: DraftStore<T>, saved: Saved<T>): DraftStatus {
  return store((state) => draftStatus(state, saved));
}
