import type { ConfirmPolicy, McpLeaf } from '../config/schema';
import { withheldNote } from './client-capabilities';
import { capDescription, truncationOf } from './description-cap';
import { descriptionHashOf } from './description-hash';
import { capInputSchema } from './schema-cap';
import { pinningNode } from './intent-index';
import { englishOf, fieldsParam, msg, type CatalogMessage } from './catalog-messages';
import { namedServerState, serverStateMessage } from './server-status-text';
import { onlyDescriptionChanged, pinDrift, pinnedDefinitionOf, PINNED_FIELDS, type PinDrift } from './pins';
import type {
  AcceptedBinding,
  CatalogInput,
  CatalogServerInput,
  PinInput,
  PinnedField,
  QuarantinedTool,
  ToolBinding,
  ToolDefinition,
  UnavailableTool,
} from './types';

/** One connected server offering one tool name; `order` is the server's position in the config. */
export interface Offer {
  server: string;
  order: number;
  definition: ToolDefinition;
}

/** A configured toolId that is not bound: its unavailable item, and the quarantined winner when that is why. */
export class Held {
  constructor(
    readonly item: UnavailableTool,
    readonly quarantined: QuarantinedTool | undefined,
  ) {}
}

/** What one configured toolId resolves to. */
export type Outcome = ToolBinding | Held;

/** What resolving one toolId reads besides its nodes and offers. */
export interface ToolContext {
  input: CatalogInput;
  gates: ReadonlyMap<string, readonly string[]>;
  reserved: ReadonlySet<string>;
  maxDescriptionBytes: number;
  maxSchemaBytes: number;
  /** Computed once per resolve, and only if some tool is unavailable. */
  health(): ServerHealth;
}

const NONE: readonly string[] = Object.freeze([]);
const CONFIRM_RANK: Record<ConfirmPolicy, number> = { never: 0, auto: 1, always: 2 };

/** Several nodes may name one tool; the strictest policy wins so no node's caution is lost. */
export function strictestConfirm(nodes: readonly McpLeaf[]): ConfirmPolicy {
  let best: ConfirmPolicy = 'never';
  for (const node of nodes) if (CONFIRM_RANK[node.confirm] > CONFIRM_RANK[best]) best = node.confirm;
  return best;
}

const idsOf = (nodes: readonly McpLeaf[]): string[] => nodes.map((n) => n.id);

/**
 * Resolves one configured toolId: reserved, unavailable, quarantined (its definition changed since it was pinned,
 * or the server that would serve it is not the accepted one), or bound. `previous` is the binding this toolId had
 * last time; it is returned as is when nothing it was built from changed, so caches keyed on it keep hitting.
 * (No closures made per call here: this runs once per configured tool on a full resolve.)
 */
export function resolveTool(
  ctx: ToolContext,
  toolId: string,
  nodes: readonly McpLeaf[],
  offered: readonly Offer[],
  previous: ToolBinding | undefined,
): Outcome {
  if (ctx.reserved.has(toolId)) {
    const offeredBy = offered.length
      ? msg('catalog.reason.localNameOfferedBy', { servers: offered.map((o) => o.server) })
      : undefined;
    const message = msg('catalog.reason.localName', { toolId, offeredBy });
    return new Held({ toolId, nodes: idsOf(nodes), cause: 'reserved', reason: englishOf(message), message }, undefined);
  }
  const pin = pinningNode(nodes);
  const winner = pin ? offered.find((o) => o.server === pin.server) : offered[0];
  if (!winner) {
    const why = whyUnavailable(ctx, toolId, offered, pin);
    return new Held(
      { toolId, nodes: idsOf(nodes), cause: why.cause, reason: englishOf(why.message), message: why.message },
      undefined,
    );
  }
  const { pins } = ctx.input;
  // The winner's definition against the operator-trusted one. No fallback to another server: a second server
  // offering the same name must not slip in while the first is quarantined.
  const drift = pins ? pinDrift(pins, winner.server, toolId) : undefined;
  const gatedBy = ctx.gates.get(toolId) ?? NONE;
  const override = nodes.find((n) => n.description !== undefined)?.description;
  if (drift && !(override !== undefined && onlyDescriptionChanged(drift)))
    return held(toolId, winner, nodes, offered, driftQuarantine(winner, drift));
  // The server serving a toolId is reviewed like its definition: a move (the accepted server died, or a new one
  // comes first in config order) holds the tool until an operator accepts it. A node's `server:` is the
  // operator's own choice, so it moves the binding without a review.
  const accepted = pins?.bindings?.get(toolId);
  if (accepted && accepted.server !== winner.server && !pin)
    return held(toolId, winner, nodes, offered, moveQuarantine(pins!, winner, offered, accepted));
  const readOnly = pinnedReadOnly(pins, winner) && (accepted ? accepted.readOnly : true);
  if (previous && !drift && reusable(previous, winner, offered, nodes, override, gatedBy, readOnly)) return previous;

  const remoteDescription = winner.definition.description ?? null;
  const description = override ?? remoteDescription ?? '';
  const truncation = truncationOf(description, ctx.maxDescriptionBytes);
  const capped = capInputSchema(winner.definition.inputSchema, ctx.maxSchemaBytes);
  return {
    toolId,
    server: winner.server,
    nodes: idsOf(nodes),
    confirm: strictestConfirm(nodes),
    description,
    descriptionSource: override !== undefined ? 'node' : 'remote',
    remoteDescription,
    remoteDescriptionHash: descriptionHashOf(winner.definition),
    overrideStale: drift !== undefined,
    definition: winner.definition,
    gatedBy,
    shadows: shadowsOf(offered, winner),
    readOnly,
    descriptionTruncated: truncation,
    schemaCapped: capped.cap,
    modelDefinition: { name: toolId, description: capDescription(description, truncation), inputSchema: capped.schema },
  };
}

/** A binding whose server `pins.bindings` does not hold (first bound, or moved by a node's `server:`): main records it. */
export function isUnrecorded(input: CatalogInput, outcome: Outcome): boolean {
  const accepted = input.pins?.bindings;
  return (
    accepted !== undefined && !(outcome instanceof Held) && accepted.get(outcome.toolId)?.server !== outcome.server
  );
}

const shadowsOf = (offered: readonly Offer[], winner: Offer): readonly string[] =>
  offered.length === 1 ? NONE : offered.filter((o) => o !== winner).map((o) => o.server);

/** readOnlyHint as the receiving server's pin holds it (what the operator trusts), else as offered (no pinning here). */
function pinnedReadOnly(pins: PinInput | undefined, winner: Offer): boolean {
  const pinned = pins?.pins.get(winner.server)?.get(winner.definition.name)?.definition.annotations;
  const annotations = pinned !== undefined ? pinned : winner.definition.annotations;
  return annotations?.readOnlyHint === true;
}

/**
 * Whether `binding` says what a binding built now would say. Compared with the binding's own fields, never with
 * the node objects it was built from: config objects may be edited in place, and a re-parse gives new objects
 * with equal content.
 */
function reusable(
  binding: ToolBinding,
  winner: Offer,
  offered: readonly Offer[],
  nodes: readonly McpLeaf[],
  override: string | undefined,
  gatedBy: readonly string[],
  readOnly: boolean,
): boolean {
  if (
    binding.overrideStale ||
    binding.server !== winner.server ||
    binding.definition !== winner.definition ||
    binding.readOnly !== readOnly
  )
    return false;
  if (binding.shadows.length !== offered.length - 1) return false;
  let k = 0;
  for (const offer of offered) if (offer !== winner && offer.server !== binding.shadows[k++]) return false;
  if (binding.nodes.length !== nodes.length || !nodes.every((n, i) => n.id === binding.nodes[i])) return false;
  if (binding.confirm !== strictestConfirm(nodes)) return false;
  if (
    override !== undefined
      ? binding.descriptionSource !== 'node' || binding.description !== override
      : binding.descriptionSource !== 'remote'
  )
    return false;
  return binding.gatedBy.length === gatedBy.length && gatedBy.every((skill, i) => skill === binding.gatedBy[i]);
}

/** A quarantined winner: no binding, an `unavailable` item with cause `quarantined`, and the diff for the rows. */
function held(
  toolId: string,
  winner: Offer,
  nodes: readonly McpLeaf[],
  offered: readonly Offer[],
  why: Pick<QuarantinedTool, 'quarantine' | 'message'>,
): Held {
  const reason = englishOf(why.message);
  const quarantined: QuarantinedTool = {
    toolId,
    server: winner.server,
    nodes: idsOf(nodes),
    shadows: shadowsOf(offered, winner),
    quarantine: why.quarantine,
    reason,
    message: why.message,
  };
  return new Held(
    { toolId, nodes: quarantined.nodes, cause: 'quarantined', reason, message: why.message },
    quarantined,
  );
}

function driftQuarantine(winner: Offer, drift: PinDrift): Pick<QuarantinedTool, 'quarantine' | 'message'> {
  const { pin, current, changed } = drift;
  const rejected = pin.rejectedHash === current.hash;
  return {
    quarantine: {
      pinnedHash: pin.hash,
      currentHash: current.hash,
      pinnedAt: pin.pinnedAt,
      pinned: pin.definition,
      current: pinnedDefinitionOf(winner.definition),
      changed,
      rejected,
      moved: null,
    },
    message: msg(rejected ? 'catalog.reason.driftRejected' : 'catalog.reason.drift', {
      fields: fieldsParam(changed),
      server: winner.server,
      pinnedAt: pin.pinnedAt,
    }),
  };
}

/** The server that would serve the toolId is not the accepted one: diff what it offers against what was trusted there. */
function moveQuarantine(
  pins: PinInput,
  winner: Offer,
  offered: readonly Offer[],
  accepted: AcceptedBinding,
): Pick<QuarantinedTool, 'quarantine' | 'message'> {
  const toolId = winner.definition.name;
  const current = pinnedDefinitionOf(winner.definition);
  const currentPrint = pins.current.get(winner.server)?.get(toolId);
  // Against what the operator trusted on the accepted server; without its pin, against nothing.
  const trusted = pins.pins.get(accepted.server)?.get(toolId);
  const changed: PinnedField[] =
    trusted && currentPrint ? PINNED_FIELDS.filter((f) => trusted.fields[f] !== currentPrint.fields[f]) : [];
  const rejected = accepted.rejectedServer === winner.server;
  const alsoOffers = offered.some((o) => o.server === accepted.server);
  const where = msg(alsoOffers ? 'catalog.reason.moveAlsoOffers' : 'catalog.reason.moveNotServed', {
    server: accepted.server,
  });
  const differs = changed.length
    ? msg(changed.length === 1 ? 'catalog.reason.movedDiffersOne' : 'catalog.reason.movedDiffersMany', {
        fields: changed,
      })
    : undefined;
  return {
    quarantine: {
      pinnedHash: trusted?.hash ?? currentPrint?.hash ?? '',
      currentHash: currentPrint?.hash ?? trusted?.hash ?? '',
      pinnedAt: trusted?.pinnedAt ?? accepted.acceptedAt,
      pinned: trusted?.definition ?? current,
      current,
      changed,
      rejected,
      moved: { from: accepted.server, to: winner.server, acceptedAt: accepted.acceptedAt },
    },
    message: rejected
      ? msg('catalog.reason.movedRejected', { from: accepted.server, to: winner.server, differs })
      : msg('catalog.reason.moved', { from: accepted.server, to: winner.server, differs, where }),
  };
}

export interface ServerHealth {
  /** The servers that are not connected, each with its state; empty when all are. */
  down: CatalogMessage[];
  connected: string[];
  anyFailing: boolean;
  byName: ReadonlyMap<string, CatalogServerInput>;
  /** Which connected servers were not offered some client capability (see client-capabilities.ts). */
  withheld: CatalogMessage | undefined;
}

export function summarizeHealth(servers: readonly CatalogServerInput[]): ServerHealth {
  return {
    down: describeDownServers(servers),
    connected: servers.filter((s) => s.status === 'connected').map((s) => s.name),
    anyFailing: servers.some(
      (s) =>
        s.status === 'failed' ||
        s.status === 'connecting' ||
        s.status === 'needs-auth' ||
        s.status === 'needs-confirmation',
    ),
    byName: new Map(servers.map((s) => [s.name, s])),
    withheld: withheldNote(servers),
  };
}

/** Why servers that are not connected might be hiding a tool: "b failed (ECONNREFUSED)", "c is connecting". */
export function describeDownServers(servers: readonly CatalogServerInput[]): CatalogMessage[] {
  return servers.filter((s) => s.status !== 'connected').map(namedServerState);
}

function whyUnavailable(
  ctx: ToolContext,
  toolId: string,
  offered: readonly Offer[],
  pin: McpLeaf | undefined,
): Pick<UnavailableTool, 'cause' | 'message'> {
  const health = ctx.health();
  if (pin?.server) {
    const pinned = health.byName.get(pin.server);
    const state = !pinned
      ? msg('catalog.server.notConfigured')
      : pinned.status === 'connected'
        ? msg('catalog.server.doesNotOffer')
        : serverStateMessage(pinned);
    if (offered.length > 0)
      return {
        cause: 'pinned-elsewhere',
        message: msg('catalog.reason.pinsServerOffered', {
          node: pin.id,
          server: pin.server,
          state,
          servers: offered.map((o) => o.server),
        }),
      };
    return {
      cause: pinned && pinned.status === 'connected' ? 'not-offered' : 'server-down',
      message: msg('catalog.reason.pinsServer', { node: pin.id, server: pin.server, state }),
    };
  }
  const { down, connected, anyFailing, withheld } = health;
  const checked = connected.length
    ? msg('catalog.reason.checked', { servers: connected })
    : msg('catalog.reason.noneConnected');
  return {
    cause: anyFailing ? 'server-down' : 'not-offered',
    message: down.length
      ? msg('catalog.reason.toolsUnknown', { checked, down })
      : withheld // never "does not exist" while a server may be hiding it behind a capability we did not declare
        ? msg('catalog.reason.mayExist', { checked, withheld, toolId })
        : msg('catalog.reason.doesNotExist', { checked, toolId }),
  };
}
