import type { ToolState } from '../../../../shared/catalog';
import { TOOL_STATE_ORDER } from '../../../../shared/catalog/catalog-counts';
import type { CatalogListEntry, CatalogView } from '../../../../shared/contract';

/** A row of catalog.list: what the list, the filters and the pickers show; `title` and `icon` only when the tool has them. */
export type CatalogRow = CatalogListEntry & { title?: string | null; icon?: string | null };
/** A row in full (catalog.tool): quarantine diff, nodes, gating skills, descriptions, annotations. */
export type CatalogEntry = CatalogView['entries'][number];
export type CatalogBinding = CatalogView['bindings'][number];
export type { ToolState };

/**
 * Every state a catalog entry can be in, with its badge tone (its label and one-line meaning are translated:
 * common.json's toolStates). A state the contract adds that is missing here fails to compile.
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
} as const satisfies Record<ToolState, { tone: 'ok' | 'info' | 'muted' | 'bad' | 'warn' }>;

export type KnownToolState = ToolState;
/** The order the Tools page, the CLI and PIPELINE.md list the states in (shared/catalog's, the one copy). */
export const STATE_ORDER: readonly ToolState[] = TOOL_STATE_ORDER;

export function toneOfState(state: string): string {
  return (TOOL_STATES as Record<string, { tone: string } | undefined>)[state]?.tone ?? 'muted';
}
