import type { ConfirmPolicy, IntentNode, Skill } from '../config/schema';
import type { SkillSource } from '../skills/server-skills';
import type { CatalogMessage } from './catalog-messages';
import type { TOOL_STATE_ORDER } from './catalog-counts';
import type { PINNED_FIELDS } from './pins';

/**
 * A tool definition as an MCP server sends it in tools/list. Structurally compatible with the SDK's
 * `Tool`, declared here so shared code (and the renderer) needs no SDK import.
 */
export interface ToolDefinition {
  name: string;
  title?: string;
  description?: string;
  inputSchema: { type: 'object'; properties?: Record<string, unknown>; required?: string[]; [key: string]: unknown };
  outputSchema?: { [key: string]: unknown };
  annotations?: {
    title?: string;
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
  };
  _meta?: { [key: string]: unknown };
  [key: string]: unknown;
}

/** What the model receives for one tool, identical for local and remote tools. */
export interface ModelToolDefinition {
  name: string;
  description: string;
  inputSchema: ToolDefinition['inputSchema'];
}

/** `needs-auth`: the server wants an OAuth sign-in; it waits for the operator instead of retrying. */
export const SERVER_STATUSES = Object.freeze([
  'disabled',
  'connecting',
  'connected',
  'failed',
  'needs-auth',
  'needs-confirmation',
] as const);
export type ServerStatus = (typeof SERVER_STATUSES)[number];

/**
 * The layers between an MCP server and the model, in the order a tool passes them (`local` stands alone: a tool
 * Switchboard itself offers). `pinned` fails when the winning server's definition changed since it was pinned.
 */
export const EXPLAIN_LAYERS = Object.freeze([
  'local',
  'configured',
  'connected',
  'discovered',
  'mounted',
  'reserved',
  'shadowed',
  'pinned',
  'gated',
  'appVisibility',
  'visible',
] as const);
export type ExplainLayerName = (typeof EXPLAIN_LAYERS)[number];

/** One configured server as the catalog sees it: its status and, when connected, what it offers. */
export interface CatalogServerInput {
  name: string;
  status: ServerStatus;
  error?: string | null;
  /** Only tools of a `connected` server count as offered; others are ignored. */
  tools: readonly ToolDefinition[];
  /** What the client declared in this server's initialize; a server may hide tools behind what was not. Unknown when absent. */
  declaredCapabilities?: Readonly<Record<string, unknown>> | null;
  /** The MCP revision negotiated with it (2025-11-25, 2026-07-28…); explain names it beside a connected server. */
  protocolVersion?: string | null;
  /** Definitions in its tools/list that are not valid tools: never offered, shown as refused with the reason. */
  refusedTools?: readonly RefusedDefinition[];
}

/** A tool definition a server listed that is refused (not a valid Tool): its place in the list, its name if any, and why. */
export interface RefusedDefinition {
  index: number;
  name: string | null;
  reason: string;
}

export interface CatalogInput {
  /** Every configured server, in config order (disabled ones included). */
  servers: readonly CatalogServerInput[];
  intents: readonly IntentNode[];
  skills: readonly Skill[];
  /** Names of in-process tools; a remote tool with one of these names is `reserved`. */
  reserved?: readonly string[];
  /** Local tool definitions sent before the bindings; defaults to `localToolDefinitions(skills)`. */
  localTools?: readonly ModelToolDefinition[];
  /** Definition pins and the fingerprints of what is offered now; absent = no pinning (every definition trusted). */
  pins?: PinInput;
  /**
   * A description longer than this many UTF-8 bytes is cut in what the model receives (a note says so); the
   * catalog, the Tools page and explain keep the length. Default DEFAULT_MAX_DESCRIPTION_BYTES.
   */
  maxDescriptionBytes?: number;
  /** An input schema bigger than this (UTF-8 bytes of JSON, after its texts are cut) is sent without its details; default DEFAULT_MAX_SCHEMA_BYTES. */
  maxSchemaBytes?: number;
  /** Config skill name -> the server skill its manual comes from (`server:`), and whether it can be loaded now; for explain. */
  skillSources?: ReadonlyMap<string, SkillSource>;
}

/** The parts of a definition that are pinned: changing any of them changes what the model is told or may send. */
export type PinnedField = (typeof PINNED_FIELDS)[number];
/** Per-field hashes; `ui` only for a tool with an MCP App (a tool without one hashes as it did before apps). */
export type PinnedFieldHashes = Readonly<Record<Exclude<PinnedField, 'ui'>, string>> & { readonly ui?: string };

export interface PinnedDefinition {
  name: string;
  description: string | null;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown> | null;
  annotations: Record<string, unknown> | null;
  /** The tool's MCP App as fetched and checked by main (shared/catalog/app-ui.ts, APP_UI_PIN); absent for a tool without one. */
  ui?: Record<string, unknown> | null;
}

/** Hashes of a definition (canonical JSON, sha256, computed in main once per discovery): whole, and per field. */
export interface DefinitionFingerprint {
  hash: string;
  fields: PinnedFieldHashes;
}

/** The definition an operator trusts for one (server, tool): taken at first sight or on accept. */
export interface ToolPin extends DefinitionFingerprint {
  pinnedAt: string;
  definition: PinnedDefinition;
  /** A version the operator rejected: still quarantined, but not asked about again until it changes. */
  rejectedHash?: string | null;
}

/** server -> tool name -> value. Nested Maps so the hot path builds no composite keys. */
export type ByServerTool<T> = ReadonlyMap<string, ReadonlyMap<string, T>>;

export interface PinInput {
  /** Fingerprint of each definition offered now. A tool with no fingerprint is not checked. */
  current: ByServerTool<DefinitionFingerprint>;
  /** The pins. An offered tool with no pin is trusted (main pins it on first sight). */
  pins: ByServerTool<ToolPin>;
  /**
   * toolId -> the server an operator trusts to serve it (taken when it is first bound, moved only by an
   * operator). Absent: bindings are not checked for moves.
   */
  bindings?: ReadonlyMap<string, AcceptedBinding>;
}

/** Which server serves a toolId, as the operator last accepted it. A binding never moves to another server without review. */
export interface AcceptedBinding {
  server: string;
  acceptedAt: string;
  /**
   * Whether the definition accepted for this toolId declared readOnlyHint: true. A server that now claims
   * read-only for a toolId accepted as a write never lowers the confirmation bar.
   */
  readOnly: boolean;
  /** A move the operator rejected: to this server (still quarantined, not asked about again while it stays). */
  rejectedServer?: string | null;
}

/** Why a tool is quarantined: what was pinned, what is offered now, and which fields differ. */
export interface Quarantine {
  pinnedHash: string;
  currentHash: string;
  pinnedAt: string;
  pinned: PinnedDefinition;
  current: PinnedDefinition;
  changed: readonly PinnedField[];
  rejected: boolean;
  /**
   * Set when the tool is held because the server that would serve it is not the accepted one (`from`): `pinned`
   * is then `from`'s trusted definition and `current` what `to` offers now.
   */
  moved: { from: string; to: string; acceptedAt: string } | null;
}

/** A mounted tool whose winning server's definition no longer matches its pin: not bound, not callable. */
export interface QuarantinedTool {
  toolId: string;
  server: string;
  nodes: readonly string[];
  shadows: readonly string[];
  quarantine: Quarantine;
  /** `message` in English (see catalog-messages.ts). */
  reason: string;
  message: CatalogMessage;
}

/**
 * Every (server, tool) pair and every configured toolId ends in exactly one state.
 * `quarantined`: mounted, but the definition changed since it was pinned; hidden and blocked until accepted.
 */
/** `appOnly`: bound, but its `_meta.ui.visibility` leaves out the model: only its MCP App may call it (docs/PIPELINE.md, MCP Apps). */
export type ToolState = (typeof TOOL_STATE_ORDER)[number];

/** A configured tool that reaches the toolkit: callable, and sent to the model unless gated. */
export interface ToolBinding {
  toolId: string;
  server: string;
  /** Ids of the MCP intent nodes naming this toolId, in tree order. */
  nodes: readonly string[];
  /** The strictest policy among the nodes: always > auto > never. */
  confirm: ConfirmPolicy;
  /** Effective description: the first node override, else the server's text. */
  description: string;
  descriptionSource: 'node' | 'remote';
  remoteDescription: string | null;
  /** Cheap hash of the server's description, to flag an override whose remote text changed underneath. */
  remoteDescriptionHash: string;
  /** The server's description changed since the pin while a node override hides it from the model. */
  overrideStale: boolean;
  definition: ToolDefinition;
  /** Skills whose `unlocks` list this tool; empty = always visible. Any one loaded skill unlocks it. */
  gatedBy: readonly string[];
  /** Other servers offering the same name, which lost to `server`. */
  shadows: readonly string[];
  /**
   * Whether a call may skip confirmation under policy `auto`: readOnlyHint: true in the definition this server's
   * pin holds, and in what the operator accepted for this toolId (a weaker claim never lowers the bar).
   */
  readOnly: boolean;
  /** Set when `description` is longer than the limit: the model receives its first `limit` bytes and a note. */
  descriptionTruncated: DescriptionTruncation | null;
  /** Set when the input schema the model receives is cut (schema-cap.ts). */
  schemaCapped: SchemaCap | null;
  /** Precomputed so visibleTools() allocates nothing per binding. */
  modelDefinition: ModelToolDefinition;
}

/** What the cap on an input schema cut for the model (schema-cap.ts): sizes in UTF-8 bytes of JSON. */
export interface SchemaCap {
  bytes: number;
  sentBytes: number;
  limit: number;
  /** Texts inside the schema cut to MAX_SCHEMA_TEXT_BYTES. */
  textsCut: number;
  /** Enum lists cut to MAX_ENUM_VALUES. */
  enumsCut: number;
  /** Objects or arrays below MAX_SCHEMA_DEPTH replaced by a note. */
  depthCut: number;
  /** Still over `limit` once cut: only the top-level property names (or nothing) were sent. */
  whole: boolean;
}

/** A description cut for the model: its full length and the limit, both in UTF-8 bytes. */
export interface DescriptionTruncation {
  bytes: number;
  limit: number;
}

export type UnavailableCause =
  | 'not-offered' // every relevant server is connected and none offers it
  | 'server-down' // not offered by any connected server while some relevant server is failed/connecting/disabled
  | 'reserved' // the name is a local tool's
  | 'pinned-elsewhere' // the node pins a server that does not offer it, while another server does
  | 'quarantined'; // offered, but its definition changed since it was pinned

export interface UnavailableTool {
  toolId: string;
  nodes: readonly string[];
  cause: UnavailableCause;
  /** `message` in English (see catalog-messages.ts). */
  reason: string;
  message: CatalogMessage;
}

/** One row of the reconciliation view. */
export interface CatalogEntry {
  toolId: string;
  /** null for a configured toolId no server offers. */
  server: string | null;
  state: ToolState;
  /** `message` in English: what the CLI, `--json` and logs print; the console translates `message`. */
  reason: string;
  message: CatalogMessage;
  nodes: readonly string[];
  gatedBy: readonly string[];
  description: string | null;
  remoteDescription: string | null;
  /** Non-null only for a `quarantined` row: the pinned and current definitions to diff. */
  quarantine: Quarantine | null;
  overrideStale: boolean;
  /** Set when `description` is over the limit: the model would receive (or receives) it cut. */
  descriptionTruncated: DescriptionTruncation | null;
  /** Set when the input schema is over the schema cap: the model would receive (or receives) it cut. */
  schemaCapped: SchemaCap | null;
}

export interface CatalogServer {
  name: string;
  status: ServerStatus;
  error: string | null;
  /** Tool names this server offers (connected servers only), in its own order. */
  tools: readonly string[];
  /** Definitions it listed that were refused (connected servers only). */
  refused: readonly RefusedDefinition[];
}

export interface CatalogSkill {
  name: string;
  description: string;
  unlocks: readonly string[];
  /** Unlock entries that name no binding: a typo or a tool that is unavailable. */
  unlocksUnbound: readonly string[];
}

export interface Catalog {
  servers: readonly CatalogServer[];
  /** Sorted by toolId. Includes gated bindings (gatedBy non-empty). */
  bindings: readonly ToolBinding[];
  /** Sorted by toolId. */
  unavailable: readonly UnavailableTool[];
  /** Every discovered (server, tool) pair once, plus every unavailable toolId with server null; by toolId then config order. */
  entries: readonly CatalogEntry[];
  skills: readonly CatalogSkill[];
  localTools: readonly ModelToolDefinition[];
  reserved: readonly string[];
  /** toolId -> binding, for the tool proxy and explain. */
  bindingsByToolId: ReadonlyMap<string, ToolBinding>;
  /** toolId -> the quarantined winner; such a toolId has no binding and an `unavailable` row with cause `quarantined`. */
  quarantinedByToolId: ReadonlyMap<string, QuarantinedTool>;
  /**
   * Bindings whose server `pins.bindings` does not hold yet: bound for the first time, or moved by a node's
   * `server:` (the operator's own edit). Main records them as accepted. Empty without `pins.bindings`.
   */
  unrecordedBindings: readonly ToolBinding[];
}
