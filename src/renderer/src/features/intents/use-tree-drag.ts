import { PointerSensor, useSensor, useSensors, type DragEndEvent, type DragMoveEvent } from '@dnd-kit/core';
import { useState } from 'react';
import { useFixedT } from '../../lib/i18n/use-fixed-t';
import { pathKey, type DropPosition, type NodePath, type TreeRow } from './tree-ops';

type RowAt = (key: string | number | undefined) => TreeRow | undefined;
type Drop = (from: NodePath, target: NodePath, position: DropPosition) => NodePath | null;

/** Where over a row the pointer is: the top quarter drops before it, the bottom quarter after, a category's middle inside. */
function dropPosition(row: TreeRow, pointerY: number, rect: { top: number; height: number }): DropPosition {
  const share = (pointerY - rect.top) / rect.height;
  if (row.expanded !== null && share > 0.25 && share < 0.75) return 'inside';
  return share < 0.5 ? 'before' : 'after';
}

/**
 * Dragging a row onto another: where it would land (`dropAt`, for the indicator) and the DndContext props. The row
 * under the pointer is the drop target: the tree is the one droppable, so scrolling registers nothing.
 */
export function useTreeDrag(rowAt: RowAt, onDrop: Drop, focusRow: (key: string) => void) {
  const t = useFixedT('intents');
  const [dropAt, setDropAt] = useState<{ key: string; position: DropPosition } | null>(null);
  // A small movement before a drag starts, so a click still selects.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));

  const onDragMove = ({ active, activatorEvent, delta }: DragMoveEvent) => {
    const start = activatorEvent as PointerEvent;
    const x = start.clientX + delta.x;
    const y = start.clientY + delta.y;
    const element = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-key]');
    const target = rowAt(element?.dataset.key);
    if (!element || !target || target.key === active.id) return setDropAt(null);
    const position = dropPosition(target, y, element.getBoundingClientRect());
    if (dropAt?.key !== target.key || dropAt.position !== position) setDropAt({ key: target.key, position });
  };
  const onDragEnd = ({ active }: DragEndEvent) => {
    const from = rowAt(active.id);
    const target = dropAt ? rowAt(dropAt.key) : undefined;
    setDropAt(null);
    if (!from || !target || !dropAt) return;
    const moved = onDrop(from.path, target.path, dropAt.position);
    if (moved) focusRow(pathKey(moved));
  };

  // dnd-kit's screen-reader texts, in the console's language (its defaults are English and describe a keyboard
  // sensor the tree does not use: the keyboard reorders with Alt+arrows).
  const nameOf = (id: string | number) => rowAt(id)?.node.name || t('tree.noName');
  const accessibility = {
    screenReaderInstructions: { draggable: t('tree.drag.instructions') },
    announcements: {
      onDragStart: ({ active }: { active: { id: string | number } }) =>
        t('tree.drag.picked', { name: nameOf(active.id) }),
      onDragOver: () => undefined,
      onDragMove: () => undefined,
      onDragEnd: ({ active }: { active: { id: string | number } }) =>
        t('tree.drag.dropped', { name: nameOf(active.id) }),
      onDragCancel: ({ active }: { active: { id: string | number } }) =>
        t('tree.drag.cancelled', { name: nameOf(active.id) }),
    },
  };

  return {
    dropAt,
    context: { sensors, accessibility, onDragMove, onDragEnd, onDragCancel: () => setDropAt(null) },
  };
}
