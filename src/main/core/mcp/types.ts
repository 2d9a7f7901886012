import type { UiMessage } from '../../../shared/i18n-message';
import type {
  OAuthClientProvider,
  FetchLike,
  ClientCapabilities,
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestParams,
  ElicitResult,
  ServerCapabilities,
  Tool,
} from '@modelcontextprotocol/client';
import type { HttpServerConfig, StdioServerConfig } from '../../../shared/config/schema';
import type { EventSink } from '../events';
import type { ServerStatus } from '../../../shared/catalog';
import type { BackoffOptions } from './backoff';
import type { EraMemory } from './era-memory';
import type { ServerInfo } from './server-facts';
import type { LaunchStdio, ResolveBuiltin, TransportKind } from './transport-factory';

/** One server's state at one moment. Immutable: a change produces a new object. */
export interface ServerState {
  name: string;
  status: ServerStatus;
  error: string | null;
  /** `error` as a code and params the console translates; null when it is only text (a server's own words). */
  errorMessage: UiMessage | null;
  /** The last discovery; empty unless connected. */
  tools: readonly Tool[];
  toolCount: number;
  transport: TransportKind | null;
  endpoint: string | null;
  connectedAt: string | null;
  discoveredAt: string | null;
  protocolVersion: string | null;
  /** name, version and (when given) title, websiteUrl, icons: shown only through their gates (card, external-url). */
  serverInfo: ServerInfo | null;
  /** What the server offered in its initialize answer (null until connected). */
  offeredCapabilities: ServerCapabilities | null;
  /** What we declared in our initialize request (null until an attempt sent one). */
  declaredCapabilities: ClientCapabilities | null;
  /** What the server's initialize answer asks of the model that uses it (null when it gave none). */
  instructions: string | null;
  /** stdio only: the end of the child's stderr. */
  stderrTail: string | null;
  /** Consecutive failed attempts since the last success; drives the backoff. */
  reconnectAttempt: number;
  nextRetryAt: string | null;
  /** A package runner's first start (installing / starting) and its budget; null otherwise and once connected. */
  startup: StartupBudget | null;
  /** Tool definitions in the last tools/list that are not valid Tools: left out of `tools`, each with its reason. */
  refusedTools: readonly RefusedTool[];
  /** The caching hint of the last tools/list (2026-07-28 ttlMs/cacheScope) and when it expires; null until one. */
  toolsCache: ListCacheView | null;
}

/** A definition in a server's tools/list that is refused: its place in the list, its name if it has one, and why. */
export interface RefusedTool {
  index: number;
  name: string | null;
  reason: string;
}

/** A list's caching hint as the server gave it (MCP 2026-07-28); null fields: it gave none. */
export interface ListCacheHint {
  ttlMs: number | null;
  cacheScope: 'public' | 'private' | null;
}

/** A list's hint with when it was fetched and when the hint makes it stale (null: no ttl, or ttl 0). */
export interface ListCacheView extends ListCacheHint {
  fetchedAt: string;
  expiresAt: string | null;
}

/** The longer first-start budget of a package-runner command (npx, uvx, pipx run, bunx, pnpm dlx). */
export interface StartupBudget {
  runner: string;
  budgetMs: number;
}

export const initialState = (name: string, status: ServerStatus): ServerState =>
  Object.freeze({
    name,
    status,
    error: null,
    errorMessage: null,
    tools: [],
    toolCount: 0,
    transport: null,
    endpoint: null,
    connectedAt: null,
    discoveredAt: null,
    protocolVersion: null,
    serverInfo: null,
    offeredCapabilities: null,
    declaredCapabilities: null,
    instructions: null,
    stderrTail: null,
    reconnectAttempt: 0,
    nextRetryAt: null,
    startup: null,
    refusedTools: [],
    toolsCache: null,
  });

export interface CallToolOptions {
  signal?: AbortSignal;
  /** The longest silence: each progress notification restarts it. */
  timeoutMs?: number;
  /** The longest a call may run however much progress it reports (default 600000). */
  maxTotalTimeoutMs?: number;
  /** Sent as the request's `_meta`, e.g. {'switchboard/customerId': 'u1001'}; never taken from model-written arguments. */
  meta?: Record<string, unknown>;
  /** Every call carries a progressToken; the server's notifications/progress for it arrive here. */
  onProgress?: (progress: CallProgress) => void;
  /** A task-based call: its task as created, then each status polled. */
  onTask?: (task: CallTask) => void;
  /** While the server waits on our operator, the call's silence is ours: its silence timer stops. */
  operatorWait?: OperatorWait;
  /** Set on the one retry after a -32042 URL elicitation was accepted: a second -32042 is not asked again. */
  afterUrlElicitation?: boolean;
}

/**
 * Whether a server is waiting on our operator (a question or sampling request of its is open). A call to
 * it is not timed out for silence meanwhile; its silence limit starts again in full when the wait ends.
 */
export interface OperatorWait {
  readonly waiting: boolean;
  /** Called on each change; returns the unsubscribe function. */
  onChange(listener: () => void): () => void;
}

export interface CallProgress {
  progress: number;
  total?: number;
  message?: string;
}

export interface CallTask {
  taskId: string;
  status: 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
  statusMessage?: string;
}

/** Where a server's request came from: the server, the task it belongs to (if it says), and its abort signal. */
export interface ServerRequestContext {
  server: string;
  /** Aborted when the server cancels its request or the connection closes. */
  signal: AbortSignal;
  /** From the request's related-task `_meta`: the task (of one of our calls) that asked. */
  relatedTaskId?: string;
}

/** Answers what servers ask of the client. Throwing an McpError sends that error to the server. */
export interface ServerRequestHandlers {
  elicit(context: ServerRequestContext, params: ElicitRequestParams): Promise<ElicitResult>;
  sample(context: ServerRequestContext, params: CreateMessageRequestParams): Promise<CreateMessageResult>;
}

/** What an error means for a server's authorization. */
export type AuthVerdict =
  /** The operator must sign in (status `needs-auth`, no retry loop). */
  | { kind: 'needs-auth'; message: string; uiMessage?: UiMessage }
  /** Connected, but this request needs more scope: the operator signs in again to grant it. */
  | { kind: 'step-up'; message: string; uiMessage?: UiMessage }
  /** The authorization server or the resource refused in a way retrying cannot fix: failed, not retried. */
  | { kind: 'refused'; message: string; uiMessage?: UiMessage };

/** OAuth for one connection attempt to an HTTP server (implemented in core/auth). */
export interface ConnectionAuth {
  authProvider: OAuthClientProvider;
  /** Wraps the transport's fetch, e.g. to read WWW-Authenticate challenges. */
  wrapFetch(fetch: FetchLike): FetchLike;
  verdict(error: unknown): AuthVerdict | undefined;
  /** The attempt connected (start refreshing ahead of expiry) / its client closed. */
  connected(): void;
  closed(): void;
}

/** Gives HTTP servers their OAuth; undefined for a server that takes none (e.g. a static Authorization header). */
export interface ConnectionAuthPort {
  forAttempt(server: HttpServerConfig, endpoint: string): ConnectionAuth | undefined;
  /** The tokens (and a registered client's secret) this server was given in this run: it may echo them back. */
  secretsOf?(server: string): readonly string[];
}

export interface ConnectionOptions {
  /** Source for `${env:NAME}` and the stdio child's PATH/HOME (default process.env). */
  env?: Record<string, string | undefined>;
  resolveBuiltin?: ResolveBuiltin;
  /** HTTP for Streamable HTTP and SSE servers (the desktop passes one that honours the system proxy); default Node's fetch. */
  fetch?: FetchLike;
  /** How a stdio entry's command runs on this host (a packaged app runs `node` as itself); default as written. */
  launchStdio?: LaunchStdio;
  /** Work on a freshly discovered tool list, off the event loop's critical path, before it is published (hashing). */
  prepareTools?: (server: string, tools: readonly Tool[]) => Promise<void>;
  /** Per-server budget for connect + initialize + first tools/list when the entry has no timeoutMs (default 10000). */
  defaultTimeoutMs?: number;
  /** The same for a package runner's first start (npx, uvx…) when the entry has no installTimeoutMs (default 120000). */
  defaultInstallTimeoutMs?: number;
  /** Retry failed and lost servers with backoff (default true; the one-shot CLI turns it off). */
  autoReconnect?: boolean;
  backoff?: BackoffOptions;
  /** Quiet period after notifications/tools/list_changed before one tools/list (default 200). */
  listChangedDebounceMs?: number;
  /** Longest a burst of list_changed may postpone that tools/list (default 1000): a storm still rediscovers once per this. */
  listChangedMaxWaitMs?: number;
  /** Ping connected servers this often to notice a dead peer (default 30000; 0 = never). */
  healthCheckIntervalMs?: number;
  log?: (line: string) => void;
  clientInfo?: { name: string; version: string };
  now?: () => Date;
  /** OAuth for remote servers; without it a 401 is an ordinary failure. */
  auth?: ConnectionAuthPort;
  /** Who answers servers' elicitation and sampling requests; without it neither capability is declared. */
  requests?: ServerRequestHandlers;
  /** Where server logs and resource/prompt change notifications are announced (the app's bus); none in one-shot CLI runs. */
  events?: EventSink;
  /** Whether a stdio command line waits for the operator before it launches (launch-confirmations.ts); none: all launch. */
  launchGate?: LaunchGate;
  /** Each auto server's negotiated era between runs (era-memory.ts); without it every connect probes. */
  eras?: EraMemory;
}

/** Asked before every launch of a stdio server's command. */
export interface LaunchGate {
  waits(server: StdioServerConfig): boolean;
}

type OptionalSettings =
  'resolveBuiltin' | 'auth' | 'fetch' | 'launchStdio' | 'prepareTools' | 'requests' | 'events' | 'launchGate' | 'eras';
export type ConnectionSettings = Required<Omit<ConnectionOptions, OptionalSettings>> &
  Pick<ConnectionOptions, OptionalSettings>;
