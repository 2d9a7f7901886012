import { useFixedT } from '../../lib/i18n/use-fixed-t';
import { useDraggable } from '@dnd-kit/core';
import { memo } from 'react';
import { ToolStateBadge } from '../../components/ToolStateBadge';
import type { DropPosition, TreeRow } from './tree-ops';
import type { NodeProblem } from './tree-validation';
import { virtualRowStyle } from '../../lib/virtual-row';

interface Props {
  row: TreeRow;
  selected: boolean;
  focusable: boolean;
  problems: readonly NodeProblem[] | undefined;
  toolState: string | null;
  /** Where a dragged node would land relative to this row, for the drop indicator. */
  drop: DropPosition | null;
  /** In a virtualized tree: the row's offset and height (numbers, so the memo holds). */
  start?: number;
  size?: number;
  onFocus: (row: TreeRow) => void;
  onClick: (row: TreeRow) => void;
  onToggle: (row: TreeRow) => void;
}

/**
 * One row of the tree: a treeitem that is also a drag handle (dnd-kit, pointer only). Memoised with
 * stable handlers, so scrolling a large tree renders only the rows that come into view.
 */
export const IntentTreeRow = memo(function IntentTreeRow({
  row,
  selected,
  focusable,
  problems,
  toolState,
  drop,
  start,
  size,
  onFocus,
  onClick,
  onToggle,
}: Props) {
  const t = useFixedT('intents');
  const node = row.node;
  // Only the pointer listeners: dnd-kit's own attributes (role="button", tabIndex) would replace the treeitem's.
  // Drop targets are found under the pointer by the tree (one droppable): a droppable per row re-rendered every row
  // each time a row scrolled into view.
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: row.key });
  return (
    <div
      ref={setNodeRef}
      {...listeners}
      role="treeitem"
      aria-level={row.depth}
      aria-setsize={row.setSize}
      aria-posinset={row.posInSet}
      aria-expanded={row.expanded ?? undefined}
      aria-selected={selected}
      // No aria-label: the row's name is its visible text (kind, name, tool, state), so speech input finds it by what it shows.
      tabIndex={focusable ? 0 : -1}
      className={`tree-row${selected ? ' selected' : ''}${problems ? ' has-problem' : ''}${isDragging ? ' dragging' : ''}${drop ? ` drop-${drop}` : ''}`}
      style={{
        paddingLeft: 6 + (row.depth - 1) * 18,
        ...(start !== undefined && size !== undefined && virtualRowStyle(start, size)),
      }}
      data-key={row.key}
      data-testid="intent-node"
      data-node-id={node.id}
      data-kind={node.kind}
      data-drop={drop ?? undefined}
      onFocus={() => onFocus(row)}
      onClick={() => onClick(row)}
    >
      <span
        className="tree-toggle"
        aria-hidden="true"
        onClick={(event) => {
          if (row.expanded === null) return;
          event.stopPropagation();
          onToggle(row);
        }}
      >
        {row.expanded === null ? '' : row.expanded ? '▾' : '▸'}
      </span>
      <span className={`kind-tag kind-${node.kind}`}>{t(`tree.kinds.${node.kind}`)}</span>
      <span className="node-name">{node.name || <em className="muted">{t('tree.noName')}</em>}</span>
      {node.kind === 'mcp' && <code className="node-tool">{node.toolId || t('tree.noToolParen')}</code>}
      {toolState && <ToolStateBadge state={toolState} />}
      {problems && (
        <span className="node-problem" title={problems.map((p) => p.message).join('\n')}>
          <span aria-hidden="true">⚠ {problems.length}</span>
          <span className="visually-hidden">{t('tree.problems', { count: problems.length })}</span>
        </span>
      )}
    </div>
  );
});
