import { listMcpLeaves, RESERVED_TOOL_NAMES, type IntentNode, type McpLeaf } from '../config/schema';
import type { CatalogInput, CatalogServer, CatalogServerInput, ToolDefinition } from './types';

/** One server offering one tool name; `order` is the server's position in the config. */
export interface Offer {
  server: string;
  order: number;
  definition: ToolDefinition;
}

/** What the connected servers offer: derived from discovery alone, so it is shared across config edits. */
interface OfferIndex {
  offers: Map<string, Offer[]>;
  /** Every offered name, sorted by code unit. */
  sortedNames: string[];
  serverByName: Map<string, CatalogServerInput>;
  /** The servers as the catalog reports them (status, error, tool names). */
  serverViews: CatalogServer[];
}

/** The lookups resolveCatalog and explainTool build from the inputs; all Maps, no scans per tool. */
export interface CatalogIndex extends OfferIndex {
  nodesByToolId: Map<string, McpLeaf[]>;
  gates: Map<string, string[]>;
  reserved: Set<string>;
  /** Every offered or configured name, sorted: the order of bindings, unavailable tools and entries. */
  toolIds: string[];
}

// The servers array is an immutable snapshot replaced only when a connection or discovery changes,
// so an intent or skill edit reuses the (larger) offer index instead of rebuilding it.
const offerMemo = new WeakMap<readonly CatalogServerInput[], OfferIndex>();

function indexOffers(servers: readonly CatalogServerInput[]): OfferIndex {
  const cached = offerMemo.get(servers);
  if (cached) return cached;
  const offers = new Map<string, Offer[]>();
  const serverByName = new Map<string, CatalogServerInput>();
  servers.forEach((server, order) => {
    serverByName.set(server.name, server);
    if (server.status !== 'connected') return; // a failed server's last-known tools are not callable
    for (const definition of server.tools) {
      const list = offers.get(definition.name);
      const offer = { server: server.name, order, definition };
      if (!list) offers.set(definition.name, [offer]);
      // A server listing a name twice: its first definition counts.
      else if (list[list.length - 1].server !== server.name) list.push(offer);
    }
  });
  const serverViews = servers.map((s) => ({
    name: s.name,
    status: s.status,
    error: s.error ?? null,
    tools: s.status === 'connected' ? s.tools.map((t) => t.name) : [],
  }));
  const index = { offers, sortedNames: [...offers.keys()].sort(), serverByName, serverViews };
  offerMemo.set(servers, index);
  return index;
}

export function indexCatalogInput(input: CatalogInput): CatalogIndex {
  const offerIndex = indexOffers(input.servers);
  const nodesByToolId = new Map<string, McpLeaf[]>();
  for (const leaf of listMcpLeaves(input.intents as IntentNode[])) {
    const list = nodesByToolId.get(leaf.toolId);
    if (list) list.push(leaf);
    else nodesByToolId.set(leaf.toolId, [leaf]);
  }
  const gates = new Map<string, string[]>();
  for (const skill of input.skills)
    for (const toolId of new Set(skill.unlocks)) {
      const list = gates.get(toolId);
      if (list) list.push(skill.name);
      else gates.set(toolId, [skill.name]);
    }
  const notOffered: string[] = [];
  for (const toolId of nodesByToolId.keys()) if (!offerIndex.offers.has(toolId)) notOffered.push(toolId);
  return {
    ...offerIndex,
    nodesByToolId,
    gates,
    reserved: new Set(input.reserved ?? RESERVED_TOOL_NAMES),
    toolIds: mergeSorted(offerIndex.sortedNames, notOffered.sort()),
  };
}

/** Merges two sorted, disjoint lists; cheaper than re-sorting the (large) offered names. */
function mergeSorted(a: readonly string[], b: readonly string[]): string[] {
  if (b.length === 0) return a as string[];
  const out: string[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = a[i] < b[j] ? a[i++] : b[j++];
  while (i < a.length) out[k++] = a[i++];
  while (j < b.length) out[k++] = b[j++];
  return out;
}

/** The node that pins a server, if any (the schema rejects nodes of one toolId pinning different servers). */
export const pinningNode = (nodes: readonly McpLeaf[] | undefined): McpLeaf | undefined => nodes?.find((n) => n.server);

/** Code-unit order: deterministic across locales and much cheaper than localeCompare. */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
