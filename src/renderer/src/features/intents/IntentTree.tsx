import { DndContext, useDroppable } from '@dnd-kit/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import type { IntentNode } from '../../../../shared/config/schema';
import { IntentTreeRow } from './IntentTreeRow';
import { useTreeDrag } from './use-tree-drag';
import { pathKey, samePath, visibleRows, type DropPosition, type NodePath, type TreeRow } from './tree-ops';
import type { ProblemsByNode } from './tree-validation';
import { useFixedT } from '../../lib/i18n/use-fixed-t';

export type MoveKind = 'up' | 'down' | 'into' | 'out';

/** Past this many visible rows only those in view are rendered (a 5,000-node tree's first rows in one frame). */
export const VIRTUALIZE_TREE_AFTER = 150;
const ROW_HEIGHT = 30;

interface Props {
  tree: IntentNode[];
  collapsed: ReadonlySet<string>;
  selected: NodePath | null;
  problems: ProblemsByNode;
  /** The catalog state of an MCP node's tool, shown beside it; null when the catalog has no row for it. */
  toolStateOf: (toolId: string) => string | null;
  onSelect: (path: NodePath) => void;
  onToggle: (id: string, collapse: boolean) => void;
  /** Returns the node's new path, or null when the move is not possible. */
  onMove: (path: NodePath, move: MoveKind) => NodePath | null;
  /** A drag and drop: `from` lands before, after or inside `target`. Returns the new path, or null. */
  onDrop: (from: NodePath, target: NodePath, position: DropPosition) => NodePath | null;
  onDelete: (path: NodePath) => void;
  onRename: (path: NodePath) => void;
}

const MOVE_KEYS: Record<string, MoveKind> = { ArrowUp: 'up', ArrowDown: 'down', ArrowRight: 'into', ArrowLeft: 'out' };

/**
 * The intent tree as an ARIA tree view with a roving focus: ↑/↓ move, →/← expand/collapse (or step in/out), Home/End,
 * Enter or Space selects; Alt+arrows move the node, Delete removes it, F2 renames it. Rows can also be dragged (with
 * a drop indicator) to reorder or reparent. A large tree renders only the rows in view (@tanstack/react-virtual).
 */
export function IntentTree(props: Props) {
  const t = useFixedT('intents');
  const { selected, problems } = props;
  const { rows, indexOfKey, rowAt, clickedFrom } = useVisibleRows(props.tree, props.collapsed);
  const { container, virtual, virtualizer, activeKey, setFocusKey, focusRow } = useTreeFocus(
    rows,
    indexOfKey,
    selected,
  );
  const drag = useTreeDrag(rowAt, props.onDrop, focusRow);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The row that has focus (it may have got it by a click or programmatically, not only through our state).
    const targetKey = (event.target as HTMLElement).closest<HTMLElement>('[data-key]')?.dataset.key ?? activeKey;
    const index = targetKey === null ? -1 : (indexOfKey.get(targetKey) ?? -1);
    const row = rows[index];
    if (!row) return;
    if (event.altKey && MOVE_KEYS[event.key]) {
      event.preventDefault();
      const moved = props.onMove(row.path, MOVE_KEYS[event.key]);
      if (moved) focusRow(pathKey(moved));
      return;
    }
    const handled = handleKey(event.key, row, index, rows, props, focusRow);
    if (handled) event.preventDefault();
  };

  const { onRowFocus, onRowClick, onRowToggle } = useRowHandlers(props, setFocusKey, clickedFrom);

  if (rows.length === 0) return <p className="state-empty">{t('tree.empty')}</p>;
  // A virtual row is keyed by its place in the list, not its node: a collapse or a move above the view then updates
  // the rows in view in place (text and attributes) instead of unmounting them and mounting as many new ones.
  const renderRow = (row: TreeRow, slot: string | number, start?: number, size?: number) => (
    <IntentTreeRow
      key={slot}
      row={row}
      start={start}
      size={size}
      selected={samePath(row.path, selected)}
      focusable={row.key === activeKey}
      problems={problems.get(row.key)}
      toolState={row.node.kind === 'mcp' && row.node.toolId ? props.toolStateOf(row.node.toolId) : null}
      drop={drag.dropAt?.key === row.key ? drag.dropAt.position : null}
      onFocus={onRowFocus}
      onClick={onRowClick}
      onToggle={onRowToggle}
    />
  );
  return (
    <DndContext {...drag.context}>
      <TreeDropZone
        className={virtual ? 'intent-tree virtual' : 'intent-tree'}
        scroller={container}
        onKeyDown={onKeyDown}
        rows={rows.length}
      >
        {virtual ? (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer
              .getVirtualItems()
              .map((item) => renderRow(rows[item.index], item.index, item.start, item.size))}
          </div>
        ) : (
          rows.map((row) => renderRow(row, row.key))
        )}
      </TreeDropZone>
    </DndContext>
  );
}

/**
 * The rows on screen (the expanded part of the tree) and where each one is. A click on a category's arrow shows the
 * rows it reveals or uncovers in a deferred render, which React slices into short tasks: the rows coming into view
 * are rendered without holding the page for one long task. Keyboard toggles stay synchronous, so the next key press
 * always acts on the rows it sees. A click records the collapsed set it started from in `clickedFrom`.
 */
function useVisibleRows(tree: IntentNode[], collapsed: ReadonlySet<string>) {
  const deferredCollapsed = useDeferredValue(collapsed);
  const clickedFrom = useRef<ReadonlySet<string> | null>(null);
  const shownCollapsed =
    deferredCollapsed !== collapsed && deferredCollapsed === clickedFrom.current ? deferredCollapsed : collapsed;
  const rows = useMemo(() => visibleRows(tree, shownCollapsed), [tree, shownCollapsed]);
  const indexOfKey = useMemo(() => {
    const index = new Map<string, number>();
    for (let i = 0; i < rows.length; i++) index.set(rows[i].key, i);
    return index;
  }, [rows]);
  const rowAt = (key: string | number | undefined) =>
    key === undefined ? undefined : rows[indexOfKey.get(String(key)) ?? -1];
  return { rows, indexOfKey, rowAt, clickedFrom };
}

/**
 * The roving focus and scrolling: the one focusable row (the focused one, else the selection, else the first),
 * brought into view and focused when asked (`focusRow`); a large tree renders only the rows in view.
 */
function useTreeFocus(rows: TreeRow[], indexOfKey: ReadonlyMap<string, number>, selected: NodePath | null) {
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const focusRequested = useRef(false);
  const virtual = rows.length > VIRTUALIZE_TREE_AFTER;
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => container.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
  });

  // The focused row must exist; fall back to the selection, then the first row.
  const selectedKey = selected ? pathKey(selected) : null;
  const activeKey =
    focusKey !== null && indexOfKey.has(focusKey)
      ? focusKey
      : selectedKey !== null && indexOfKey.has(selectedKey)
        ? selectedKey
        : (rows[0]?.key ?? null);

  const reveal = (key: string | null) => {
    const index = key === null ? undefined : indexOfKey.get(key);
    if (index === undefined) return;
    if (virtual) virtualizer.scrollToIndex(index, { align: 'auto' });
    else container.current?.querySelector<HTMLElement>(`[data-key="${key}"]`)?.scrollIntoView?.({ block: 'nearest' });
  };

  useEffect(() => {
    if (!focusRequested.current) return;
    reveal(activeKey);
    // A virtual row scrolled to is rendered on the next frame.
    const focus = () => container.current?.querySelector<HTMLElement>(`[data-key="${activeKey}"]`);
    const row = focus();
    if (row) {
      focusRequested.current = false;
      row.focus();
      return;
    }
    const frame = requestAnimationFrame(() => {
      focusRequested.current = false;
      focus()?.focus();
    });
    return () => cancelAnimationFrame(frame);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reveal reads the same rows
  }, [activeKey, rows]);

  // A selection made elsewhere (a problem link, another page) scrolls its row into view.
  useEffect(() => {
    reveal(selectedKey);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the selection changes
  }, [selectedKey]);

  const focusRow = (key: string | null) => {
    focusRequested.current = true;
    setFocusKey(key);
  };
  return { container, virtual, virtualizer, activeKey, setFocusKey, focusRow };
}

/** Stable row handlers (the rows are memoised): they read the latest props through a ref. */
function useRowHandlers(
  props: Props,
  setFocusKey: (key: string) => void,
  clickedFrom: RefObject<ReadonlySet<string> | null>,
) {
  const latest = useRef(props);
  latest.current = props;
  const onRowFocus = useCallback((row: TreeRow) => setFocusKey(row.key), [setFocusKey]);
  const onRowClick = useCallback(
    (row: TreeRow) => {
      setFocusKey(row.key);
      latest.current.onSelect(row.path);
    },
    [setFocusKey],
  );
  const onRowToggle = useCallback(
    (row: TreeRow) => {
      clickedFrom.current = latest.current.collapsed;
      latest.current.onToggle(row.node.id, row.expanded === true);
    },
    [clickedFrom],
  );
  return { onRowFocus, onRowClick, onRowToggle };
}

/** The tree's element: its scroller, and the one drop target of a drag (inside DndContext, as dnd-kit wants). */
function TreeDropZone({
  className,
  scroller,
  onKeyDown,
  rows,
  children,
}: {
  className: string;
  scroller: RefObject<HTMLDivElement | null>;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  rows: number;
  children: ReactNode;
}) {
  const t = useFixedT('intents');
  const { setNodeRef } = useDroppable({ id: 'intent-tree' });
  return (
    <div
      className={className}
      role="tree"
      aria-label={t('tree.label')}
      ref={(element) => {
        scroller.current = element;
        setNodeRef(element);
      }}
      onKeyDown={onKeyDown}
      data-rows={rows}
    >
      {children}
    </div>
  );
}

function handleKey(
  key: string,
  row: TreeRow,
  index: number,
  rows: TreeRow[],
  props: Props,
  focusRow: (key: string | null) => void,
): boolean {
  switch (key) {
    case 'ArrowDown':
      if (index < rows.length - 1) focusRow(rows[index + 1].key);
      return true;
    case 'ArrowUp':
      if (index > 0) focusRow(rows[index - 1].key);
      return true;
    case 'Home':
      focusRow(rows[0].key);
      return true;
    case 'End':
      focusRow(rows[rows.length - 1].key);
      return true;
    case 'ArrowRight':
      if (row.expanded === false) props.onToggle(row.node.id, false);
      else if (row.expanded && rows[index + 1]?.depth === row.depth + 1) focusRow(rows[index + 1].key);
      return true;
    case 'ArrowLeft':
      if (row.expanded) props.onToggle(row.node.id, true);
      else if (row.path.length > 1) focusRow(pathKey(row.path.slice(0, -1)));
      return true;
    case 'Enter':
    case ' ':
      props.onSelect(row.path);
      return true;
    case 'Delete':
      props.onDelete(row.path);
      focusRow(null); // focus follows the selection the delete leaves behind
      return true;
    case 'F2':
      props.onRename(row.path);
      return true;
    default:
      return false;
  }
}
