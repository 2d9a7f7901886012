import { listMcpLeaves, RESERVED_TOOL_NAMES, type IntentNode, type McpLeaf } from '../config/schema';
import { withheldNote } from './client-capabilities';
import { describeTruncation } from './description-cap';
import { pinningNode } from './intent-index';
import { describeFields, pinDrift, shortHash } from './pins';
import { describeDownServers, resolveCatalog } from './resolve-catalog';
import type { Catalog, CatalogInput, CatalogServerInput, QuarantinedTool, ToolBinding } from './types';
import { visibleTools } from './visible-tools';
import { describeServerState } from './server-status-text';

/**
 * The layers between an MCP server and the model, in the order a tool passes them.
 * `pinned` fails when the winning server's definition changed since it was pinned (quarantined).
 */
export type ExplainLayerName = 'local' | 'configured' | 'connected' | 'discovered' | 'mounted' | 'reserved' | 'shadowed' | 'pinned' | 'gated' | 'visible';

export interface ExplainLayer {
  layer: ExplainLayerName;
  ok: boolean;
  detail: string;
}

export interface Explanation {
  toolId: string;
  verdict: 'visible' | 'hidden';
  layers: ExplainLayer[];
  /** The first layer that drops the tool; null when it is visible. */
  firstFailingLayer: ExplainLayerName | null;
}

/**
 * Walks a tool name through every layer and says, for each, whether it passes and why.
 * Every layer is evaluated (not just up to the first failure) so an operator sees all that is wrong at once.
 */
export function explainTool(
  input: CatalogInput,
  toolId: string,
  loadedSkills: readonly string[] = [],
  catalog: Catalog = resolveCatalog(input),
): Explanation {
  const facts = factsOf(input, toolId);
  const isLocal = catalog.localTools.some((t) => t.name === toolId);
  const reserved = (input.reserved ?? RESERVED_TOOL_NAMES).includes(toolId);
  const layers = isLocal || reserved ? localLayers(facts, catalog, toolId, isLocal) : remoteLayers(input, facts, catalog, toolId, loadedSkills);
  const visible = visibleTools(catalog, loadedSkills).some((t) => t.name === toolId);
  const truncated = catalog.bindingsByToolId.get(toolId)?.descriptionTruncated;
  const cut = truncated ? `; its description is ${describeTruncation(truncated)}` : '';
  layers.push({
    layer: 'visible',
    ok: visible,
    detail: visible
      ? `sent to the model this turn${loadedSkills.length ? ` (loaded skills: ${loadedSkills.join(', ')})` : ''}${cut}`
      : `not in the tool list the model receives this turn${cut}`,
  });
  const failing = layers.find((l) => !l.ok);
  return { toolId, verdict: visible ? 'visible' : 'hidden', layers, firstFailingLayer: failing?.layer ?? null };
}

/** What the inputs say about one name; explain asks about one tool at a time, so plain scans will do. */
interface ToolFacts {
  /** The connected servers offering it, in config order. */
  offered: { server: string }[];
  nodes: McpLeaf[];
  gatedBy: string[];
  serverByName: (name: string) => CatalogServerInput | undefined;
}

function factsOf(input: CatalogInput, toolId: string): ToolFacts {
  return {
    offered: input.servers.filter((s) => s.status === 'connected' && s.tools.some((t) => t.name === toolId)).map((s) => ({ server: s.name })),
    nodes: listMcpLeaves(input.intents as IntentNode[]).filter((leaf) => leaf.toolId === toolId),
    gatedBy: input.skills.filter((skill) => skill.unlocks.includes(toolId)).map((skill) => skill.name),
    serverByName: (name) => input.servers.find((s) => s.name === name),
  };
}

function localLayers(facts: ToolFacts, catalog: Catalog, toolId: string, isLocal: boolean): ExplainLayer[] {
  const remote = facts.offered;
  const collision = remote.length ? `; the remote copy on ${remote.map((o) => o.server).join(', ')} is reserved and never mounted` : '';
  if (isLocal) return [{ layer: 'local', ok: true, detail: `an in-process tool, sent before the MCP tools every turn${collision}` }];
  const why = toolId === 'load_skill' && catalog.skills.length === 0 ? 'load_skill is offered only when a skill is configured' : 'this local tool is not offered';
  return [{ layer: 'local', ok: false, detail: `${why}${collision}` }];
}

function remoteLayers(input: CatalogInput, facts: ToolFacts, catalog: Catalog, toolId: string, loadedSkills: readonly string[]): ExplainLayer[] {
  const servers = input.servers;
  const enabled = servers.filter((s) => s.status !== 'disabled');
  const connected = enabled.filter((s) => s.status === 'connected');
  const { offered, nodes, gatedBy } = facts;
  const binding = catalog.bindingsByToolId.get(toolId);
  const quarantined = catalog.quarantinedByToolId.get(toolId);
  // A quarantined winner still won the server choice; the pinned layer is where it drops.
  const served = binding ?? quarantined;
  const layers: ExplainLayer[] = [];

  const disabled = servers.filter((s) => s.status === 'disabled').map((s) => s.name);
  layers.push({
    layer: 'configured',
    ok: enabled.length > 0,
    detail:
      servers.length === 0
        ? 'no MCP server is configured under agent.mcp.servers'
        : enabled.length === 0
          ? `every configured server is disabled (${disabled.join(', ')})`
          : `enabled: ${enabled.map((s) => s.name).join(', ')}${disabled.length ? `; disabled: ${disabled.join(', ')}` : ''}`,
  });

  const down = describeDownServers(enabled);
  layers.push({
    layer: 'connected',
    ok: connected.length > 0,
    detail: connected.length
      ? `connected: ${connected.map((s) => s.name).join(', ')}${down ? `; ${down}` : ''}`
      : enabled.length
        ? `no server is connected: ${down}`
        : 'nothing to connect to',
  });

  // A server may offer tools only to clients that declared what they need: say so rather than imply "does not exist".
  const withheld = offered.length ? undefined : withheldNote(connected);
  layers.push({
    layer: 'discovered',
    ok: offered.length > 0,
    detail: offered.length
      ? `offered by ${offered.map((o) => o.server).join(', ')}`
      : `no connected server offers "${toolId}"${connected.length ? ` (checked ${connected.map((s) => s.name).join(', ')})` : ''}${down ? `; ${down}, so its tools are unknown` : ''}${withheld ? `; ${withheld}, so it may exist there` : ''}`,
  });

  layers.push({
    layer: 'mounted',
    ok: nodes.length > 0,
    detail: nodes.length
      ? `mounted by MCP intent node${nodes.length > 1 ? 's' : ''} ${nodes.map((n) => n.id).join(', ')}`
      : `no MCP intent node has toolId "${toolId}": a discovered tool reaches the model only through the intent tree`,
  });

  layers.push({ layer: 'reserved', ok: true, detail: `"${toolId}" is not a local tool name` });

  const pin = pinningNode(nodes);
  const pinnedServer = pin?.server ? facts.serverByName(pin.server) : undefined;
  let choice: ExplainLayer;
  if (served) {
    const how = pin ? `pinned by node ${pin.id}` : served.shadows.length ? 'first in config order' : 'the only server offering it';
    const losers = served.shadows.length ? `; ${served.shadows.join(', ')} ${served.shadows.length > 1 ? 'also offer it and lose' : 'also offers it and loses'}` : '';
    choice = { layer: 'shadowed', ok: true, detail: `served by ${served.server} (${how})${losers}` };
  } else if (pin && offered.length > 0) {
    const state = !pinnedServer ? 'is not configured' : pinnedServer.status === 'connected' ? 'does not offer it' : pinnedServer.status === 'needs-auth' ? describeServerState(pinnedServer) : `is ${pinnedServer.status}${pinnedServer.error ? ` (${pinnedServer.error})` : ''}`;
    choice = { layer: 'shadowed', ok: false, detail: `node ${pin.id} pins server ${pin.server}, which ${state}; the copy on ${offered.map((o) => o.server).join(', ')} is not used` };
  } else {
    choice = { layer: 'shadowed', ok: true, detail: offered.length > 1 ? `first in config order: ${offered[0].server}` : 'no competing server' };
  }
  layers.push(choice);
  layers.push(pinnedLayer(input, toolId, binding, quarantined));

  const loaded = gatedBy.filter((s) => loadedSkills.includes(s));
  layers.push({
    layer: 'gated',
    ok: gatedBy.length === 0 || loaded.length > 0,
    detail:
      gatedBy.length === 0
        ? 'no skill gates it'
        : loaded.length
          ? `unlocked by loaded skill ${loaded.join(', ')}`
          : `gated by skill ${gatedBy.join(' or ')}, not loaded this turn: its schema is withheld until load_skill loads it`,
  });
  return layers;
}

function pinnedLayer(input: CatalogInput, toolId: string, binding: ToolBinding | undefined, quarantined: QuarantinedTool | undefined): ExplainLayer {
  if (quarantined?.quarantine.moved) {
    const { moved, rejected, changed } = quarantined.quarantine;
    const differs = changed.length ? `; ${describeFields(changed)} differ${changed.length === 1 ? 's' : ''} from what ${moved.from} offered` : '';
    return {
      layer: 'pinned',
      ok: false,
      detail: `quarantined: binding moved from ${moved.from} (accepted at ${moved.acceptedAt}) to ${moved.to}${differs}${rejected ? '; the operator rejected this move' : '; accept or reject the move'}`,
    };
  }
  if (quarantined) {
    const { quarantine: q, server } = quarantined;
    const rejected = q.rejected ? '; the operator rejected this version' : '; accept or reject the change';
    return {
      layer: 'pinned',
      ok: false,
      detail: `quarantined: ${describeFields(q.changed)} changed on ${server} since pinned at ${q.pinnedAt} (sha256 ${shortHash(q.pinnedHash)} -> ${shortHash(q.currentHash)})${rejected}`,
    };
  }
  if (!binding) return { layer: 'pinned', ok: true, detail: 'no definition to check' };
  if (!input.pins) return { layer: 'pinned', ok: true, detail: 'definition pinning is not checked here' };
  const pin = input.pins.pins.get(binding.server)?.get(toolId);
  if (!pin) return { layer: 'pinned', ok: true, detail: `first sight of ${toolId} on ${binding.server}: trusted and pinned now` };
  if (binding.overrideStale) {
    const drift = pinDrift(input.pins, binding.server, toolId);
    return {
      layer: 'pinned',
      ok: true,
      detail: `override stale: ${binding.server} changed the description since it was pinned at ${pin.pinnedAt} (sha256 ${shortHash(pin.hash)} -> ${shortHash(drift?.current.hash ?? '?')}); the model sees node ${binding.nodes.join(', ')}'s override, so it stays bound`,
    };
  }
  return { layer: 'pinned', ok: true, detail: `matches the definition pinned at ${pin.pinnedAt} (sha256 ${shortHash(pin.hash)})` };
}
