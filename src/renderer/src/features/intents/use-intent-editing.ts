import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { IntentNode } from '../../../../shared/config/schema';
import { useRpcMutation } from '../../lib/queries';
import { saveFailureOf, type SaveFailure } from '../../lib/rpc-problems';
import { draftStatus, revisionToSave, useIntentDraftStore } from './intent-draft-store';
import type { MoveKind } from './IntentTree';
import {
  addNode,
  ancestorIds,
  moveBy,
  moveIntoPrevious,
  moveOutOfParent,
  moveTo,
  mountTools,
  nodeAt,
  pathKey,
  removeAt,
  updateAt,
  type DropPosition,
  type Moved,
  type MountedTool,
  type NodeKind,
  type NodePath,
} from './tree-ops';
import { useTranslation } from 'react-i18next';
import { countProblems, mergeProblems, problemsFromPaths, validateTree } from './tree-validation';

export interface SavedTree {
  intents: IntentNode[];
  revision: number;
}

export type SaveOutcome = { kind: 'saved'; revision: number } | { kind: 'blocked'; count: number } | SaveFailure;

const MOVES: Record<MoveKind, (tree: IntentNode[], path: NodePath) => Moved | null> = {
  up: (tree, path) => moveBy(tree, path, -1),
  down: (tree, path) => moveBy(tree, path, 1),
  into: moveIntoPrevious,
  out: moveOutOfParent,
};

/** The intent tree being edited: the draft (or the saved tree), its problems, and every edit and save action. */
export function useIntentEditing(saved: SavedTree, serverNames: readonly string[] | undefined) {
  const store = useIntentDraftStore();
  const queryClient = useQueryClient();
  const save = useRpcMutation('intents.save'); // config.changed and catalog.changed refresh what it changes
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  // Which node's name field should take focus (after adding it, or F2); cleared once the editor has done so.
  const [renameRequest, setRenameRequest] = useState<string | null>(null);

  const tree = store.draft ?? saved.intents;
  const status = useMemo(() => draftStatus(store, saved), [store, saved]);
  const { i18n } = useTranslation();
  // Re-validated on a language change too: the messages are in the UI language.
  const localProblems = useMemo(() => validateTree(tree, serverNames), [tree, serverNames, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const fromServer = useMemo(() => problemsFromPaths(store.serverProblems), [store.serverProblems]);
  const problems = useMemo(() => mergeProblems(localProblems, fromServer.byNode), [localProblems, fromServer]);
  const selected = store.selected && nodeAt(tree, store.selected) ? store.selected : null;
  const selectedNode = selected ? nodeAt(tree, selected)! : null;

  const apply = (next: IntentNode[], options?: { structural?: boolean; select?: NodePath | null }) => {
    store.edit(next, saved, options);
    if (outcome?.kind === 'saved' || outcome?.kind === 'blocked') setOutcome(null);
  };

  const reveal = (next: IntentNode[], path: NodePath) => store.expand(ancestorIds(next, path));

  const add = (kind: NodeKind) => {
    const moved = addNode(tree, selected, kind);
    apply(moved.tree, { structural: true, select: moved.path });
    reveal(moved.tree, moved.path);
    setRenameRequest(pathKey(moved.path));
  };

  const move = (path: NodePath, kind: MoveKind): NodePath | null => {
    const moved = MOVES[kind](tree, path);
    if (!moved) return null;
    apply(moved.tree, { structural: true, select: moved.path });
    reveal(moved.tree, moved.path);
    return moved.path;
  };

  /** A drag and drop in the tree; the node stays selected where it lands. */
  const drop = (from: NodePath, target: NodePath, position: DropPosition): NodePath | null => {
    const moved = moveTo(tree, from, target, position);
    if (!moved) return null;
    apply(moved.tree, { structural: true, select: moved.path });
    reveal(moved.tree, moved.path);
    return moved.path;
  };

  const canMove = (path: NodePath | null, kind: MoveKind) => path !== null && MOVES[kind](tree, path) !== null;

  const remove = (path: NodePath) => {
    const result = removeAt(tree, path);
    apply(result.tree, { structural: true, select: result.select });
  };

  const update = (path: NodePath, node: IntentNode) => apply(updateAt(tree, path, () => node));

  /** Tools mounted from the Tools page: new MCP nodes in the draft, the first one selected in the editor. */
  const mountInto = useCallback(
    (categoryId: string | null, tools: readonly MountedTool[]) => {
      const state = useIntentDraftStore.getState();
      const current = state.draft ?? saved.intents;
      const result = mountTools(current, categoryId, tools);
      state.edit(result.tree, saved, { structural: true, select: result.first });
      if (result.first) state.expand(ancestorIds(result.tree, result.first));
    },
    [saved],
  );

  const submit = (baseRevision: number) => {
    const count = countProblems(localProblems);
    if (count > 0) {
      setOutcome({ kind: 'blocked', count });
      return;
    }
    setOutcome(null);
    save.mutate(
      { intents: tree, baseRevision },
      {
        onSuccess: (result) => {
          // Show the saved tree at once instead of the old one until the refetch lands.
          queryClient.setQueryData(['intents.get', {}], result);
          store.discard();
          setOutcome({ kind: 'saved', revision: result.revision });
        },
        onError: (error) => {
          const failure = saveFailureOf(error);
          store.setServerProblems(failure.problems);
          setOutcome(failure);
        },
      },
    );
  };

  const discard = useCallback(() => {
    useIntentDraftStore.getState().discard();
    setOutcome(null);
  }, []);

  return {
    mountInto,
    tree,
    status,
    problems,
    generalProblems: fromServer.general,
    localProblemCount: countProblems(localProblems),
    selected,
    selectedNode,
    outcome,
    saving: save.isPending,
    renameRequest,
    select: store.select,
    /** Selects a node and expands the categories above it (from a problem list, another page). */
    reveal: (path: NodePath) => {
      store.select(path);
      reveal(tree, path);
    },
    toggle: store.setCollapsed,
    collapsed: store.collapsed,
    add,
    move,
    drop,
    canMove,
    remove,
    update,
    rename: (path: NodePath) => {
      store.select(path);
      setRenameRequest(pathKey(path));
    },
    renameHandled: () => setRenameRequest(null),
    save: () => submit(revisionToSave(store, saved)),
    saveOver: () => submit(saved.revision),
    discard,
  };
}

export type IntentEditing = ReturnType<typeof useIntentEditing>;
