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
      <FilterSelect
        label={t('recordsFilterBar.tool')}
        any={t('recordsFilterBar.anyTool')}
        value={filter.tool}
        choices={options.tools.map(asItself)}
        onChange={(tool) => setFilter({ tool })}
      />
      <FilterSelect
        label={t('recordsFilterBar.server')}
        any={t('recordsFilterBar.anyServer')}
        value={filter.server}
        choices={options.servers.map(asItself)}
        onChange={(server) => setFilter({ server })}
      />
      <FilterSelect
        label={t('recordsFilterBar.status')}
        any={t('recordsFilterBar.anyStatus')}
        value={filter.status}
        choices={STATUSES.map(asItself)}
        onChange={(status) => setFilter({ status: status as RecordStatus | '' })}
      />
      <FilterSelect
        label={t('recordsFilterBar.actor')}
        any={t('recordsFilterBar.anyActor')}
        value={filter.actor}
        choices={ACTORS.map((actor) => ({ value: actor, label: t(`recordsFilterBar.actors.${actor}`) }))}
        onChange={(actor) => setFilter({ actor: actor as RecordActor | '' })}
      />
      <FilterSelect
        label={t('recordsFilterBar.identity')}
        any={t('recordsFilterBar.anyIdentity')}
        value={filter.actingIdentity}
        choices={options.actingIdentities.map(asItself)}
        onChange={(actingIdentity) => setFilter({ actingIdentity })}
        testId="records-filter-identity"
      />
      <FilterSelect
        label={t('recordsFilterBar.conversation')}
        any={t('recordsFilterBar.anyConversation')}
        value={filter.conversationId}
        choices={options.conversationIds.map((id) => ({ value: id, label: titleOf(id) }))}
        onChange={(conversationId) => setFilter({ conversationId })}
      />
      <FilterSelect
        label={t('recordsFilterBar.time')}
        value={filter.window}
        choices={TIME_WINDOWS.map((window) => ({
          value: window.value,
          label: t(`recordsFilterBar.timeWindows.${window.value}`),
        }))}
        onChange={(window) => setFilter({ window: window as TimeWindow })}
      />
      <button type="button" className="btn" onClick={resetFilter} disabled={!isFiltered(filter)}>
        {t('recordsFilterBar.clearFilters')}
      </button>
    </form>
  );
}

interface Choice {
  value: string;
  label: string;
}

const asItself = (value: string): Choice => ({ value, label: value });

/** One labelled filter: "Any" (the empty value) first when the filter may be off, then each choice. */
function FilterSelect(props: {
  label: string;
  any?: string;
  value: string;
  choices: Choice[];
  onChange(value: string): void;
  testId?: string;
}) {
  return (
    <label>
      <span>{props.label}</span>
      <select value={props.value} onChange={(e) => props.onChange(e.target.value)} data-testid={props.testId}>
        {props.any !== undefined && <option value="">{props.any}</option>}
        {props.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}
