import type { ToolState } from '../../../../shared/catalog';
import type { CatalogListEntry, CatalogView } from '../../../../shared/contract';

/** A row of catalog.list: what the list, the filters and the pickers show; `title` and `icon` only when the tool has them. */
export type CatalogRow = CatalogListEntry & { title?: string | null; icon?: string | null };
/** A row in full (catalog.tool): quarantine diff, nodes, gating skills, descriptions, annotations. */
export type CatalogEntry = CatalogView['entries'][number];
export type CatalogBinding = CatalogView['bindings'][number];
export type { ToolState };

/**
 * Every state a catalog entry can be in, with its badge tone (its label and one-line meaning are translated:
 * common.json's toolStates). `quarantined` (a definition that
 * changed after it was pinned) is listed ahead of the contract so the badge, the filter and the legend need no change
 * when main starts sending it; a state the contract adds that is missing here fails to compile.
 */
export const TOOL_STATES = {
  bound: { tone: 'ok' },
  gated: { tone: 'info' },
  appOnly: { tone: 'info' },
  unmounted: { tone: 'muted' },
  unavailable: { tone: 'bad' },
  reserved: { tone: 'warn' },
  shadowed: { tone: 'warn' },
  quarantined: { tone: 'bad' },
} as const satisfies Record<ToolState | 'quarantined', { tone: 'ok' | 'info' | 'muted' | 'bad' | 'warn' }>;

export type KnownToolState = keyof typeof TOOL_STATES;
export const STATE_ORDER = Object.keys(TOOL_STATES) as KnownToolState[];

export function toneOfState(state: string): string {
  return (TOOL_STATES as Record<string, { tone: string } | undefined>)[state]?.tone ?? 'muted';
}
