import type { RecordSummary, RouteInput } from '../../../../shared/contract';
import type { RecordsFilterState, TimeWindow } from './records-ui-store';

/** How many records the page asks for; main keeps them newest first. */
export const RECORDS_LIMIT = 2000;

const WINDOW_MS: Record<Exclude<TimeWindow, 'all'>, number> = {
  '15m': 15 * 60_000,
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
};

/** The time filter's choices; their labels are translated (records.json, recordsFilterBar.timeWindows). */
export const TIME_WINDOWS: { value: TimeWindow }[] = [
  { value: 'all' },
  { value: '15m' },
  { value: '1h' },
  { value: '24h' },
  { value: '7d' },
];

/** The fields main filters on go to records.list; empty selections are left out so "any" means any. */
export function toListInput(filter: RecordsFilterState): RouteInput<'records.list'> {
  return {
    limit: RECORDS_LIMIT,
    ...(filter.tool ? { tool: filter.tool } : {}),
    ...(filter.server ? { server: filter.server } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.conversationId ? { conversationId: filter.conversationId } : {}),
    ...(filter.actor ? { actor: filter.actor } : {}),
    ...(filter.actingIdentity ? { actingIdentity: filter.actingIdentity } : {}),
  };
}

/** The time window is applied here: main has no time filter. A record counts by when it finished. */
export function withinWindow<T extends Pick<RecordSummary, 'finishedAt'>>(
  records: T[],
  window: TimeWindow,
  now: number,
): T[] {
  if (window === 'all') return records;
  const since = now - WINDOW_MS[window];
  return records.filter((record) => Date.parse(record.finishedAt) >= since);
}

export interface FilterOptions {
  tools: string[];
  servers: string[];
  conversationIds: string[];
  actingIdentities: string[];
}

/** Choices for the filter selects, from the unfiltered list; a current choice stays listed even when no row has it. */
export function filterOptions(records: RecordSummary[], current: RecordsFilterState): FilterOptions {
  const collect = (values: (string | null)[], keep: string) => {
    const set = new Set(values.filter((v): v is string => Boolean(v)));
    if (keep) set.add(keep);
    return [...set].sort();
  };
  return {
    tools: collect(
      records.map((r) => r.tool),
      current.tool,
    ),
    servers: collect(
      records.map((r) => r.server),
      current.server,
    ),
    conversationIds: collect(
      records.map((r) => r.conversationId),
      current.conversationId,
    ),
    actingIdentities: collect(
      records.map((r) => r.actingIdentity ?? null),
      current.actingIdentity,
    ),
  };
}

export const isFiltered = (filter: RecordsFilterState) =>
  Boolean(
    filter.tool ||
    filter.server ||
    filter.status ||
    filter.conversationId ||
    filter.actingIdentity ||
    filter.window !== 'all',
  );
