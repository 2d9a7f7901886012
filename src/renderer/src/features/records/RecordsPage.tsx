import { useOpenRequest } from '../../app/navigation';
import { Empty, Loading, LoadError } from '../../components/QueryState';
import { useRpcQuery } from '../../lib/queries';
import { useNow } from '../../lib/use-now';
import { ExportRecordsButtons } from './ExportRecordsButtons';
import { RecordDetail } from './RecordDetail';
import { RECORDS_LIMIT, filterOptions, isFiltered, toListInput, withinWindow } from './records-filter';
import { RecordsFilterBar } from './RecordsFilterBar';
import { RecordsIndexProgress } from './RecordsIndexProgress';
import { useRecordsUiStore } from './records-ui-store';
import { RecordsTable } from './RecordsTable';
import './records.css';
import { useTranslation } from 'react-i18next';

/** Every executed or refused tool call, with its arguments, result and approval decision. */
export function RecordsPage() {
  const { t } = useTranslation('records');
  const filter = useRecordsUiStore((s) => s.filter);
  const selectedId = useRecordsUiStore((s) => s.selectedRecordId);
  const selectRecord = useRecordsUiStore((s) => s.selectRecord);
  useOpenRequest('records', selectRecord);
  const rowsQuery = useRpcQuery('records.list', toListInput(filter));
  const allQuery = useRpcQuery('records.list', { limit: RECORDS_LIMIT });
  const conversations = useRpcQuery('chat.list', {});
  const now = useNow(30_000);

  // A run by hand, a test run or a replay has no conversation in the list: it is named for what it was, not "deleted".
  const actorOf = new Map((allQuery.data ?? []).map((r) => [r.conversationId, r.actor] as const));
  const titleOf = (id: string) => {
    const title = conversations.data?.find((c) => c.id === id)?.title;
    if (title !== undefined) return title;
    const actor = actorOf.get(id) ?? rowsQuery.data?.find((r) => r.conversationId === id)?.actor;
    if (actor === 'operator') return t('recordsPage.runByHand');
    if (actor === 'test') return t('recordsPage.testRun');
    if (actor === 'replay') return t('recordsPage.replayRun');
    return t('recordsPage.deletedConversation', { id });
  };
  const rows = rowsQuery.data ? withinWindow(rowsQuery.data, filter.window, now) : [];

  return (
    // Escape anywhere on the page closes the detail; focus stays where the operator left it.
    <div
      className={selectedId ? 'records-page with-detail' : 'records-page'}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && selectedId) selectRecord(null);
      }}
    >
      <section aria-labelledby="records-title" className="records-list">
        <h1 id="records-title">{t('recordsPage.records')}</h1>
        <RecordsFilterBar options={filterOptions(allQuery.data ?? [], filter)} titleOf={titleOf} />
        <RecordsIndexProgress />
        <div className="records-toolbar">
          <span role="status" data-testid="records-count">
            {rowsQuery.data
              ? rowsQuery.data.length >= RECORDS_LIMIT
                ? t('recordsPage.recordCountLimited', { count: rows.length, limit: RECORDS_LIMIT })
                : t('recordsPage.recordCount', { count: rows.length })
              : ''}
          </span>
          <ExportRecordsButtons rows={rows} filter={filter} />
        </div>
        {rowsQuery.isPending ? (
          <Loading>{t('recordsPage.loadingRecords')}</Loading>
        ) : rowsQuery.isError ? (
          <LoadError
            what={t('recordsPage.theRecords')}
            error={rowsQuery.error}
            onRetry={() => void rowsQuery.refetch()}
          />
        ) : rows.length === 0 ? (
          <Empty>{isFiltered(filter) ? t('recordsPage.noRecordsMatchThese') : t('recordsPage.noToolHasBeen')}</Empty>
        ) : (
          <RecordsTable rows={rows} selectedId={selectedId} onSelect={selectRecord} titleOf={titleOf} />
        )}
      </section>
      {selectedId && <RecordDetail recordId={selectedId} onClose={() => selectRecord(null)} titleOf={titleOf} />}
    </div>
  );
}
