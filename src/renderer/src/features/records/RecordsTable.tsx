import { useFixedT } from '../../lib/i18n/use-fixed-t';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type CSSProperties } from 'react';
import type { RecordSummary } from '../../../../shared/contract';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDuration, formatTime } from '../../lib/format';
import { splitDuration } from './duration-split';
import { useTranslation } from 'react-i18next';
import { virtualRowStyle } from '../../lib/virtual-row';

/** Past this many rows only the visible ones are rendered. */
export const VIRTUALIZE_AFTER = 100;
const ROW_HEIGHT = 34;

interface Props {
  rows: RecordSummary[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  titleOf: (conversationId: string) => string;
}

/** Execution records, newest first. A row opens its detail by click, or by its tool button from the keyboard. */
const COLUMNS = ['started', 'tool', 'server', 'status', 'identity', 'conversation', 'waited', 'ran'] as const;

export function RecordsTable(props: Props) {
  const { t } = useTranslation(['records', 'common']);
  return (
    <div
      className="records-table"
      role="table"
      aria-label={t('recordsTable.executionRecords')}
      aria-rowcount={props.rows.length + 1}
    >
      <div role="rowgroup">
        <div role="row" className="records-row records-header">
          {COLUMNS.map((name) => (
            <span role="columnheader" key={name}>
              {t(`recordsTable.columns.${name}`)}
            </span>
          ))}
        </div>
      </div>
      {props.rows.length > VIRTUALIZE_AFTER ? <VirtualRows {...props} /> : <PlainRows {...props} />}
    </div>
  );
}

function PlainRows({ rows, ...rest }: Props) {
  return (
    <div role="rowgroup" className="records-body">
      {rows.map((row, index) => (
        <RecordRow key={row.id} row={row} index={index} {...rest} />
      ))}
    </div>
  );
}

function VirtualRows({ rows, ...rest }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  return (
    <div role="rowgroup" className="records-body virtual" ref={scroller}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => (
          <RecordRow
            key={rows[item.index].id}
            row={rows[item.index]}
            index={item.index}
            style={virtualRowStyle(item.start, item.size)}
            {...rest}
          />
        ))}
      </div>
    </div>
  );
}

function RecordRow({
  row,
  index,
  selectedId,
  onSelect,
  titleOf,
  style,
}: Omit<Props, 'rows'> & { row: RecordSummary; index: number; style?: CSSProperties }) {
  const t = useFixedT(['records', 'common']);
  const selected = row.id === selectedId;
  const { waitingMs, executingMs } = splitDuration(row);
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={selected ? 'records-row selected' : 'records-row'}
      data-testid="record-row"
      data-tool={row.tool}
      data-status={row.status}
      data-actor={row.actor ?? 'model'}
      style={style}
      onClick={() => onSelect(row.id)}
    >
      {/* The start time, as in the detail: when the model asked for the call. */}
      <span role="cell">{formatTime(row.startedAt)}</span>
      <span role="cell" title={row.tool}>
        <button
          type="button"
          className="link"
          aria-label={t('recordsTable.openRecordStarted', {
            tool: row.tool,
            status: row.status,
            startedAt: formatTime(row.startedAt),
          })}
        >
          <code>{row.tool}</code>
        </button>
      </span>
      <span role="cell">{row.server ?? t('common:shared.local')}</span>
      <span role="cell">
        <StatusBadge status={row.status} />
      </span>
      <span role="cell" className="ellipsis" data-testid="record-identity">
        {row.actingIdentity ?? '—'}
      </span>
      <span role="cell" className="ellipsis" title={row.conversationId}>
        {row.actor && row.actor !== 'model' ? <span className="actor-tag">{row.actor}</span> : null}{' '}
        {titleOf(row.conversationId)}
      </span>
      <span role="cell" className="num" title={t('recordsTable.waitingForApproval')} data-testid="record-waited">
        {row.approval ? formatDuration(waitingMs) : '—'}
      </span>
      <span role="cell" className="num" title={t('recordsTable.executing')} data-testid="record-ran">
        {executingMs === null ? '—' : formatDuration(executingMs)}
      </span>
    </div>
  );
}
