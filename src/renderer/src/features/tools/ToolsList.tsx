import { useFixedT } from '../../lib/i18n/use-fixed-t';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useId, useRef, type KeyboardEvent } from 'react';
import type { PreparedEntry } from './tools-filter';
import { ToolStateBadge } from '../../components/ToolStateBadge';
import { ToolIcon, ToolTitle } from '../../components/ToolLook';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../lib/i18n/messages';
import type { NameWarning } from '../../../../shared/catalog/lookalike-names';
import { NameWarningNote } from './NameWarningText';
import { virtualRowStyle } from '../../lib/virtual-row';

const ROW_HEIGHT = 36;

interface Props {
  rows: readonly PreparedEntry[];
  selectedKey: string | null;
  onSelect: (key: string) => void;
  /** Keys of the unmounted rows chosen for Mount, and how to choose one. */
  toMount: readonly string[];
  onToggleMount: (key: string) => void;
  /** Look-alike names (shared/catalog/lookalike-names.ts), by toolId. */
  warnings?: ReadonlyMap<string, NameWarning>;
}

/**
 * Every catalog entry as a virtualized listbox: only the rows in view are rendered, so 10,000 tools cost the same as
 * 30. Focus the list and use ↑/↓ (PageUp/PageDown, Home/End) to move the selection; the detail follows it. Space
 * chooses the selected unmounted tool for Mount: an option may not hold a button, so the row's Mount chip is for the
 * pointer only, and the keyboard has Space here and the detail's button.
 */
export function ToolsList({ rows, selectedKey, onSelect, toMount, onToggleMount, warnings }: Props) {
  const { t } = useTranslation('tools');
  const id = useId();
  const selectedIndex = selectedKey === null ? -1 : rows.findIndex((row) => row.key === selectedKey);
  const { scroller, virtualizer } = useRowWindow(rows.length, selectedIndex);
  const onKeyDown = listboxKeys(rows, selectedIndex, () => pageOf(scroller.current), onSelect, onToggleMount);

  return (
    <div className="tools-list">
      <ToolsListHeader />
      <div
        ref={scroller}
        className="tools-scroller"
        role="listbox"
        tabIndex={0}
        aria-label={t('list.shown', { count: rows.length })}
        aria-describedby={`${id}-help`}
        aria-activedescendant={selectedIndex >= 0 ? `${id}-${selectedIndex}` : undefined}
        onKeyDown={onKeyDown}
        data-testid="tools-list"
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => (
            <ToolRow
              key={rows[item.index].key}
              id={`${id}-${item.index}`}
              row={rows[item.index]}
              index={item.index}
              setSize={rows.length}
              selected={item.index === selectedIndex}
              onSelect={onSelect}
              chosen={toMount.includes(rows[item.index].key)}
              onToggleMount={onToggleMount}
              nameWarning={warnings?.get(rows[item.index].entry.toolId)}
              start={item.start}
              size={item.size}
            />
          ))}
        </div>
      </div>
      <p id={`${id}-help`} className="muted small tools-list-help">
        {t('list.keyboardHelp')}
      </p>
    </div>
  );
}

/** The rows in view (virtualized), kept on the selected row when the filter or the keyboard moves it. */
function useRowWindow(count: number, selectedIndex: number) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);
  return { scroller, virtualizer };
}

/** How many rows PageUp/PageDown move: a screenful less one (ten rows before the list has a height). */
const pageOf = (scroller: HTMLElement | null) =>
  Math.max(1, Math.floor((scroller?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1);

/** The listbox's keys: navigation keys move the selection; Space chooses the selected unmounted tool for Mount. */
function listboxKeys(
  rows: readonly PreparedEntry[],
  selectedIndex: number,
  page: () => number,
  onSelect: (key: string) => void,
  onToggleMount: (key: string) => void,
) {
  return (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === ' ') {
      const entry = rows[selectedIndex]?.entry;
      if (entry?.state === 'unmounted' && entry.server !== null) {
        event.preventDefault();
        onToggleMount(rows[selectedIndex].key);
      }
      return;
    }
    const target = keyTarget(event.key, selectedIndex, page(), rows.length);
    if (target === null || rows.length === 0) return;
    event.preventDefault();
    onSelect(rows[Math.max(0, Math.min(rows.length - 1, target))].key);
  };
}

/** Where a navigation key moves the selection from index `from` (-1: none yet); null for any other key. */
function keyTarget(key: string, from: number, page: number, count: number): number | null {
  switch (key) {
    case 'ArrowDown':
      return from + 1;
    case 'ArrowUp':
      return from - 1;
    case 'PageDown':
      return from + page;
    case 'PageUp':
      return from - page;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** The column titles above the listbox; hidden from assistive technology, which reads each option whole. */
function ToolsListHeader() {
  const { t } = useTranslation('tools');
  return (
    <div className="tools-row tools-header" aria-hidden="true">
      <span>{t('list.tool')}</span>
      <span>{t('list.server')}</span>
      <span>{t('list.state')}</span>
      <span>{t('list.reason')}</span>
      <span />
    </div>
  );
}

interface RowProps {
  id: string;
  row: PreparedEntry;
  index: number;
  setSize: number;
  selected: boolean;
  onSelect: (key: string) => void;
  chosen: boolean;
  onToggleMount: (key: string) => void;
  start: number;
  size: number;
  nameWarning: NameWarning | undefined;
}

// Memoized: scrolling re-renders only the rows entering the window.
const ToolRow = memo(function ToolRow({
  id,
  row,
  index,
  setSize,
  selected,
  onSelect,
  chosen,
  onToggleMount,
  start,
  size,
  nameWarning,
}: RowProps) {
  const t = useFixedT('tools');
  const messageText = useMessageText();
  const { entry } = row;
  const reason = messageText(entry.reason);
  const style = virtualRowStyle(start, size);
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      aria-posinset={index + 1}
      aria-setsize={setSize}
      className={selected ? 'tools-row selected' : 'tools-row'}
      data-testid="tool-row"
      data-tool={entry.toolId}
      data-server={entry.server ?? ''}
      data-state={entry.state}
      style={style}
      onClick={() => onSelect(row.key)}
    >
      <span className="ellipsis tool-cell" title={entry.title ? `${entry.toolId}: ${entry.title}` : undefined}>
        <ToolIcon src={entry.icon} />
        <code>{entry.toolId}</code>
        <NameWarningNote warning={nameWarning} compact />
        <ToolTitle title={entry.title} />
      </span>
      <span className="ellipsis muted">{entry.server ?? '—'}</span>
      <span>
        <ToolStateBadge state={entry.state} />
      </span>
      <span className="ellipsis reason" title={reason} data-reason-code={entry.reason.code}>
        {reason}
      </span>
      <span>
        {entry.state === 'unmounted' && entry.server !== null && (
          // Not a button: an option holds no controls (Space in the list and the detail's button are the keyboard's way).
          <span
            className={chosen ? 'btn btn-small mount-chip chosen' : 'btn btn-small mount-chip'}
            aria-hidden="true"
            title={t('list.mountFrom', { toolId: entry.toolId, server: entry.server })}
            data-testid="mount-toggle"
            data-chosen={chosen}
            onClick={(event) => {
              event.stopPropagation(); // choosing a row to mount does not select it
              onToggleMount(row.key);
            }}
          >
            {chosen ? t('list.chosen') : t('list.mount')}
          </span>
        )}
        {chosen && <span className="visually-hidden">{t('list.chosen')}</span>}
      </span>
    </div>
  );
});
