import { listMcpLeaves, RESERVED_TOOL_NAMES, type IntentNode, type McpLeaf, type Skill } from '../config/schema';
import type { CatalogInput, CatalogServer, CatalogServerInput, ToolBinding, ToolDefinition } from './types';

/** One server offering one tool name; `order` is the server's position in the config. */
export interface Offer {
  server: string;
  order: number;
  definition: ToolDefinition;
  /**
   * resolveCatalog's last binding won by this offer and the inputs it was built from (a cache: offers
   * are memoised per server snapshot, and a binding whose inputs did not change is reused).
   */
  lastBinding?: { offered: readonly Offer[]; binding: ToolBinding };
}

/** What the connected servers offer: derived from discovery alone, so it is shared across config edits. */
interface OfferIndex {
  /** Every offered name -> the servers offering it, in config order (built on first read: explain and the reconciliation rows). */
  readonly offers: Map<string, Offer[]>;
  /** Every offered name, sorted by code unit (built on first read, like `offers`). */
  readonly sortedNames: string[];
  serverByName: Map<string, CatalogServerInput>;
  /** The servers as the catalog reports them (status, error, tool names). */
  serverViews: CatalogServer[];
}

/** The lookups resolveCatalog and explainTool build from the inputs; no scans per tool. */
export interface CatalogIndex extends OfferIndex {
  nodesByToolId: Map<string, McpLeaf[]>;
  /** Every toolId an MCP node names, sorted: the order of bindings and unavailable tools. */
  configured: readonly string[];
  /** Aligned with `configured`: the nodes naming it, in tree order. */
  configuredNodes: readonly McpLeaf[][];
  /** Aligned with `configured`: the connected servers offering it, in config order. */
  configuredOffers: readonly (readonly Offer[])[];
  gates: Map<string, string[]>;
  reserved: Set<string>;
  /** Every offered or configured name, sorted: the order of the entries (computed on first read). */
  readonly toolIds: string[];
}

interface IntentIndex {
  nodesByToolId: Map<string, McpLeaf[]>;
  /** The configured toolIds in tree order. */
  names: string[];
  configured: string[];
  configuredNodes: McpLeaf[][];
  position: Map<string, number>;
}

/** One connected server's one-offer arrays, and where each lands in a given intent index's `configured` (-1: not configured). */
interface ServerOffers {
  order: number;
  singles: Offer[][];
  positions: WeakMap<readonly string[], Int32Array>;
}

// Each input is an immutable snapshot replaced only when it changes: the servers array when a
// connection or discovery changes (and, inside it, only the state object of the server that changed),
// the intents and skills arrays when the config does. So each part of the index is memoised on the
// object it is derived from, and a recompute after one change redoes only that part: after a
// rediscovery, one server's tools are indexed again; after a config edit, the nodes.
const offerMemo = new WeakMap<readonly CatalogServerInput[], OfferIndex>();
const configuredOffersMemo = new WeakMap<readonly CatalogServerInput[], WeakMap<readonly string[], (readonly Offer[])[]>>();
const viewMemo = new WeakMap<CatalogServerInput, CatalogServer>();
const serverOffersMemo = new WeakMap<CatalogServerInput, ServerOffers>();
const intentMemo = new WeakMap<readonly IntentNode[], IntentIndex>();
const gateMemo = new WeakMap<readonly Skill[], Map<string, string[]>>();
const reservedMemo = new WeakMap<readonly string[], Set<string>>();
const NO_OFFERS: readonly Offer[] = Object.freeze([]);

function indexOffers(servers: readonly CatalogServerInput[]): OfferIndex {
  const cached = offerMemo.get(servers);
  if (cached) return cached;
  const serverByName = new Map<string, CatalogServerInput>();
  for (const server of servers) serverByName.set(server.name, server);
  let offers: Map<string, Offer[]> | undefined;
  let sortedNames: string[] | undefined;
  const index: OfferIndex = {
    get offers() {
      if (!offers) {
        offers = new Map();
        servers.forEach((server, order) => {
          if (server.status !== 'connected') return; // a failed server's last-known tools are not callable
          for (const [offer] of serverOffers(server, order).singles) {
            const list = offers!.get(offer.definition.name);
            if (list) list.push(offer);
            else offers!.set(offer.definition.name, [offer]);
          }
        });
      }
      return offers;
    },
    get sortedNames() {
      return (sortedNames ??= [...index.offers.keys()].sort());
    },
    serverByName,
    serverViews: servers.map(serverView),
  };
  offerMemo.set(servers, index);
  return index;
}

/**
 * One single-offer array per tool a server offers, memoised on its state object, so only a server that
 * changed allocates anything. A server listing a name twice: its first definition counts.
 */
function serverOffers(server: CatalogServerInput, order: number): ServerOffers {
  const cached = serverOffersMemo.get(server);
  if (cached && cached.order === order) return cached;
  const seen = new Set<string>();
  const singles: Offer[][] = [];
  for (const definition of server.tools) {
    if (seen.has(definition.name)) continue;
    seen.add(definition.name);
    singles.push([{ server: server.name, order, definition, lastBinding: undefined }]);
  }
  const built: ServerOffers = { order, singles, positions: new WeakMap() };
  serverOffersMemo.set(server, built);
  return built;
}

/**
 * The offers for each configured toolId, aligned with intents.configured. Each server contributes its
 * memoised one-offer arrays at the positions of the names it offers: no Map of every offered tool is
 * built, and an unshadowed tool's offers are the same array from one snapshot to the next.
 */
function offersForConfigured(servers: readonly CatalogServerInput[], intents: IntentIndex): (readonly Offer[])[] {
  let byIntents = configuredOffersMemo.get(servers);
  const cached = byIntents?.get(intents.configured);
  if (cached) return cached;
  const result: (readonly Offer[])[] = new Array<readonly Offer[]>(intents.configured.length).fill(NO_OFFERS);
  servers.forEach((server, order) => {
    if (server.status !== 'connected') return;
    const { singles, positions } = serverOffers(server, order);
    let at = positions.get(intents.configured);
    if (!at) {
      at = new Int32Array(singles.length);
      singles.forEach((single, i) => (at![i] = intents.position.get(single[0].definition.name) ?? -1));
      positions.set(intents.configured, at);
    }
    for (let i = 0; i < singles.length; i++) {
      const p = at[i];
      if (p < 0) continue;
      const found = result[p];
      // Shadowing (a second server with the name): a new array, never the shared one-offer array.
      result[p] = found.length === 0 ? singles[i] : [...found, singles[i][0]];
    }
  });
  if (!byIntents) configuredOffersMemo.set(servers, (byIntents = new WeakMap()));
  byIntents.set(intents.configured, result);
  return result;
}

function serverView(s: CatalogServerInput): CatalogServer {
  let view = viewMemo.get(s);
  if (!view) {
    view = { name: s.name, status: s.status, error: s.error ?? null, tools: s.status === 'connected' ? s.tools.map((t) => t.name) : [] };
    viewMemo.set(s, view);
  }
  return view;
}

/** The last intent index built: a config edit usually names the same tools, and can keep its name order and positions. */
let lastIntents: IntentIndex | undefined;

function indexIntents(intents: readonly IntentNode[]): IntentIndex {
  let cached = intentMemo.get(intents);
  if (!cached) {
    const nodesByToolId = new Map<string, McpLeaf[]>();
    for (const leaf of listMcpLeaves(intents as IntentNode[])) {
      const list = nodesByToolId.get(leaf.toolId);
      if (list) list.push(leaf);
      else nodesByToolId.set(leaf.toolId, [leaf]);
    }
    // Same names in the same tree order as last time (a re-parse, an edit of descriptions or policies):
    // reuse its sorted array, so the positions and offers memoised on it still apply.
    const names = [...nodesByToolId.keys()];
    const same = lastIntents !== undefined && sameStrings(lastIntents.names, names);
    const configured = same ? lastIntents!.configured : [...names].sort();
    cached = {
      nodesByToolId,
      names,
      configured,
      configuredNodes: configured.map((toolId) => nodesByToolId.get(toolId)!),
      position: same ? lastIntents!.position : new Map(configured.map((toolId, i) => [toolId, i])),
    };
    intentMemo.set(intents, cached);
    lastIntents = cached;
  }
  return cached;
}

const sameStrings = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((name, i) => name === b[i]);

function indexGates(skills: readonly Skill[]): Map<string, string[]> {
  let gates = gateMemo.get(skills);
  if (!gates) {
    gates = new Map<string, string[]>();
    for (const skill of skills)
      for (const toolId of new Set(skill.unlocks)) {
        const list = gates.get(toolId);
        if (list) list.push(skill.name);
        else gates.set(toolId, [skill.name]);
      }
    gateMemo.set(skills, gates);
  }
  return gates;
}

function indexReserved(names: readonly string[]): Set<string> {
  let set = reservedMemo.get(names);
  if (!set) reservedMemo.set(names, (set = new Set(names)));
  return set;
}

export function indexCatalogInput(input: CatalogInput): CatalogIndex {
  const offerIndex = indexOffers(input.servers);
  const intents = indexIntents(input.intents);
  const configuredOffers = offersForConfigured(input.servers, intents);
  let toolIds: string[] | undefined;
  return {
    get offers() {
      return offerIndex.offers;
    },
    get sortedNames() {
      return offerIndex.sortedNames;
    },
    serverByName: offerIndex.serverByName,
    serverViews: offerIndex.serverViews,
    nodesByToolId: intents.nodesByToolId,
    configured: intents.configured,
    configuredNodes: intents.configuredNodes,
    configuredOffers,
    gates: indexGates(input.skills),
    reserved: indexReserved(input.reserved ?? RESERVED_TOOL_NAMES),
    get toolIds() {
      return (toolIds ??= mergeSorted(offerIndex.sortedNames, intents.configured.filter((_, i) => configuredOffers[i].length === 0)));
    },
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
