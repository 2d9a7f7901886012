import type { Client, ClientCapabilities, Root } from '@modelcontextprotocol/client';
import { isStdioServer, type ServerConfig } from '../../../shared/config/schema';
import { mcpJsonSchemaValidator } from '../../../shared/mcp/json-schema-validator';
import { attachAppResources } from './app-resources';
import { installRequestHandlers } from './client-requests';
import { INPUT_REQUIRED_OPTIONS } from './input-rounds';
import { describeError, looksLikeConnectionLoss } from './describe-error';
import { discoverToolList, type DiscoveredTools } from './discover-tools';
import { passRawToolPages } from './raw-tool-pages';
import { eraKey } from './era-memory';
import { carryLogLevel } from './log-level-meta';
import { traceConnection } from './mcp-telemetry';
import { packageRunnerOf } from './package-runner';
import {
  EraContradictionError,
  eraPlan,
  legacyPlan,
  probePlan,
  unsupportedRevision,
  type EraPlan,
} from './protocol-era';
import { nextTurn } from '../slices';
import { clientModule } from './sdk-modules';
import type { SessionHooks } from './server-sessions';
import type { StderrTail } from './stderr-tail';
import { buildTransport, captureProtocolVersion, type BuiltTransport } from './transport-factory';
import type { ConnectionAuth, ConnectionSettings, ServerState } from './types';

const noop = () => undefined;

/** Where an attempt is (what a timeout names), and the OAuth of its transport (what an error means for sign-in). */
export interface AttemptPhase {
  name: string;
  auth?: ConnectionAuth;
}

export interface Established {
  client: Client;
  built: BuiltTransport;
  tools: ServerState['tools'];
  discovered: DiscoveredTools;
  protocolVersion: string | null;
  declared: ClientCapabilities;
  plan: EraPlan;
}

/** What one connection attempt needs from its ServerConnection. */
export interface AttemptScope {
  config: ServerConfig;
  settings: ConnectionSettings;
  hooks?: SessionHooks;
  declared: ClientCapabilities;
  /** The attempt's deadline (or its replacement by a newer attempt, or close). */
  signal: AbortSignal;
  tail: StderrTail;
  phase: AttemptPhase;
  /** The stderr tail changed: published while this attempt is still the connection's current one. */
  onStderr(): void;
  roots(): Root[];
  onListChanged(): void;
  log(line: string): void;
}

/**
 * Connect + handshake + first discovery, with the era plan (a remembered era skips the probe). A remembered era that
 * fails is forgotten and the server probed at once, within the same budget: a server that changed its era is never
 * trusted blindly.
 */
export async function establish(scope: AttemptScope, timeoutMs: number): Promise<Established> {
  const started = Date.now();
  const remaining = () => Math.max(1, timeoutMs - (Date.now() - started));
  const plan = eraPlan(scope.config, scope.settings.eras, timeoutMs);
  try {
    return await connectOnce(scope, remaining, plan);
  } catch (error) {
    const next = scope.signal.aborted ? undefined : afterFailedPlan(scope, plan, error, remaining());
    if (!next) throw error;
    return connectOnce(scope, remaining, next);
  }
}

/** What to try next within the same attempt: a remembered era that failed is probed; a probe that hung up, initialize. */
function afterFailedPlan(
  { config, settings, phase, log }: AttemptScope,
  plan: EraPlan,
  error: unknown,
  budgetMs: number,
): EraPlan | undefined {
  if (plan.remembered) {
    settings.eras?.forget(eraKey(config));
    log(
      `[mcp] ${config.name}: the remembered MCP ${plan.remembered.revision} failed (${describeError(error)}); probing its era again`,
    );
    return probePlan(config, budgetMs);
  }
  // In place (a package runner's own transport), a 2025 server may exit on the probe: that is no answer, not a refusal.
  const inPlaceProbe =
    plan.negotiation.mode === 'auto' &&
    !plan.prior &&
    isStdioServer(config) &&
    packageRunnerOf(config.command, config.args);
  return inPlaceProbe &&
    phase.name === 'server/discover' &&
    looksLikeConnectionLoss(error) &&
    !unsupportedRevision(error)
    ? legacyPlan()
    : undefined;
}

/** One connect (server/discover or initialize) + first discovery. Closes its own client on failure or abort. */
async function connectOnce(scope: AttemptScope, remaining: () => number, plan: EraPlan): Promise<Established> {
  const { config, settings, hooks, declared, signal, phase } = scope;
  phase.name = 'the transport';
  const built = await buildTransport(config, settings, { probeInPlace: plan.probeInPlace });
  phase.auth = built.auth;
  scope.tail.attach(built.stderr, scope.onStderr);
  hooks?.stderr(built.stderr);
  const protocolVersion = captureProtocolVersion(built.transport);
  traceConnection(config.name, built, protocolVersion);
  const { Client } = await clientModule(); // loaded on first use (sdk-modules.ts)
  const client = new Client(settings.clientInfo, {
    capabilities: declared,
    jsonSchemaValidator: mcpJsonSchemaValidator(),
    versionNegotiation: plan.negotiation,
    inputRequired: INPUT_REQUIRED_OPTIONS,
  });
  carryLogLevel(
    built.transport,
    () => hooks?.logLevel?.(),
    () => client.getProtocolEra() === 'modern',
  );
  installRequestHandlers(client, config.name, declared, settings.requests, scope.roots);
  client.setNotificationHandler('notifications/tools/list_changed', scope.onListChanged);
  hooks?.clientCreated(client);
  // Some transports (SSE start) ignore the request signal: closing the client unsticks them.
  const onAbort = () => void client.close().catch(noop);
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    if (signal.aborted) throw new Error('aborted before connecting');
    phase.name = plan.handshake;
    followHandshake(built.transport, phase);
    await client.connect(built.transport, { signal, timeout: remaining(), ...(plan.prior && { prior: plan.prior }) });
    // The SDK knows the revision in both eras; the transport hook only sees the 2025 handshake's.
    const negotiated = client.getNegotiatedProtocolVersion() ?? protocolVersion();
    passRawToolPages(built.transport);
    // The handshake's answer (the SDK builds its wire schemas on the first) and the discovery's first request: a turn each.
    await nextTurn();
    phase.name = 'tools/list';
    const discovered = await discoverToolList(client, { signal, timeout: remaining() }).catch((error: unknown) => {
      const refused = negotiated ? unsupportedRevision(error) : undefined;
      throw refused && negotiated ? new EraContradictionError(negotiated, refused.supported) : error;
    });
    const tools = discovered.tools;
    await nextTurn();
    await attachAppResources(client, config.name, tools, signal); // MCP Apps: read and pinned with the tool
    await settings.prepareTools?.(config.name, tools);
    return { client, built, tools, discovered, protocolVersion: negotiated, declared, plan };
  } catch (error) {
    await client.close().catch(noop);
    throw error;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** The phase a timeout names follows what was last sent: auto sends server/discover, then initialize if it falls back. */
function followHandshake(transport: BuiltTransport['transport'], phase: AttemptPhase): void {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    if ('method' in message && (message.method === 'initialize' || message.method === 'server/discover'))
      phase.name = message.method;
    return send(message, options);
  };
}
