import type { RecordActor, RecordStatus } from '../../../../shared/contract';
import { TIME_WINDOWS, isFiltered, type FilterOptions } from './records-filter';
import { useRecordsUiStore, type TimeWindow } from './records-ui-store';
import { useTranslation } from 'react-i18next';

const STATUSES: RecordStatus[] = ['success', 'error', 'rejected', 'blocked', 'stopped'];
const ACTORS: RecordActor[] = ['model', 'operator', 'replay', 'test'];

/** Tool, server, status, conversation and time: each a labelled select, "Any" by default. */
export function RecordsFilterBar({
  options,
  titleOf,
}: {
  options: FilterOptions;
  titleOf: (conversationId: string) => string;
}) {
  const { t } = useTranslation('records');
  const filter = useRecordsUiStore((s) => s.filter);
  const setFilter = useRecordsUiStore((s) => s.setFilter);
  const resetFilter = useRecordsUiStore((s) => s.resetFilter);
  return (
    <form
      className="filter-bar"
      aria-label={t('recordsFilterBar.filterRecords')}
      onSubmit={(event) => event.preventDefault()}
    >
      <label>
        <span>{t('recordsFilterBar.tool')}</span>
        <select value={filter.tool} onChange={(e) => setFilter({ tool: e.target.value })}>
          <option value="">{t('recordsFilterBar.anyTool')}</option>
          {options.tools.map((tool) => (
            <option key={tool} value={tool}>
              {tool}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('recordsFilterBar.server')}</span>
        <select value={filter.server} onChange={(e) => setFilter({ server: e.target.value })}>
          <option value="">{t('recordsFilterBar.anyServer')}</option>
          {options.servers.map((server) => (
            <option key={server} value={server}>
              {server}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('recordsFilterBar.status')}</span>
        <select value={filter.status} onChange={(e) => setFilter({ status: e.target.value as RecordStatus | '' })}>
          <option value="">{t('recordsFilterBar.anyStatus')}</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('recordsFilterBar.actor')}</span>
        <select value={filter.actor} onChange={(e) => setFilter({ actor: e.target.value as RecordActor | '' })}>
          <option value="">{t('recordsFilterBar.anyActor')}</option>
          {ACTORS.map((actor) => (
            <option key={actor} value={actor}>
              {t(`recordsFilterBar.actors.${actor}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('recordsFilterBar.identity')}</span>
        <select
          value={filter.actingIdentity}
          onChange={(e) => setFilter({ actingIdentity: e.target.value })}
          data-testid="records-filter-identity"
        >
          <option value="">{t('recordsFilterBar.anyIdentity')}</option>
          {options.actingIdentities.map((actingIdentity) => (
            <option key={actingIdentity} value={actingIdentity}>
              {actingIdentity}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('recordsFilterBar.conversation')}</span>
        <select value={filter.conversationId} onChange={(e) => setFilter({ conversationId: e.target.value })}>
          <option value="">{t('recordsFilterBar.anyConversation')}</option>
          {options.conversationIds.map((conversationId) => (
            <option key={conversationId} value={conversationId}>
              {titleOf(conversationId)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('recordsFilterBar.time')}</span>
        <select value={filter.window} onChange={(e) => setFilter({ window: e.target.value as TimeWindow })}>
          {TIME_WINDOWS.map((window) => (
            <option key={window.value} value={window.value}>
              {t(`recordsFilterBar.timeWindows.${window.value}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="btn" onClick={resetFilter} disabled={!isFiltered(filter)}>
        {t('recordsFilterBar.clearFilters')}
      </button>
    </form>
  );
}
