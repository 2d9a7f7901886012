import type { ConfirmPolicy, McpLeaf } from '../config/schema';
import { indexCatalogInput, pinningNode, type CatalogIndex, type Offer } from './catalog-index';
import { descriptionHashOf } from './description-hash';
import { localToolDefinitions } from './local-tools';
import { describeFields, onlyDescriptionChanged, pinDrift, pinnedDefinitionOf, type PinDrift } from './pins';
import { describeServerState } from './server-status-text';
import type {
  Catalog,
  CatalogEntry,
  CatalogInput,
  CatalogServerInput,
  QuarantinedTool,
  ToolBinding,
  ToolDefinition,
  UnavailableTool,
} from './types';

const NONE: readonly string[] = Object.freeze([]);

/**
 * A binding is a pure function of its nodes, the offers for its name, its gating skills and its pin.
 * Offers are memoised per server snapshot, so the winning offer keeps its last binding; when the inputs
 * are the same (a change elsewhere in the catalog) that binding is reused: nothing is allocated, and
 * caches keyed on it (the per-definition token estimate) keep hitting.
 */
let lastBindings: { bindings: ToolBinding[]; bindingsByToolId: Map<string, ToolBinding> } | undefined;

const sameItems = <T>(a: readonly T[], b: readonly T[]): boolean => a === b || (a.length === b.length && a.every((item, i) => item === b[i]));

/**
 * Whether `binding` says what a binding built from these nodes and gates would say. Compared with the
 * binding's own fields, never with the node objects it was built from: config objects may be edited in
 * place, and a re-parse gives new objects with equal content.
 */
function builtFrom(binding: ToolBinding, nodes: readonly McpLeaf[], override: string | undefined, gatedBy: readonly string[]): boolean {
  if (binding.nodes.length !== nodes.length || !nodes.every((n, i) => n.id === binding.nodes[i])) return false;
  if (binding.confirm !== strictestConfirm(nodes)) return false;
  if (override !== undefined ? binding.descriptionSource !== 'node' || binding.description !== override : binding.descriptionSource !== 'remote') return false;
  return binding.gatedBy.length === gatedBy.length && gatedBy.every((skill, i) => skill === binding.gatedBy[i]);
}

const CONFIRM_RANK: Record<ConfirmPolicy, number> = { never: 0, auto: 1, always: 2 };

/** Several nodes may name one tool; the strictest policy wins so no node's caution is lost. */
export function strictestConfirm(nodes: readonly McpLeaf[]): ConfirmPolicy {
  let best: ConfirmPolicy = 'never';
  for (const node of nodes) if (CONFIRM_RANK[node.confirm] > CONFIRM_RANK[best]) best = node.confirm;
  return best;
}


/** Describes why servers that are not connected might be hiding a tool: "b failed (ECONNREFUSED), c is connecting". */
export function describeDownServers(servers: readonly CatalogServerInput[]): string {
  return servers
    .filter((s) => s.status !== 'connected')
    .map((s) => `${s.name} ${describeServerState(s)}`)
    .join(', ');
}

/**
 * The intersection of what servers offer and what the intent tree mounts, with a state and a
 * human reason for every tool. Pure and index-based: cheap enough to recompute on every change.
 */
export function resolveCatalog(input: CatalogInput): Catalog {
  const index = indexCatalogInput(input);
  const { gates, reserved, serverByName } = index;

  let health: ServerHealth | undefined; // computed once, only if some tool is unavailable
  const serverHealth = () => (health ??= summarizeHealth(input.servers));
  let bindings: ToolBinding[] = [];
  const unavailable: UnavailableTool[] = [];
  const quarantinedByToolId = new Map<string, QuarantinedTool>();
  const { pins } = input;
  // Sorted: bindings and unavailable tools come out in this order (entries follow index.toolIds, the same order).
  const { configured, configuredNodes, configuredOffers } = index;
  for (let i = 0; i < configured.length; i++) {
    const toolId = configured[i];
    const nodes = configuredNodes[i];
    const offered = configuredOffers[i];
    if (reserved.has(toolId)) {
      const by = offered.length ? ` (offered by ${offered.map((o) => o.server).join(', ')})` : '';
      unavailable.push({ toolId, nodes: nodes.map((n) => n.id), cause: 'reserved', reason: `"${toolId}" is the name of a local tool, so no remote tool can take it${by}` });
      continue;
    }
    const pin = pinningNode(nodes);
    const winner = pin ? offered.find((o) => o.server === pin.server) : offered[0];
    if (!winner) {
      const why = whyUnavailable(toolId, offered, pin, serverHealth(), serverByName);
      unavailable.push({ toolId, nodes: nodes.map((n) => n.id), cause: why.cause, reason: why.reason });
      continue;
    }
    // Pinning: the winner's definition against the operator-trusted one. No fallback to another server:
    // a second server offering the same name must not slip in while the first is quarantined.
    const drift = pins ? pinDrift(pins, winner.server, toolId) : undefined;
    const gatedBy = gates.get(toolId) ?? NONE;
    const override = nodes.find((n) => n.description !== undefined)?.description;
    const previous = drift ? undefined : winner.lastBinding;
    if (previous && sameItems(previous.offered, offered) && builtFrom(previous.binding, nodes, override, gatedBy)) {
      bindings.push(previous.binding);
      continue;
    }
    const nodeIds = nodes.map((n) => n.id);
    const shadows = offered.length === 1 ? NONE : offered.filter((o) => o !== winner).map((o) => o.server);
    if (drift && !(override !== undefined && onlyDescriptionChanged(drift))) {
      const quarantined = quarantine(toolId, winner.server, nodeIds, shadows, drift, winner.definition);
      quarantinedByToolId.set(toolId, quarantined);
      unavailable.push({ toolId, nodes: nodeIds, cause: 'quarantined', reason: quarantined.reason });
      continue;
    }
    const remoteDescription = winner.definition.description ?? null;
    const description = override ?? remoteDescription ?? '';
    const binding: ToolBinding = {
      toolId,
      server: winner.server,
      nodes: nodeIds,
      confirm: strictestConfirm(nodes),
      description,
      descriptionSource: override !== undefined ? 'node' : 'remote',
      remoteDescription,
      remoteDescriptionHash: descriptionHashOf(winner.definition),
      overrideStale: drift !== undefined,
      definition: winner.definition,
      gatedBy,
      shadows,
      modelDefinition: { name: toolId, description, inputSchema: winner.definition.inputSchema },
    };
    if (!drift) winner.lastBinding = { offered, binding };
    bindings.push(binding);
  }
  // The same bindings as the last resolve (a change that touched none of them): share its list and map.
  let bindingsByToolId: Map<string, ToolBinding>;
  if (lastBindings && sameItems(lastBindings.bindings, bindings)) ({ bindings, bindingsByToolId } = lastBindings);
  else {
    bindingsByToolId = new Map(bindings.map((b) => [b.toolId, b]));
    lastBindings = { bindings, bindingsByToolId };
  }
  const skills = input.skills.map((skill) => ({
    name: skill.name,
    description: skill.description,
    unlocks: skill.unlocks,
    unlocksUnbound: skill.unlocks.filter((toolId) => !bindingsByToolId.has(toolId)),
  }));
  let entries: readonly CatalogEntry[] | undefined;
  return Object.freeze({
    servers: index.serverViews,
    bindings,
    unavailable,
    // The reconciliation rows are for the console and CLI, not the agent loop: built on first read.
    get entries() {
      return (entries ??= Object.freeze(buildEntries(index, index.toolIds, bindingsByToolId, quarantinedByToolId, unavailable)));
    },
    skills,
    localTools: input.localTools ?? localToolDefinitions(input.skills),
    reserved: [...reserved],
    bindingsByToolId,
    quarantinedByToolId,
  });
}

function quarantine(toolId: string, server: string, nodes: string[], shadows: readonly string[], drift: PinDrift, definition: ToolDefinition): QuarantinedTool {
  const { pin, current, changed } = drift;
  const rejected = pin.rejectedHash === current.hash;
  const verdict = rejected
    ? 'the operator rejected this version: it stays hidden and blocked, and is not asked about again until it changes'
    : 'hidden from the model and blocked until an operator reviews the diff and accepts it';
  return {
    toolId,
    server,
    nodes,
    shadows,
    quarantine: {
      pinnedHash: pin.hash,
      currentHash: current.hash,
      pinnedAt: pin.pinnedAt,
      pinned: pin.definition,
      current: pinnedDefinitionOf(definition),
      changed,
      rejected,
    },
    reason: `${describeFields(changed)} changed on ${server} since it was pinned (${pin.pinnedAt}); ${verdict}`,
  };
}

interface ServerHealth {
  down: string;
  connected: string[];
  anyFailing: boolean;
}

function summarizeHealth(servers: readonly CatalogServerInput[]): ServerHealth {
  return {
    down: describeDownServers(servers),
    connected: servers.filter((s) => s.status === 'connected').map((s) => s.name),
    anyFailing: servers.some((s) => s.status === 'failed' || s.status === 'connecting' || s.status === 'needs-auth'),
  };
}

function whyUnavailable(
  toolId: string,
  offered: readonly Offer[],
  pin: McpLeaf | undefined,
  health: ServerHealth,
  serverByName: Map<string, CatalogServerInput>,
): Pick<UnavailableTool, 'cause' | 'reason'> {
  if (pin?.server) {
    const pinned = serverByName.get(pin.server);
    const state = !pinned ? 'is not configured' : pinned.status === 'connected' ? 'does not offer it' : describeStatus(pinned);
    if (offered.length > 0)
      return {
        cause: 'pinned-elsewhere',
        reason: `node ${pin.id} pins server ${pin.server}, which ${state}; ${offered.map((o) => o.server).join(', ')} offers it but is not used`,
      };
    return {
      cause: pinned && pinned.status === 'connected' ? 'not-offered' : 'server-down',
      reason: `node ${pin.id} pins server ${pin.server}, which ${state}`,
    };
  }
  const { down, connected, anyFailing } = health;
  const checked = connected.length ? `no connected server offers it (checked ${connected.join(', ')})` : 'no server is connected';
  return {
    cause: anyFailing ? 'server-down' : 'not-offered',
    reason: down ? `${checked}; ${down}, so its tools are unknown` : `${checked}: "${toolId}" does not exist on any server`,
  };
}

const describeStatus = describeServerState;

function buildEntries(
  index: CatalogIndex,
  toolIds: readonly string[],
  bindingsByToolId: Map<string, ToolBinding>,
  quarantinedByToolId: Map<string, QuarantinedTool>,
  unavailable: UnavailableTool[],
): CatalogEntry[] {
  const { offers, nodesByToolId, reserved } = index;
  const unavailableById = new Map(unavailable.map((u) => [u.toolId, u]));
  // toolIds is sorted; each toolId's offers are already in config order.
  const entries: CatalogEntry[] = [];
  // Object literals with one fixed shape on purpose: spreading here made a 10k-tool resolve ~100x slower.
  for (const toolId of toolIds) {
    const nodes = nodesByToolId.get(toolId);
    const nodeIds = nodes ? nodes.map((n) => n.id) : [];
    const override = nodes?.find((n) => n.description !== undefined)?.description ?? null;
    const binding = bindingsByToolId.get(toolId);
    const quarantined = quarantinedByToolId.get(toolId);
    const gatedBy = index.gates.get(toolId) ?? [];
    const offered = offers.get(toolId) ?? [];
    for (const offer of offered) {
      const remote = offer.definition.description ?? null;
      let state: CatalogEntry['state'];
      let reason: string;
      if (reserved.has(toolId)) {
        state = 'reserved';
        reason = `collides with the local tool "${toolId}", which always wins${nodeIds.length ? `; node ${nodeIds.join(', ')} cannot mount it` : ''}`;
      } else if (!nodes) {
        state = 'unmounted';
        reason = `discovered on ${offer.server}, but no MCP intent node has toolId "${toolId}"`;
      } else if (binding && binding.server === offer.server) {
        state = binding.gatedBy.length > 0 ? 'gated' : 'bound';
        reason = boundReason(binding);
      } else if (quarantined && quarantined.server === offer.server) {
        state = 'quarantined';
        reason = quarantined.reason;
      } else {
        state = 'shadowed';
        reason = shadowReason(offer, binding?.server ?? quarantined?.server, pinningNode(nodes));
      }
      const bound = state === 'bound' || state === 'gated';
      entries.push({
        toolId,
        server: offer.server,
        state,
        reason,
        nodes: nodeIds,
        gatedBy: state === 'reserved' || state === 'unmounted' ? [] : gatedBy,
        description: bound ? binding!.description : (override ?? remote),
        remoteDescription: remote,
        quarantine: state === 'quarantined' ? quarantined!.quarantine : null,
        overrideStale: bound && binding!.overrideStale,
      });
    }
    const missing = unavailableById.get(toolId);
    // A reserved name that servers offer is already explained by its `reserved` rows, a quarantined one by its own row.
    if (missing && !(missing.cause === 'reserved' && offered.length > 0) && missing.cause !== 'quarantined')
      entries.push({
        toolId,
        server: null,
        state: 'unavailable',
        reason: missing.reason,
        nodes: missing.nodes,
        gatedBy,
        description: override,
        remoteDescription: null,
        quarantine: null,
        overrideStale: false,
      });
  }
  return entries;
}

function boundReason(binding: ToolBinding): string {
  const nodes = `node${binding.nodes.length > 1 ? 's' : ''} ${binding.nodes.join(', ')}`;
  const shadows = binding.shadows.length ? `; it shadows ${binding.shadows.join(', ')}` : '';
  const stale = binding.overrideStale
    ? `; override stale: the server's description changed since it was pinned, under the override (the model still sees the override; acknowledge the new text to clear this)`
    : '';
  if (binding.gatedBy.length > 0)
    return `mounted by ${nodes}, but gated by skill ${binding.gatedBy.join(' or ')}: callable, not sent to the model until load_skill loads it${shadows}${stale}`;
  return `mounted by ${nodes}${shadows}${stale}`;
}

function shadowReason(offer: Offer, winner: string | undefined, pin: McpLeaf | undefined): string {
  if (pin) {
    const served = winner ? 'which serves it' : 'which does not serve it right now (see the unavailable row)';
    return `node ${pin.id} pins server ${pin.server}, ${served}; this copy on ${offer.server} is not used`;
  }
  return `also offered by ${winner ?? 'an earlier server'}, which comes first in config order and wins; pin a server with "server:" on the node to choose`;
}

