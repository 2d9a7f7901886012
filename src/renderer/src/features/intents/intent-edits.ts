import { useMemo } from 'react';
import type { IntentNode } from '../../../../shared/config/schema';
import { shownValue, type Saved } from '../../lib/drafts/draft-store';
import { useIntentDraftStore, useIntentTreeView } from './intent-draft-store';
import type { MoveKind } from './IntentTree';
import {
  addNode,
  ancestorIds,
  moveBy,
  moveIntoPrevious,
  moveOutOfParent,
  moveTo,
  mountTools,
  pathKey,
  removeAt,
  updateAt,
  type DropPosition,
  type Moved,
  type MountedTool,
  type NodeKind,
  type NodePath,
} from './tree-ops';

const MOVES: Record<MoveKind, (tree: IntentNode[], path: NodePath) => Moved | null> = {
  up: (tree, path) => moveBy(tree, path, -1),
  down: (tree, path) => moveBy(tree, path, 1),
  into: moveIntoPrevious,
  out: moveOutOfParent,
};

export const canMove = (tree: IntentNode[], path: NodePath | null, kind: MoveKind) =>
  path !== null && MOVES[kind](tree, path) !== null;

/**
 * Every edit of the intent tree. The actions read the store when called, so holding them subscribes to nothing:
 * a toolbar re-renders for the selection it shows, not for each keystroke in a name.
 */
export function intentEdits(saved: Saved<IntentNode[]>) {
  const tree = () => shownValue(useIntentDraftStore.getState(), saved);
  const view = () => useIntentTreeView.getState();
  const apply = (next: IntentNode[], structural = false) =>
    useIntentDraftStore.getState().edit(next, saved, { structural });
  /** A structural change: main's problems by path no longer match; the moved node is selected and shown. */
  const place = (moved: Moved): NodePath => {
    apply(moved.tree, true);
    view().select(moved.path);
    view().expand(ancestorIds(moved.tree, moved.path));
    return moved.path;
  };
  const moveWith = (moved: Moved | null) => (moved ? place(moved) : null);

  return {
    add: (kind: NodeKind) => view().requestRename(pathKey(place(addNode(tree(), view().selected, kind)))),
    move: (path: NodePath, kind: MoveKind) => moveWith(MOVES[kind](tree(), path)),
    /** A drag and drop in the tree; the node stays selected where it lands. */
    drop: (from: NodePath, target: NodePath, position: DropPosition) =>
      moveWith(moveTo(tree(), from, target, position)),
    remove: (path: NodePath) => {
      const result = removeAt(tree(), path);
      apply(result.tree, true);
      view().select(result.select);
    },
    update: (path: NodePath, node: IntentNode) => apply(updateAt(tree(), path, () => node)),
    /** Tools mounted from the Tools page: new MCP nodes in the draft, the first one selected in the editor. */
    mountInto: (categoryId: string | null, tools: readonly MountedTool[]) => {
      const result = mountTools(tree(), categoryId, tools);
      apply(result.tree, true);
      view().select(result.first);
      if (result.first) view().expand(ancestorIds(result.tree, result.first));
    },
    /** Selects a node and expands the categories above it (from a problem list, another page). */
    reveal: (path: NodePath) => {
      view().select(path);
      view().expand(ancestorIds(tree(), path));
    },
    rename: (path: NodePath) => {
      view().select(path);
      view().requestRename(pathKey(path));
    },
  };
}

export type IntentEdits = ReturnType<typeof intentEdits>;

export const useIntentEdits = (saved: Saved<IntentNode[]>): IntentEdits => useMemo(() => intentEdits(saved), [saved]);
