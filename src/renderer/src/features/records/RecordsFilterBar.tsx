import type { RecordActor, RecordStatus } from '../../../../shared/contract';
import { TIME_WINDOWS, isFiltered, type FilterOptions } from './records-filter';
import { useRecordsUiStore, type RecordsFilterState } from './records-ui-store';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

const STATUSES: RecordStatus[] = ['success', 'error', 'rejected', 'blocked', 'stopped'];
const ACTORS: RecordActor[] = ['model', 'operator', 'replay', 'test'];

/** Tool, server, status, actor, identity, conversation and time: each a labelled select, "Any" by default. */
export function RecordsFilterBar({ options, titleOf }: { options: FilterOptions; titleOf: (id: string) => string }) {
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
      {filterFields(t, options, titleOf).map(({ key, ...select }) => (
        <FilterSelect
          key={key}
          {...select}
          value={filter[key]}
          // Each select offers only its field's values, so the patch holds one of them.
          onChange={(value) => setFilter({ [key]: value } as Partial<RecordsFilterState>)}
        />
      ))}
      <button type="button" className="btn" onClick={resetFilter} disabled={!isFiltered(filter)}>
        {t('recordsFilterBar.clearFilters')}
      </button>
    </form>
  );
}

/** One select of the bar: the filter field it sets, its label, its "Any" (absent where it can't be off), its choices. */
interface FilterField {
  key: keyof RecordsFilterState;
  label: string;
  any?: string;
  choices: Choice[];
  testId?: string;
}

/** The bar's selects, in order: what was called, by whom and for whom, and when. */
function filterFields(t: TFunction<'records'>, options: FilterOptions, titleOf: (id: string) => string): FilterField[] {
  return [
    {
      key: 'tool',
      label: t('recordsFilterBar.tool'),
      any: t('recordsFilterBar.anyTool'),
      choices: options.tools.map(asItself),
    },
    {
      key: 'server',
      label: t('recordsFilterBar.server'),
      any: t('recordsFilterBar.anyServer'),
      choices: options.servers.map(asItself),
    },
    {
      key: 'status',
      label: t('recordsFilterBar.status'),
      any: t('recordsFilterBar.anyStatus'),
      choices: STATUSES.map(asItself),
    },
    {
      key: 'actor',
      label: t('recordsFilterBar.actor'),
      any: t('recordsFilterBar.anyActor'),
      choices: ACTORS.map((actor) => ({ value: actor, label: t(`recordsFilterBar.actors.${actor}`) })),
    },
    {
      key: 'actingIdentity',
      label: t('recordsFilterBar.identity'),
      any: t('recordsFilterBar.anyIdentity'),
      choices: options.actingIdentities.map(asItself),
      testId: 'records-filter-identity',
    },
    {
      key: 'conversationId',
      label: t('recordsFilterBar.conversation'),
      any: t('recordsFilterBar.anyConversation'),
      choices: options.conversationIds.map((id) => ({ value: id, label: titleOf(id) })),
    },
    {
      key: 'window',
      label: t('recordsFilterBar.time'),
      choices: TIME_WINDOWS.map(({ value }) => ({ value, label: t(`recordsFilterBar.timeWindows.${value}`) })),
    },
  ];
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
