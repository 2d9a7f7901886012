import type { CatalogEntry } from './tool-states';

/** A row's identity: the same tool name can be offered by several servers, and an unavailable one by none. */
export const entryKey = (entry: Pick<CatalogEntry, 'toolId' | 'server'>): string => `${entry.server ?? ''}\u0000${entry.toolId}`;

export interface PreparedEntry {
  entry: CatalogEntry;
  key: string;
  /** Lower-cased text the search looks in: name, server, state, reason and descriptions. */
  haystack: string;
}

/** Done once per catalog revision, so typing in the search box never re-lowercases 10,000 rows. */
export function prepareEntries(entries: readonly CatalogEntry[]): PreparedEntry[] {
  return entries.map((entry) => ({
    entry,
    key: entryKey(entry),
    haystack: `${entry.toolId}\n${entry.server ?? ''}\n${entry.state}\n${entry.reason}\n${entry.description ?? ''}\n${entry.remoteDescription ?? ''}`.toLowerCase(),
  }));
}

export interface ToolsFilter {
  query: string;
  state: string | null;
  server: string | null;
}

/** Every word of the query must appear; state and server narrow exactly. `server: ''` means "no server" (unavailable). */
export function filterEntries(prepared: readonly PreparedEntry[], filter: ToolsFilter): PreparedEntry[] {
  const words = filter.query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length && filter.state === null && filter.server === null) return prepared as PreparedEntry[];
  return prepared.filter(({ entry, haystack }) => {
    if (filter.state !== null && entry.state !== filter.state) return false;
    if (filter.server !== null && (entry.server ?? '') !== filter.server) return false;
    for (const word of words) if (!haystack.includes(word)) return false;
    return true;
  });
}

export function countByState(entries: readonly CatalogEntry[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const entry of entries) counts.set(entry.state, (counts.get(entry.state) ?? 0) + 1);
  return counts;
}
