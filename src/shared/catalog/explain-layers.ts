/*
 * The layers of explain, one function each: what each says about one tool, and whether the tool passes it.
 */
import type { McpLeaf } from '../config/schema';
import type { MessageParam } from '../i18n-message';
import { englishOf, fieldsParam, msg, type CatalogMessage } from './catalog-messages';
import { withheldNote } from './client-capabilities';
import { pinningNode } from './intent-index';
import { pinDrift, shortHash } from './pins';
import { describeDownServers } from './resolve-catalog';
import type {
  Catalog,
  CatalogInput,
  CatalogServerInput,
  ExplainLayerName,
  QuarantinedTool,
  ToolBinding,
} from './types';
import { isAppOnly } from './app-ui';
import { serverStateMessage } from './server-status-text';

export type { ExplainLayerName } from './types';

export interface ExplainLayer {
  layer: ExplainLayerName;
  ok: boolean;
  /** `message` in English, as the CLI prints it; the console translates `message`. */
  detail: string;
  message: CatalogMessage;
}

export const layerOf = (layer: ExplainLayerName, ok: boolean, message: CatalogMessage): ExplainLayer => ({
  layer,
  ok,
  detail: englishOf(message),
  message,
});

/** What the inputs say about one name; explain asks about one tool at a time, so plain scans will do. */
export interface ToolFacts {
  /** The connected servers offering it, in config order. */
  offered: { server: string }[];
  nodes: McpLeaf[];
  gatedBy: string[];
  serverByName: (name: string) => CatalogServerInput | undefined;
}

/** The layers of a tool Switchboard itself offers, or a reserved name. */
export function localLayers(facts: ToolFacts, catalog: Catalog, toolId: string, isLocal: boolean): ExplainLayer[] {
  const remote = facts.offered;
  const collision = remote.length
    ? msg('catalog.explain.localCollision', { servers: remote.map((o) => o.server) })
    : undefined;
  if (isLocal) return [layerOf('local', true, msg('catalog.explain.local', { collision }))];
  const why =
    toolId === 'load_skill' && catalog.skills.length === 0
      ? 'catalog.explain.loadSkillNeedsSkill'
      : 'catalog.explain.localNotOffered';
  return [layerOf('local', false, msg(why, { collision }))];
}

/** The layers of a tool an MCP server serves, from its server's config to the model's view. */
export function remoteLayers(
  input: CatalogInput,
  facts: ToolFacts,
  catalog: Catalog,
  toolId: string,
  loadedSkills: readonly string[],
): ExplainLayer[] {
  const enabled = input.servers.filter((s) => s.status !== 'disabled');
  const connected = enabled.filter((s) => s.status === 'connected');
  const down = describeDownServers(enabled);
  const binding = catalog.bindingsByToolId.get(toolId);
  const quarantined = catalog.quarantinedByToolId.get(toolId);
  // A quarantined winner still won the server choice; the pinned layer is where it drops.
  const served = binding ?? quarantined;
  return [
    configuredLayer(input.servers, enabled),
    connectedLayer(enabled, connected, down),
    discoveredLayer(facts.offered, connected, down, toolId),
    mountedLayer(facts.nodes, toolId),
    layerOf('reserved', true, msg('catalog.explain.notReserved', { toolId })),
    shadowedLayer(facts, served),
    pinnedLayer(input, toolId, binding, quarantined),
    gatedLayer(input, facts.gatedBy, loadedSkills),
    appVisibilityLayer(input, toolId, served, binding),
  ];
}

function configuredLayer(servers: readonly CatalogServerInput[], enabled: readonly CatalogServerInput[]): ExplainLayer {
  const disabled = servers.filter((s) => s.status === 'disabled').map((s) => s.name);
  return layerOf(
    'configured',
    enabled.length > 0,
    servers.length === 0
      ? msg('catalog.explain.noServers')
      : enabled.length === 0
        ? msg('catalog.explain.allDisabled', { servers: disabled })
        : msg('catalog.explain.enabled', {
            servers: enabled.map((s) => s.name),
            disabled: disabled.length ? msg('catalog.explain.alsoDisabled', { servers: disabled }) : undefined,
          }),
  );
}

function connectedLayer(
  enabled: readonly CatalogServerInput[],
  connected: readonly CatalogServerInput[],
  down: ReturnType<typeof describeDownServers>,
): ExplainLayer {
  return layerOf(
    'connected',
    connected.length > 0,
    connected.length
      ? msg('catalog.explain.connected', {
          servers: connected.map((s) => (s.protocolVersion ? `${s.name} (MCP ${s.protocolVersion})` : s.name)),
          down: down.length ? msg('catalog.explain.down', { down }) : undefined,
        })
      : enabled.length
        ? msg('catalog.explain.noneConnected', { down })
        : msg('catalog.explain.nothingToConnect'),
  );
}

function discoveredLayer(
  offered: ToolFacts['offered'],
  connected: readonly CatalogServerInput[],
  down: ReturnType<typeof describeDownServers>,
  toolId: string,
): ExplainLayer {
  // A server may offer tools only to clients that declared what they need: say so rather than imply "does not exist".
  const withheld = offered.length ? undefined : withheldNote(connected);
  return layerOf(
    'discovered',
    offered.length > 0,
    offered.length
      ? msg('catalog.explain.offeredBy', { servers: offered.map((o) => o.server) })
      : msg('catalog.explain.notOffered', {
          toolId,
          checked: connected.length
            ? msg('catalog.explain.checked', { servers: connected.map((s) => s.name) })
            : undefined,
          down: down.length ? msg('catalog.explain.toolsUnknown', { down }) : undefined,
          withheld: withheld ? msg('catalog.explain.mayExist', { withheld }) : undefined,
          refused: refusedNote(connected, toolId),
        }),
  );
}

function mountedLayer(nodes: readonly McpLeaf[], toolId: string): ExplainLayer {
  return layerOf(
    'mounted',
    nodes.length > 0,
    nodes.length
      ? msg(nodes.length > 1 ? 'catalog.explain.mountedByNodes' : 'catalog.explain.mountedByNode', {
          nodes: nodes.map((n) => n.id),
        })
      : msg('catalog.explain.notMounted', { toolId }),
  );
}

/** Which server serves the tool and why: a node's pin, config order, or the only offer. */
function shadowedLayer(facts: ToolFacts, served: ToolBinding | QuarantinedTool | undefined): ExplainLayer {
  const { offered, nodes } = facts;
  const pin = pinningNode(nodes);
  if (served) {
    const how = pin
      ? msg('catalog.explain.pinnedByNode', { node: pin.id })
      : msg(served.shadows.length ? 'catalog.explain.firstInOrder' : 'catalog.explain.onlyServer');
    const losers = served.shadows.length
      ? msg(served.shadows.length > 1 ? 'catalog.explain.losersMany' : 'catalog.explain.loserOne', {
          servers: served.shadows,
        })
      : undefined;
    return layerOf('shadowed', true, msg('catalog.explain.servedBy', { server: served.server, how, losers }));
  }
  if (pin && offered.length > 0) {
    const state = pinnedServerState(pin.server ? facts.serverByName(pin.server) : undefined);
    return layerOf(
      'shadowed',
      false,
      msg('catalog.explain.pinNotUsed', {
        node: pin.id,
        server: pin.server,
        state,
        servers: offered.map((o) => o.server),
      }),
    );
  }
  return layerOf(
    'shadowed',
    true,
    offered.length > 1
      ? msg('catalog.explain.firstOf', { server: offered[0].server })
      : msg('catalog.explain.noCompetitor'),
  );
}

/** Why a node's pinned server does not serve the tool. */
function pinnedServerState(pinnedServer: CatalogServerInput | undefined): CatalogMessage {
  if (!pinnedServer) return msg('catalog.server.notConfigured');
  if (pinnedServer.status === 'connected') return msg('catalog.server.doesNotOffer');
  if (pinnedServer.status === 'failed')
    return pinnedServer.error
      ? msg('catalog.server.isFailedWith', { error: pinnedServer.error })
      : msg('catalog.server.isFailed');
  return serverStateMessage(pinnedServer);
}

function gatedLayer(input: CatalogInput, gatedBy: readonly string[], loadedSkills: readonly string[]): ExplainLayer {
  const loaded = gatedBy.filter((s) => loadedSkills.includes(s));
  return layerOf(
    'gated',
    gatedBy.length === 0 || loaded.length > 0,
    gatedBy.length === 0
      ? msg('catalog.explain.notGated')
      : loaded.length
        ? msg('catalog.explain.unlocked', { skills: loaded })
        : msg('catalog.explain.gated', { skills: gatedBy, sources: skillSourcesClause(input, gatedBy) }),
  );
}

/** MCP Apps: `_meta.ui.visibility` without `model` keeps the tool for its app alone. */
function appVisibilityLayer(
  input: CatalogInput,
  toolId: string,
  served: ToolBinding | QuarantinedTool | undefined,
  binding: ToolBinding | undefined,
): ExplainLayer {
  const definition = served
    ? (binding?.definition ?? input.servers.find((s) => s.name === served.server)?.tools.find((t) => t.name === toolId))
    : undefined;
  const appOnly = definition !== undefined && isAppOnly(definition);
  return layerOf(
    'appVisibility',
    !appOnly,
    appOnly ? msg('catalog.explain.appOnly', { server: served!.server }) : msg('catalog.explain.forModel'),
  );
}

/** A connected server listed a definition of this name that was refused: say why, not "no server offers it" alone. */
function refusedNote(connected: readonly CatalogServerInput[], toolId: string): CatalogMessage | undefined {
  for (const server of connected) {
    const refused = server.refusedTools?.find((r) => r.name === toolId);
    if (refused) return msg('catalog.explain.refused', { server: server.name, toolId, reason: refused.reason });
  }
  return undefined;
}

/** For each gating skill whose manual a server publishes: that server skill and whether load_skill can load it. */
function skillSourcesClause(input: CatalogInput, gatedBy: readonly string[]): CatalogMessage | undefined {
  const clauses = gatedBy.flatMap((name) => {
    const source = input.skillSources?.get(name);
    if (!source) return [];
    // The reason is one of main's sentences (skill-messages.ts): carried as a message, so the console translates it.
    const reason: MessageParam = source.reason
      ? { code: source.reason.code, ...(source.reason.params && { params: source.reason.params }) }
      : '';
    const state =
      source.state === 'verified'
        ? msg('catalog.explain.skillSource.verified')
        : source.state === 'quarantined'
          ? msg('catalog.explain.skillSource.quarantined', { reason })
          : source.state === 'refused'
            ? msg('catalog.explain.skillSource.refused', { reason })
            : msg('catalog.explain.skillSource.unavailable', { reason });
    return [msg('catalog.explain.skillFrom', { skill: name, serverSkill: source.skill, server: source.server, state })];
  });
  // One clause: a tool is rarely gated by more than one skill, and the first one's source is the one to fix.
  return clauses[0];
}

function pinnedLayer(
  input: CatalogInput,
  toolId: string,
  binding: ToolBinding | undefined,
  quarantined: QuarantinedTool | undefined,
): ExplainLayer {
  if (quarantined?.quarantine.moved) {
    const { moved, rejected, changed } = quarantined.quarantine;
    const differs = changed.length
      ? msg(changed.length === 1 ? 'catalog.explain.movedDiffersOne' : 'catalog.explain.movedDiffersMany', {
          fields: changed,
          from: moved.from,
        })
      : undefined;
    const verdict = msg(rejected ? 'catalog.explain.moveRejected' : 'catalog.explain.moveAsk');
    return layerOf(
      'pinned',
      false,
      msg('catalog.explain.moved', { from: moved.from, acceptedAt: moved.acceptedAt, to: moved.to, differs, verdict }),
    );
  }
  if (quarantined) {
    const { quarantine: q, server } = quarantined;
    const verdict = msg(q.rejected ? 'catalog.explain.driftRejected' : 'catalog.explain.driftAsk');
    return layerOf(
      'pinned',
      false,
      msg('catalog.explain.drift', {
        fields: fieldsParam(q.changed),
        server,
        pinnedAt: q.pinnedAt,
        pinnedHash: shortHash(q.pinnedHash),
        currentHash: shortHash(q.currentHash),
        verdict,
      }),
    );
  }
  if (!binding) return layerOf('pinned', true, msg('catalog.explain.noDefinition'));
  if (!input.pins) return layerOf('pinned', true, msg('catalog.explain.pinningOff'));
  const pin = input.pins.pins.get(binding.server)?.get(toolId);
  if (!pin) return layerOf('pinned', true, msg('catalog.explain.firstSight', { toolId, server: binding.server }));
  if (binding.overrideStale) {
    const drift = pinDrift(input.pins, binding.server, toolId);
    return layerOf(
      'pinned',
      true,
      msg('catalog.explain.overrideStale', {
        server: binding.server,
        pinnedAt: pin.pinnedAt,
        pinnedHash: shortHash(pin.hash),
        currentHash: shortHash(drift?.current.hash ?? '?'),
        nodes: binding.nodes,
      }),
    );
  }
  return layerOf(
    'pinned',
    true,
    msg('catalog.explain.matchesPin', { pinnedAt: pin.pinnedAt, pinnedHash: shortHash(pin.hash) }),
  );
}
