import type { CategoryNode, IntentNode } from '../../../../shared/config/schema';
import { i18n, UI_LANGUAGES } from '../../lib/i18n';

/**
 * Pure edits of the intent tree. Nodes are addressed by their index path (e.g. [0, 2] = third child of the first
 * root), not by id: ids are operator-edited and may be duplicated while a draft is invalid, paths never are.
 * Every edit returns a new tree (structural sharing) and, where the node moves, its new path.
 */
export type NodePath = readonly number[];
export type NodeKind = IntentNode['kind'];

export const pathKey = (path: NodePath): string => path.join('/');
export const samePath = (a: NodePath | null, b: NodePath | null): boolean =>
  a !== null && b !== null && pathKey(a) === pathKey(b);

export function nodeAt(tree: readonly IntentNode[], path: NodePath): IntentNode | undefined {
  let list: readonly IntentNode[] = tree;
  let node: IntentNode | undefined;
  for (const index of path) {
    node = list[index];
    if (!node) return undefined;
    list = node.kind === 'category' ? node.children : [];
  }
  return node;
}

/** Rebuilds the tree with the sibling list under `parentPath` ([] = the roots) replaced by `change(siblings)`. */
function withSiblings(
  tree: IntentNode[],
  parentPath: NodePath,
  change: (siblings: IntentNode[]) => IntentNode[],
): IntentNode[] {
  if (parentPath.length === 0) return change(tree);
  const [head, ...rest] = parentPath;
  const parent = tree[head];
  if (!parent || parent.kind !== 'category') throw new Error(`no category at ${pathKey(parentPath)}`);
  const next = [...tree];
  next[head] = { ...parent, children: withSiblings(parent.children, rest, change) };
  return next;
}

export interface Moved {
  tree: IntentNode[];
  path: NodePath;
}

export function updateAt(tree: IntentNode[], path: NodePath, change: (node: IntentNode) => IntentNode): IntentNode[] {
  const index = path[path.length - 1];
  return withSiblings(tree, path.slice(0, -1), (siblings) =>
    siblings.map((node, i) => (i === index ? change(node) : node)),
  );
}

/** Removes the node (and its subtree); the selection moves to the next sibling, else the previous, else the parent. */
export function removeAt(tree: IntentNode[], path: NodePath): { tree: IntentNode[]; select: NodePath | null } {
  const parentPath = path.slice(0, -1);
  const index = path[path.length - 1];
  let remaining = 0;
  const next = withSiblings(tree, parentPath, (siblings) => {
    const kept = siblings.filter((_, i) => i !== index);
    remaining = kept.length;
    return kept;
  });
  const select =
    remaining > index ? path : remaining > 0 ? [...parentPath, index - 1] : parentPath.length ? parentPath : null;
  return { tree: next, select };
}

export function insertAt(tree: IntentNode[], parentPath: NodePath, index: number, node: IntentNode): Moved {
  const next = withSiblings(tree, parentPath, (siblings) => [
    ...siblings.slice(0, index),
    node,
    ...siblings.slice(index),
  ]);
  return { tree: next, path: [...parentPath, index] };
}

/** Swaps the node with its neighbour; null when it is already first (up) or last (down). */
export function moveBy(tree: IntentNode[], path: NodePath, delta: -1 | 1): Moved | null {
  const parentPath = path.slice(0, -1);
  const index = path[path.length - 1];
  const siblings = parentPath.length ? (nodeAt(tree, parentPath) as CategoryNode | undefined)?.children : tree;
  const target = index + delta;
  if (!siblings || target < 0 || target >= siblings.length) return null;
  const next = withSiblings(tree, parentPath, (list) => {
    const copy = [...list];
    [copy[index], copy[target]] = [copy[target], copy[index]];
    return copy;
  });
  return { tree: next, path: [...parentPath, target] };
}

/** Moves the node into the category just above it (as its last child); null when the node above is not a category. */
export function moveIntoPrevious(tree: IntentNode[], path: NodePath): Moved | null {
  const index = path[path.length - 1];
  if (index === 0) return null;
  const parentPath = path.slice(0, -1);
  const previous = nodeAt(tree, [...parentPath, index - 1]);
  const node = nodeAt(tree, path);
  if (!node || !previous || previous.kind !== 'category') return null;
  const next = withSiblings(tree, parentPath, (siblings) =>
    siblings.flatMap((sibling, i) =>
      i === index ? [] : i === index - 1 ? [{ ...previous, children: [...previous.children, node] }] : [sibling],
    ),
  );
  return { tree: next, path: [...parentPath, index - 1, previous.children.length] };
}

/** Moves the node out of its category, placing it right after that category; null at the root. */
export function moveOutOfParent(tree: IntentNode[], path: NodePath): Moved | null {
  if (path.length < 2) return null;
  const parentPath = path.slice(0, -1);
  const parent = nodeAt(tree, parentPath);
  const node = nodeAt(tree, path);
  if (!parent || parent.kind !== 'category' || !node) return null;
  const index = path[path.length - 1];
  const parentIndex = parentPath[parentPath.length - 1];
  const grandPath = parentPath.slice(0, -1);
  const next = withSiblings(tree, grandPath, (siblings) => [
    ...siblings.slice(0, parentIndex),
    { ...parent, children: parent.children.filter((_, i) => i !== index) },
    node,
    ...siblings.slice(parentIndex + 1),
  ]);
  return { tree: next, path: [...grandPath, parentIndex + 1] };
}

export function allIds(tree: readonly IntentNode[]): Set<string> {
  const ids = new Set<string>();
  const walk = (list: readonly IntentNode[]) => {
    for (const node of list) {
      ids.add(node.id);
      if (node.kind === 'category') walk(node.children);
    }
  };
  walk(tree);
  return ids;
}

export function uniqueId(tree: readonly IntentNode[], base: string): string {
  const ids = allIds(tree);
  if (!ids.has(base)) return base;
  let n = 2;
  while (ids.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

// A new node's id is the same in every language (ids are code); its name is in the UI language (intents:newNode).
const NEW_NODE_ID: Record<NodeKind, string> = { category: 'new-category', mcp: 'new-tool', knowledge: 'new-knowledge' };
const newNodeName = (kind: NodeKind, lng?: string) => i18n.t(`intents:newNode.${kind}`, { lng });

export function newNode(tree: readonly IntentNode[], kind: NodeKind): IntentNode {
  const id = uniqueId(tree, NEW_NODE_ID[kind]);
  const name = newNodeName(kind);
  if (kind === 'category') return { id, name, kind, examples: [], children: [] };
  if (kind === 'mcp') return { id, name, kind, toolId: '', confirm: 'auto', examples: [] };
  return { id, name, kind, examples: [] };
}

const idFromToolId = (toolId: string) => toolId.replace(/[^A-Za-z0-9_.:-]/g, '-') || 'tool';
const PLACEHOLDER_MCP_ID = /^new-tool(-\d+)?$/;

/**
 * A node given a tool from the picker takes its name from the tool (its title, else its id) and its id from the
 * tool id, unless the operator already set them: a typed name or id is never replaced.
 */
export function nameFromTool(
  tree: readonly IntentNode[],
  path: NodePath,
  node: Extract<IntentNode, { kind: 'mcp' }>,
  title?: string | null,
): Extract<IntentNode, { kind: 'mcp' }> {
  if (!node.toolId) return node;
  const next = { ...node };
  if (!node.name.trim() || UI_LANGUAGES.some((lng) => node.name === newNodeName('mcp', lng)))
    next.name = title?.trim() || node.toolId;
  if (PLACEHOLDER_MCP_ID.test(node.id)) next.id = uniqueId(removeAt([...tree], path).tree, idFromToolId(node.toolId));
  return next;
}

/** Adds a node where an operator expects it: inside a selected category, after a selected leaf, else at the end. */
export function addNode(tree: IntentNode[], selected: NodePath | null, kind: NodeKind): Moved {
  const node = newNode(tree, kind);
  const target = selected ? nodeAt(tree, selected) : undefined;
  if (!selected || !target) return insertAt(tree, [], tree.length, node);
  if (target.kind === 'category') return insertAt(tree, selected, target.children.length, node);
  return insertAt(tree, selected.slice(0, -1), selected[selected.length - 1] + 1, node);
}

export type DropPosition = 'before' | 'after' | 'inside';

/**
 * Moves a node (with its subtree) next to `target` or, for a category, to the end of its children: what a drag and
 * drop does. Null when nothing would change sense: onto itself, into its own subtree, or inside a leaf.
 */
export function moveTo(tree: IntentNode[], from: NodePath, target: NodePath, position: DropPosition): Moved | null {
  const node = nodeAt(tree, from);
  const over = nodeAt(tree, target);
  if (!node || !over) return null;
  if (target.length >= from.length && from.every((index, depth) => target[depth] === index)) return null;
  if (position === 'inside' && over.kind !== 'category') return null;
  const removed = removeAt(tree, from).tree;
  // Removing `from` shifts its later siblings (and everything under them) up by one.
  const parent = from.slice(0, -1);
  const at = [...target];
  if (
    at.length > parent.length &&
    parent.every((index, depth) => at[depth] === index) &&
    at[parent.length] > from[from.length - 1]
  )
    at[parent.length] -= 1;
  if (position === 'inside') return insertAt(removed, at, (nodeAt(removed, at) as CategoryNode).children.length, node);
  return insertAt(removed, at.slice(0, -1), at[at.length - 1] + (position === 'after' ? 1 : 0), node);
}

export function countDescendants(node: IntentNode): number {
  return node.kind === 'category' ? node.children.reduce((sum, child) => sum + 1 + countDescendants(child), 0) : 0;
}

/** One visible row of the tree view, with what ARIA needs (level, position in set). */
export interface TreeRow {
  node: IntentNode;
  path: NodePath;
  key: string;
  depth: number;
  posInSet: number;
  setSize: number;
  expanded: boolean | null; // null for leaves
}

interface FlatNode {
  /** The node's row while it is expanded (or a leaf), and while it is collapsed: the same objects on every call. */
  row: TreeRow;
  collapsedRow: TreeRow | null;
  /** Index just past its subtree, where a collapsed category's rows resume. */
  end: number;
}

// Trees are immutable (every edit rebuilds the path it changes), so a tree's flattening can be kept for it.
const flattened = new WeakMap<readonly IntentNode[], FlatNode[]>();

function flatten(tree: readonly IntentNode[]): FlatNode[] {
  const flat: FlatNode[] = [];
  const walk = (list: readonly IntentNode[], parentPath: number[]) =>
    list.forEach((node, index) => {
      const path = [...parentPath, index];
      const isCategory = node.kind === 'category';
      const row: TreeRow = {
        node,
        path,
        key: pathKey(path),
        depth: path.length,
        posInSet: index + 1,
        setSize: list.length,
        expanded: isCategory ? true : null,
      };
      const at = flat.push({ row, collapsedRow: isCategory ? { ...row, expanded: false } : null, end: 0 }) - 1;
      if (isCategory) walk(node.children, path);
      flat[at].end = flat.length;
    });
  walk(tree, []);
  return flat;
}

/**
 * The rows shown with these categories collapsed. A row is the same object across calls for the same tree, so a
 * collapse re-renders only the rows whose row changed (memoised rows), and costs a pass over the visible rows.
 */
export function visibleRows(tree: readonly IntentNode[], collapsed: ReadonlySet<string>): TreeRow[] {
  let flat = flattened.get(tree);
  if (!flat) {
    flat = flatten(tree);
    flattened.set(tree, flat);
  }
  const rows: TreeRow[] = [];
  for (let i = 0; i < flat.length;) {
    const { row, collapsedRow, end } = flat[i];
    if (collapsedRow && collapsed.has(row.node.id)) {
      rows.push(collapsedRow);
      i = end;
    } else {
      rows.push(row);
      i++;
    }
  }
  return rows;
}

/** Every category from the root down to (not including) the node: expanding these reveals it. */
export function ancestorIds(tree: readonly IntentNode[], path: NodePath): string[] {
  const ids: string[] = [];
  for (let depth = 1; depth < path.length; depth++) {
    const node = nodeAt(tree, path.slice(0, depth));
    if (node) ids.push(node.id);
  }
  return ids;
}

/** The path of the first node with this id, depth first; null when none has it. */
export function findPathById(tree: readonly IntentNode[], id: string): NodePath | null {
  const walk = (list: readonly IntentNode[], parent: number[]): number[] | null => {
    for (let index = 0; index < list.length; index++) {
      const node = list[index];
      if (node.id === id) return [...parent, index];
      if (node.kind === 'category') {
        const found = walk(node.children, [...parent, index]);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(tree, []);
}

/** A tool to mount as an MCP node (from the Tools page). */
export interface MountedTool {
  toolId: string;
  server: string;
  pinServer: boolean;
  title: string | null;
}

/**
 * Adds one MCP node per tool at the end of the category `categoryId` (the top level when it is null or gone),
 * named from the tool's title. No description override: the model gets the server's own text, and later changes
 * to it. Returns the tree and the first new node's path.
 */
export function mountTools(
  tree: IntentNode[],
  categoryId: string | null,
  tools: readonly MountedTool[],
): { tree: IntentNode[]; first: NodePath | null } {
  const parent = categoryId ? findPathById(tree, categoryId) : null;
  const parentPath = parent && nodeAt(tree, parent)?.kind === 'category' ? parent : [];
  let next = tree;
  let first: NodePath | null = null;
  for (const tool of tools) {
    const node: IntentNode = {
      id: uniqueId(next, idFromToolId(tool.toolId)),
      name: tool.title?.trim() || tool.toolId,
      kind: 'mcp',
      toolId: tool.toolId,
      ...(tool.pinServer ? { server: tool.server } : {}),
      confirm: 'auto',
      examples: [],
    };
    const siblings = parentPath.length
      ? (nodeAt(next, parentPath) as Extract<IntentNode, { kind: 'category' }>).children
      : next;
    const moved = insertAt(next, parentPath, siblings.length, node);
    next = moved.tree;
    first ??= moved.path;
  }
  return { tree: next, first };
}
