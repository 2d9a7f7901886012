import type { ToolState } from './types';

/** Every state, in the order the Tools page, the CLI and PIPELINE.md list them. */
export const TOOL_STATE_ORDER = Object.freeze([
  'bound',
  'gated',
  'appOnly',
  'unmounted',
  'unavailable',
  'reserved',
  'shadowed',
  'quarantined',
] as const);

/**
 * The one definition of the catalog's counts, used by the Tools header and its chips, `switchboard catalog` and
 * PIPELINE.md ("Counts"). Each row counts once, under its state: a gated binding is `gated`, never `bound`.
 */
export interface CatalogCounts {
  /** Rows: every discovered (server, tool) pair, plus every configured toolId no server offers. */
  tools: number;
  /** bound + gated + appOnly: the tools in the toolkit, callable (a gated one once its skill is loaded, an appOnly one by its app). */
  bindings: number;
  byState: Record<ToolState, number>;
}

export function countCatalog(states: Iterable<ToolState>): CatalogCounts {
  const byState = Object.fromEntries(TOOL_STATE_ORDER.map((state) => [state, 0])) as Record<ToolState, number>;
  let tools = 0;
  for (const state of states) {
    byState[state] = (byState[state] ?? 0) + 1;
    tools++;
  }
  return { tools, bindings: byState.bound + byState.gated + byState.appOnly, byState };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "7 tools: 4 bound, 1 gated (5 bindings), 1 unmounted, 1 unavailable"; bound and gated always, other states when present. */
export function describeCounts(counts: CatalogCounts): string {
  const { byState } = counts;
  const rest = TOOL_STATE_ORDER.filter((state) => state !== 'bound' && state !== 'gated' && byState[state] > 0).map(
    (state) => `${byState[state]} ${state}`,
  );
  return `${plural(counts.tools, 'tool')}: ${byState.bound} bound, ${byState.gated} gated (${plural(counts.bindings, 'binding')})${rest.length ? `, ${rest.join(', ')}` : ''}`;
}
