import { isAppOnly } from './app-ui';
import type { McpLeaf } from '../config/schema';
import { englishOf, msg, type CatalogMessage } from './catalog-messages';
import { truncationOf } from './description-cap';
import { capInputSchema } from './schema-cap';
import { pinningNode, type NodesByToolId } from './intent-index';
import type { Offer } from './resolve-tool';
import { STEP, stepThrough, type Stepped, type Steps } from './stepped';
import type { CatalogEntry, CatalogServerInput, QuarantinedTool, ToolBinding, UnavailableTool } from './types';

/** Every offered name -> the connected servers offering it, in config order; and the names sorted. */
export interface OfferMap {
  offers: ReadonlyMap<string, readonly Offer[]>;
  sortedNames: readonly string[];
}

/** Built only for the reconciliation rows (every offered name, mounted or not). A server listing a name twice: its first definition counts. */
export function* offerMapInSteps(servers: readonly CatalogServerInput[]): Steps<OfferMap> {
  const offers = new Map<string, Offer[]>();
  let work = 0;
  for (let order = 0; order < servers.length; order++) {
    const server = servers[order];
    if (server.status !== 'connected') continue; // a failed server's last-known tools are not callable
    for (const definition of server.tools) {
      if (++work % STEP === 0) yield;
      const list = offers.get(definition.name);
      if (!list) offers.set(definition.name, [{ server: server.name, order, definition }]);
      else if (list[list.length - 1].order !== order) list.push({ server: server.name, order, definition });
    }
  }
  yield;
  return { offers, sortedNames: [...offers.keys()].sort() };
}

/** What the rows are built from: one catalog snapshot's immutable parts. */
export interface EntrySources {
  /** Shared by the catalogs of one servers array, whoever builds their rows first. */
  offerMap: Stepped<OfferMap>;
  nodesByToolId: NodesByToolId;
  configured: readonly string[];
  gates: ReadonlyMap<string, readonly string[]>;
  reserved: ReadonlySet<string>;
  bindingsByToolId: ReadonlyMap<string, ToolBinding>;
  quarantinedByToolId: ReadonlyMap<string, QuarantinedTool>;
  unavailable: readonly UnavailableTool[];
  maxDescriptionBytes: number;
  maxSchemaBytes: number;
}

/**
 * The reconciliation rows: every discovered (server, tool) once, plus every unavailable toolId with server null; by
 * toolId, then config order. In steps (see stepped.ts): the catalog's owner may build them ahead, in slices.
 */
export function* entriesInSteps(sources: EntrySources): Steps<CatalogEntry[]> {
  const offerMap = yield* stepThrough(sources.offerMap);
  const unavailableById = new Map(sources.unavailable.map((u) => [u.toolId, u]));
  const toolIds = mergeSorted(
    offerMap.sortedNames,
    sources.configured.filter((toolId) => !offerMap.offers.has(toolId)),
  );
  const entries: CatalogEntry[] = [];
  for (let i = 0; i < toolIds.length; i++) {
    if (i % STEP === STEP - 1) yield;
    const facts = factsOf(sources, toolIds[i]);
    const offered = offerMap.offers.get(facts.toolId) ?? [];
    for (const offer of offered) entries.push(offeredEntry(facts, offer, sources));
    const missing = unavailableById.get(facts.toolId);
    // A reserved name that servers offer is already explained by its `reserved` rows, a quarantined one by its own row.
    if (missing && !(missing.cause === 'reserved' && offered.length > 0) && missing.cause !== 'quarantined')
      entries.push(unavailableEntry(facts, missing, sources.maxDescriptionBytes));
  }
  return entries;
}

/** What the snapshot says about one toolId, whichever server offers it. */
interface RowFacts {
  toolId: string;
  nodes: readonly McpLeaf[] | undefined;
  nodeIds: string[];
  /** The first mounting node's description, which replaces the server's. */
  override: string | null;
  binding: ToolBinding | undefined;
  quarantined: QuarantinedTool | undefined;
  gatedBy: readonly string[];
}

function factsOf(sources: EntrySources, toolId: string): RowFacts {
  const nodes = sources.nodesByToolId.get(toolId);
  return {
    toolId,
    nodes,
    nodeIds: nodes ? nodes.map((n) => n.id) : [],
    override: nodes?.find((n) => n.description !== undefined)?.description ?? null,
    binding: sources.bindingsByToolId.get(toolId),
    quarantined: sources.quarantinedByToolId.get(toolId),
    gatedBy: sources.gates.get(toolId) ?? [],
  };
}

/** One server's offer of a tool, and what became of it. */
interface OfferVerdict {
  state: CatalogEntry['state'];
  message: CatalogMessage;
  reason: string | undefined;
}

function verdictOf(facts: RowFacts, offer: Offer, reserved: ReadonlySet<string>): OfferVerdict {
  const { toolId, nodes, nodeIds, binding, quarantined } = facts;
  if (reserved.has(toolId)) {
    const cannotMount = nodeIds.length ? msg('catalog.reason.reservedNodes', { nodes: nodeIds }) : undefined;
    return { state: 'reserved', message: msg('catalog.reason.reserved', { toolId, cannotMount }), reason: undefined };
  }
  if (!nodes) {
    const message = { code: 'catalog.reason.notMounted', params: { server: offer.server, toolId } } as const;
    return { state: 'unmounted', message, reason: undefined };
  }
  if (binding && binding.server === offer.server) {
    if (isAppOnly(binding.definition))
      return { state: 'appOnly', message: msg('catalog.reason.appOnly', { nodes: binding.nodes }), reason: undefined };
    return { state: binding.gatedBy.length > 0 ? 'gated' : 'bound', message: boundMessage(binding), reason: undefined };
  }
  if (quarantined && quarantined.server === offer.server)
    return { state: 'quarantined', message: quarantined.message, reason: quarantined.reason };
  const message = shadowMessage(offer, binding?.server ?? quarantined?.server, pinningNode(nodes));
  return { state: 'shadowed', message, reason: undefined };
}

// Object literals with one fixed shape on purpose: spread objects take varying shapes, and a wide resolve slows badly.
function offeredEntry(facts: RowFacts, offer: Offer, sources: EntrySources): CatalogEntry {
  const { state, message, reason } = verdictOf(facts, offer, sources.reserved);
  const { binding, quarantined } = facts;
  const remote = offer.definition.description ?? null;
  const bound = state === 'bound' || state === 'gated' || state === 'appOnly';
  const description = bound ? binding!.description : (facts.override ?? remote);
  return {
    toolId: facts.toolId,
    server: offer.server,
    state,
    reason: reason ?? englishOf(message),
    message,
    nodes: facts.nodeIds,
    gatedBy: state === 'reserved' || state === 'unmounted' ? [] : facts.gatedBy,
    description,
    remoteDescription: remote,
    quarantine: state === 'quarantined' ? quarantined!.quarantine : null,
    overrideStale: bound && binding!.overrideStale,
    descriptionTruncated: bound
      ? binding!.descriptionTruncated
      : description === null
        ? null
        : truncationOf(description, sources.maxDescriptionBytes),
    schemaCapped: bound
      ? binding!.schemaCapped
      : capInputSchema(offer.definition.inputSchema, sources.maxSchemaBytes).cap,
  };
}

function unavailableEntry(facts: RowFacts, missing: UnavailableTool, maxDescriptionBytes: number): CatalogEntry {
  const { override } = facts;
  return {
    toolId: facts.toolId,
    server: null,
    state: 'unavailable',
    reason: missing.reason,
    message: missing.message,
    nodes: missing.nodes,
    gatedBy: facts.gatedBy,
    description: override,
    remoteDescription: null,
    quarantine: null,
    overrideStale: false,
    descriptionTruncated: override === null ? null : truncationOf(override, maxDescriptionBytes),
    schemaCapped: null,
  };
}

/** Merges two sorted, disjoint lists; cheaper than re-sorting the (large) offered names. */
function mergeSorted(a: readonly string[], b: readonly string[]): readonly string[] {
  if (b.length === 0) return a;
  const out: string[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = a[i] < b[j] ? a[i++] : b[j++];
  while (i < a.length) out[k++] = a[i++];
  while (j < b.length) out[k++] = b[j++];
  return out;
}

function boundMessage(binding: ToolBinding): CatalogMessage {
  const many = binding.nodes.length > 1;
  const params: Record<string, CatalogMessage | readonly string[]> = { nodes: binding.nodes };
  if (binding.shadows.length) params.shadows = msg('catalog.reason.shadows', { servers: binding.shadows });
  if (binding.overrideStale) params.stale = msg('catalog.reason.overrideStale');
  if (binding.descriptionTruncated || binding.schemaCapped)
    params.capped = msg(
      binding.descriptionTruncated
        ? binding.schemaCapped
          ? 'catalog.reason.cappedBoth'
          : 'catalog.reason.cappedDescription'
        : 'catalog.reason.cappedSchema',
    );
  if (binding.gatedBy.length > 0) {
    params.skills = binding.gatedBy;
    return { code: many ? 'catalog.reason.gatedNodes' : 'catalog.reason.gatedNode', params };
  }
  return { code: many ? 'catalog.reason.mountedByNodes' : 'catalog.reason.mountedByNode', params };
}

function shadowMessage(offer: Offer, winner: string | undefined, pin: McpLeaf | undefined): CatalogMessage {
  if (pin)
    return msg(winner ? 'catalog.reason.pinServes' : 'catalog.reason.pinDoesNotServe', {
      node: pin.id,
      pinned: pin.server,
      server: offer.server,
    });
  return winner ? msg('catalog.reason.shadowedBy', { winner }) : msg('catalog.reason.shadowedByEarlier');
}
