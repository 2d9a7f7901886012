import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { IntentNode } from '../../../../shared/config/schema';
import { shownValue, type Saved } from '../../lib/drafts/draft-store';
import { useDraftSave } from '../../lib/drafts/use-draft-save';
import { useRpcMutation } from '../../lib/queries';
import { useIntentDraftStore, useIntentTreeView } from './intent-draft-store';
import { nodeAt } from './tree-ops';
import { countProblems, mergeProblems, problemsFromPaths, validateTree } from './tree-validation';

/*
 * The intent editor's state, one hook per concern: each subscribes only to the store fields it reads, so a
 * component re-renders on what it shows. The edit actions are in intent-edits.ts and subscribe to nothing.
 */

/** The tree on screen: the draft while it holds edits, else the saved tree. */
export function useIntentTree(saved: Saved<IntentNode[]>): IntentNode[] {
  return useIntentDraftStore((state) => shownValue(state, saved));
}

/** The selected node, if the selection still points at one (an edit elsewhere can remove it). */
export function useIntentSelection(tree: IntentNode[]) {
  const path = useIntentTreeView((state) => state.selected);
  const node = path ? nodeAt(tree, path) : null;
  return node && path ? { selected: path, selectedNode: node } : { selected: null, selectedNode: null };
}

/** The tree's problems by node: the local checks merged with main's refusal of the last save. */
export function useIntentProblems(tree: IntentNode[], serverNames: readonly string[] | undefined) {
  const { i18n } = useTranslation();
  // Re-validated on a language change too: the messages are in the UI language.
  const local = useMemo(() => validateTree(tree, serverNames), [tree, serverNames, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const serverProblems = useIntentDraftStore((state) => state.serverProblems);
  const fromServer = useMemo(() => problemsFromPaths(serverProblems), [serverProblems, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const problems = useMemo(() => mergeProblems(local, fromServer.byNode), [local, fromServer]);
  return { problems, general: fromServer.general };
}

/** Saving the tree: blocked while the local checks find problems; the saved tree is shown at once. */
export function useIntentSave(saved: Saved<IntentNode[]>, serverNames: readonly string[] | undefined) {
  const queryClient = useQueryClient();
  const mutation = useRpcMutation('intents.save'); // config.changed and catalog.changed refresh what it changes
  return useDraftSave(useIntentDraftStore, saved, {
    mutation,
    toInput: (intents, baseRevision) => ({ intents, baseRevision }),
    countProblems: (tree) => countProblems(validateTree(tree, serverNames)),
    // Show the saved tree at once instead of the old one until the refetch lands.
    onSaved: (result) => queryClient.setQueryData(['intents.get', {}], result),
  });
}
