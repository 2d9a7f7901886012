import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { IntentNode } from '../../../../shared/config/schema';
import { ToolStateBadge } from '../../components/ToolStateBadge';
import { pathKey, samePath, visibleRows, type NodePath, type TreeRow } from './tree-ops';
import type { ProblemsByNode } from './tree-validation';

export type MoveKind = 'up' | 'down' | 'into' | 'out';

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
  onDelete: (path: NodePath) => void;
  onRename: (path: NodePath) => void;
}

const KIND_LABEL = { category: 'category', mcp: 'MCP tool', knowledge: 'knowledge' } as const;
const MOVE_KEYS: Record<string, MoveKind> = { ArrowUp: 'up', ArrowDown: 'down', ArrowRight: 'into', ArrowLeft: 'out' };

/**
 * The intent tree as an ARIA tree view with a roving focus: ↑/↓ move, →/← expand/collapse (or step in/out), Home/End,
 * Enter or Space selects; Alt+arrows move the node, Delete removes it, F2 renames it.
 */
export function IntentTree(props: Props) {
  const { tree, collapsed, selected, problems } = props;
  const rows = useMemo(() => visibleRows(tree, collapsed), [tree, collapsed]);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const focusRequested = useRef(false);

  // The focused row must exist; fall back to the selection, then the first row.
  const selectedKey = selected ? pathKey(selected) : null;
  const activeKey = rows.some((row) => row.key === focusKey) ? focusKey : rows.some((row) => row.key === selectedKey) ? selectedKey : (rows[0]?.key ?? null);

  useEffect(() => {
    if (!focusRequested.current) return;
    focusRequested.current = false;
    container.current?.querySelector<HTMLElement>(`[data-key="${activeKey}"]`)?.focus();
  }, [activeKey, rows]);

  // A selection made elsewhere (a problem link, another page) scrolls its row into view.
  useEffect(() => {
    if (selectedKey === null) return;
    container.current?.querySelector<HTMLElement>(`[data-key="${selectedKey}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [selectedKey]);

  const focusRow = (key: string | null) => {
    focusRequested.current = true;
    setFocusKey(key);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The row that has focus (it may have got it by a click or programmatically, not only through our state).
    const targetKey = (event.target as HTMLElement).closest<HTMLElement>('[data-key]')?.dataset.key ?? activeKey;
    const index = rows.findIndex((row) => row.key === targetKey);
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

  if (rows.length === 0) return <p className="state-empty">The tree is empty. Add a category or a node to start.</p>;
  return (
    <div className="intent-tree" role="tree" aria-label="Intent tree" ref={container} onKeyDown={onKeyDown}>
      {rows.map((row) => {
        const rowProblems = problems.get(row.key);
        const node = row.node;
        const isSelected = samePath(row.path, selected);
        const toolState = node.kind === 'mcp' && node.toolId ? props.toolStateOf(node.toolId) : null;
        return (
          <div
            key={row.key}
            role="treeitem"
            aria-level={row.depth}
            aria-setsize={row.setSize}
            aria-posinset={row.posInSet}
            aria-expanded={row.expanded ?? undefined}
            aria-selected={isSelected}
            aria-label={`${node.name} (${KIND_LABEL[node.kind]}${node.kind === 'mcp' ? `: ${node.toolId || 'no tool'}` : ''})${rowProblems ? `, ${rowProblems.length} problem${rowProblems.length > 1 ? 's' : ''}` : ''}`}
            tabIndex={row.key === activeKey ? 0 : -1}
            className={`tree-row${isSelected ? ' selected' : ''}${rowProblems ? ' has-problem' : ''}`}
            style={{ paddingLeft: 6 + (row.depth - 1) * 18 }}
            data-key={row.key}
            data-testid="intent-node"
            data-node-id={node.id}
            data-kind={node.kind}
            onFocus={() => setFocusKey(row.key)}
            onClick={() => {
              setFocusKey(row.key);
              props.onSelect(row.path);
            }}
          >
            <span
              className="tree-toggle"
              aria-hidden="true"
              onClick={(event) => {
                if (row.expanded === null) return;
                event.stopPropagation();
                props.onToggle(node.id, row.expanded);
              }}
            >
              {row.expanded === null ? '' : row.expanded ? '▾' : '▸'}
            </span>
            <span className={`kind-tag kind-${node.kind}`}>{KIND_LABEL[node.kind]}</span>
            <span className="node-name">{node.name || <em className="muted">(no name)</em>}</span>
            {node.kind === 'mcp' && <code className="node-tool">{node.toolId || '(no tool)'}</code>}
            {toolState && <ToolStateBadge state={toolState} />}
            {rowProblems && (
              <span className="node-problem" title={rowProblems.map((p) => p.message).join('\n')}>
                ⚠ {rowProblems.length}
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}

function handleKey(key: string, row: TreeRow, index: number, rows: TreeRow[], props: Props, focusRow: (key: string | null) => void): boolean {
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
