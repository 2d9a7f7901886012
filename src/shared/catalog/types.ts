import type { ConfirmPolicy, IntentNode, Skill } from '../config/schema';

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

export type ServerStatus = 'disabled' | 'connecting' | 'connected' | 'failed';

/** One configured server as the catalog sees it: its status and, when connected, what it offers. */
export interface CatalogServerInput {
  name: string;
  status: ServerStatus;
  error?: string | null;
  /** Only tools of a `connected` server count as offered; others are ignored. */
  tools: readonly ToolDefinition[];
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
}

/**
 * Every (server, tool) pair and every configured toolId ends in exactly one state.
 * New states (e.g. a future `quarantined`: definition changed after pinning) extend this union.
 */
export type ToolState = 'bound' | 'gated' | 'unmounted' | 'unavailable' | 'reserved' | 'shadowed';

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
  definition: ToolDefinition;
  /** Skills whose `unlocks` list this tool; empty = always visible. Any one loaded skill unlocks it. */
  gatedBy: readonly string[];
  /** Other servers offering the same name, which lost to `server`. */
  shadows: readonly string[];
  /** Precomputed so visibleTools() allocates nothing per binding. */
  modelDefinition: ModelToolDefinition;
}

export type UnavailableCause =
  | 'not-offered' // every relevant server is connected and none offers it
  | 'server-down' // not offered by any connected server while some relevant server is failed/connecting/disabled
  | 'reserved' // the name is a local tool's
  | 'pinned-elsewhere'; // the node pins a server that does not offer it, while another server does

export interface UnavailableTool {
  toolId: string;
  nodes: readonly string[];
  cause: UnavailableCause;
  reason: string;
}

/** One row of the reconciliation view. */
export interface CatalogEntry {
  toolId: string;
  /** null for a configured toolId no server offers. */
  server: string | null;
  state: ToolState;
  reason: string;
  nodes: readonly string[];
  gatedBy: readonly string[];
  description: string | null;
  remoteDescription: string | null;
}

export interface CatalogServer {
  name: string;
  status: ServerStatus;
  error: string | null;
  /** Tool names this server offers (connected servers only), in its own order. */
  tools: readonly string[];
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
}
