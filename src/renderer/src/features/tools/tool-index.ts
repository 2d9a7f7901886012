import type { CatalogView } from '../../../../shared/contract';
import type { CatalogBinding, CatalogEntry } from './tool-states';

/** One discovered (server, tool) pair, as the intent editor's tool picker shows it. */
export interface ToolOffer {
  toolId: string;
  server: string;
  state: CatalogEntry['state'];
  /** From the binding's, the quarantined definition's or the entry's own annotations; null when the tool is not discovered. */
  readOnly: boolean | null;
  remoteDescription: string | null;
}

/** Lookups over one catalog.get answer, built once per revision. */
export interface ToolIndex {
  entriesByToolId: Map<string, CatalogEntry[]>;
  bindings: Map<string, CatalogBinding>;
  offers: ToolOffer[];
  serverNames: string[];
}

export function indexCatalog(view: CatalogView): ToolIndex {
  const entriesByToolId = new Map<string, CatalogEntry[]>();
  for (const entry of view.entries) {
    const list = entriesByToolId.get(entry.toolId);
    if (list) list.push(entry);
    else entriesByToolId.set(entry.toolId, [entry]);
  }
  const bindings = new Map(view.bindings.map((binding) => [binding.toolId, binding]));
  const offers: ToolOffer[] = [];
  for (const entry of view.entries) {
    if (entry.server === null) continue;
    const binding = bindings.get(entry.toolId);
    offers.push({
      toolId: entry.toolId,
      server: entry.server,
      state: entry.state,
      // A quarantined row carries the definition offered now; a bound one its binding's.
      readOnly: readOnlyOf(binding && binding.server === entry.server ? binding : (entry.quarantine?.current ?? (entry.server ? { annotations: entry.annotations ?? null } : undefined))),
      remoteDescription: entry.remoteDescription,
    });
  }
  return { entriesByToolId, bindings, offers, serverNames: view.servers.map((s) => s.name) };
}

/** readOnlyHint as declared; a missing hint means "may write" (the MCP default). null when we have no definition. */
export function readOnlyOf(binding: Pick<CatalogBinding, 'annotations'> | undefined): boolean | null {
  if (!binding) return null;
  return binding.annotations?.readOnlyHint === true;
}

/** Servers offering this tool name, in config order (the catalog's entries are already in that order per tool). */
export function serversOffering(index: ToolIndex, toolId: string): string[] {
  return (index.entriesByToolId.get(toolId) ?? []).flatMap((entry) => (entry.server === null ? [] : [entry.server]));
}

/** The server's own description of a tool (as offered by `server`, else by whichever server offers it first). */
export function remoteDescriptionOf(index: ToolIndex, toolId: string, server?: string): string | null {
  const entries = (index.entriesByToolId.get(toolId) ?? []).filter((e) => e.server !== null);
  const entry = (server ? entries.find((e) => e.server === server) : undefined) ?? entries[0];
  return entry?.remoteDescription ?? index.bindings.get(toolId)?.remoteDescription ?? null;
}
