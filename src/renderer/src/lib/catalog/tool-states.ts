import type { CatalogListEntry, CatalogView } from '../../../../shared/contract';

/** A row of catalog.list: what the list, the filters and the pickers show; `title` and `icon` only when the tool has them. */
export type CatalogRow = CatalogListEntry & { title?: string | null; icon?: string | null };
/** A row in full (catalog.tool): quarantine diff, nodes, gating skills, descriptions, annotations. */
export type CatalogEntry = CatalogView['entries'][number];
export type CatalogBinding = CatalogView['bindings'][number];
export type ToolState = CatalogRow['state'];

/**
 * Every state a catalog entry can be in, with its badge tone and a one-line meaning. `quarantined` (a definition that
 * changed after it was pinned) is listed ahead of the contract so the badge, the filter and the legend need no change
 * when main starts sending it; a state the contract adds that is missing here fails to compile.
 */
export const TOOL_STATES = {
  bound: { tone: 'ok', meaning: 'mounted by the intent tree and sent to the model' },
  gated: { tone: 'info', meaning: 'bound, but its schema is withheld until a skill that unlocks it is loaded' },
  unmounted: { tone: 'muted', meaning: 'discovered on a server, but no MCP intent node mounts it' },
  unavailable: { tone: 'bad', meaning: 'an intent node names it, but no connected server offers it' },
  reserved: { tone: 'warn', meaning: 'the name is a local tool’s; the remote copy is never mounted' },
  shadowed: { tone: 'warn', meaning: 'another server offering the same name wins' },
  quarantined: { tone: 'bad', meaning: 'its definition, or the server that serves it, changed after it was accepted: hidden from the model, calls blocked until accepted' },
} as const satisfies Record<ToolState | 'quarantined', { tone: 'ok' | 'info' | 'muted' | 'bad' | 'warn'; meaning: string }>;

export type KnownToolState = keyof typeof TOOL_STATES;
export const STATE_ORDER = Object.keys(TOOL_STATES) as KnownToolState[];

export function toneOfState(state: string): string {
  return (TOOL_STATES as Record<string, { tone: string } | undefined>)[state]?.tone ?? 'muted';
}
