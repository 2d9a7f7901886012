import type { CatalogListView } from '../../../../shared/contract';
import { catalogRows } from './catalog-rows';
import type { CatalogRow } from './tool-states';

/** One discovered (server, tool) pair, as the intent editor's tool picker shows it. */
export interface ToolOffer {
  toolId: string;
  server: string;
  state: CatalogRow['state'];
  /** readOnlyHint of the definition offered now; null when the tool is not discovered. */
  readOnly: boolean | null;
}

/**
 * Lookups over one catalog.list answer, built once per revision. Each map is built on first use: the intent tree
 * needs only a tool's state (`stateOf`) and the server names when the 10,000-row answer arrives, the picker's offers
 * and the editor's entries only once an MCP node is opened.
 */
export interface ToolIndex {
  readonly entriesByToolId: Map<string, CatalogRow[]>;
  /** toolId -> the row of the server that serves it (state `bound` or `gated`), when it is bound. */
  readonly boundByToolId: Map<string, CatalogRow>;
  readonly offers: ToolOffer[];
  readonly serverNames: string[];
  /** The state shown beside an MCP node: the serving server's (bound or gated), else the first row's; null when none. */
  stateOf(toolId: string): CatalogRow['state'] | null;
}

export function indexCatalog(view: CatalogListView): ToolIndex {
  return new LazyToolIndex(view);
}

class LazyToolIndex implements ToolIndex {
  readonly serverNames: string[];
  #entries: Map<string, CatalogRow[]> | undefined;
  #bound: Map<string, CatalogRow> | undefined;
  #offers: ToolOffer[] | undefined;
  #states: Map<string, CatalogRow['state']> | undefined;

  constructor(private readonly view: CatalogListView) {
    this.serverNames = view.servers.map((s) => s.name);
  }

  get entriesByToolId(): Map<string, CatalogRow[]> {
    if (!this.#entries) {
      const entries = new Map<string, CatalogRow[]>();
      for (const entry of catalogRows(this.view)) {
        const list = entries.get(entry.toolId);
        if (list) list.push(entry);
        else entries.set(entry.toolId, [entry]);
      }
      this.#entries = entries;
    }
    return this.#entries;
  }

  get boundByToolId(): Map<string, CatalogRow> {
    if (!this.#bound) {
      const bound = new Map<string, CatalogRow>();
      for (const entry of catalogRows(this.view))
        if (entry.state === 'bound' || entry.state === 'gated') bound.set(entry.toolId, entry);
      this.#bound = bound;
    }
    return this.#bound;
  }

  get offers(): ToolOffer[] {
    this.#offers ??= catalogRows(this.view).flatMap((entry) =>
      entry.server === null
        ? []
        : [{ toolId: entry.toolId, server: entry.server, state: entry.state, readOnly: entry.readOnly }],
    );
    return this.#offers;
  }

  stateOf(toolId: string): CatalogRow['state'] | null {
    if (!this.#states) {
      // From the columns, without a row object per tool: what the tree shows as the answer arrives.
      const { toolId: ids, state } = this.view.entries;
      const states = new Map<string, CatalogRow['state']>();
      for (let i = 0; i < ids.length; i++) {
        const known = states.get(ids[i]);
        if (
          known === undefined ||
          (known !== 'bound' && known !== 'gated' && (state[i] === 'bound' || state[i] === 'gated'))
        )
          states.set(ids[i], state[i]);
      }
      this.#states = states;
    }
    return this.#states.get(toolId) ?? null;
  }
}

/** Servers offering this tool name, in config order (the catalog's entries are already in that order per tool). */
export function serversOffering(index: ToolIndex, toolId: string): string[] {
  return (index.entriesByToolId.get(toolId) ?? []).flatMap((entry) => (entry.server === null ? [] : [entry.server]));
}

/**
 * Which server's copy of a tool the intent editor describes: the node's pinned server when it offers the tool,
 * else the server that serves it, else the first in config order; null when no server offers it.
 */
export function describedServer(index: ToolIndex, toolId: string, pinned?: string): string | null {
  const offering = serversOffering(index, toolId);
  if (pinned && offering.includes(pinned)) return pinned;
  return index.boundByToolId.get(toolId)?.server ?? offering[0] ?? null;
}
