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

/** Lookups over one catalog.list answer, built once per revision. */
export interface ToolIndex {
  entriesByToolId: Map<string, CatalogRow[]>;
  /** toolId -> the row of the server that serves it (state `bound` or `gated`), when it is bound. */
  boundByToolId: Map<string, CatalogRow>;
  offers: ToolOffer[];
  serverNames: string[];
}

export function indexCatalog(view: CatalogListView): ToolIndex {
  const entriesByToolId = new Map<string, CatalogRow[]>();
  const boundByToolId = new Map<string, CatalogRow>();
  const offers: ToolOffer[] = [];
  for (const entry of catalogRows(view)) {
    const list = entriesByToolId.get(entry.toolId);
    if (list) list.push(entry);
    else entriesByToolId.set(entry.toolId, [entry]);
    if (entry.state === 'bound' || entry.state === 'gated') boundByToolId.set(entry.toolId, entry);
    if (entry.server !== null) offers.push({ toolId: entry.toolId, server: entry.server, state: entry.state, readOnly: entry.readOnly });
  }
  return { entriesByToolId, boundByToolId, offers, serverNames: view.servers.map((s) => s.name) };
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
