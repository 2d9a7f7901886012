import { dirname, join } from 'node:path';
import type { AgentRuntime } from './agent/runtime';
import type { McpCaller } from './agent/tool-proxy';
import type { AuthService } from './auth';
import type { CatalogRun } from './catalog/catalog-run';
import type { InstructionsService } from './catalog/instructions-service';
import type { PinStore } from './catalog/pin-store';
import type { ToolPipeline } from './catalog/tool-pipeline';
import type { ConfigStore } from './config/config-store';
import type { EventBus } from './events';
import type { EraMemoryFile, ResourceBrowser } from './mcp';
import type { LaunchConfirmations } from './mcp/launch-confirmations';
import { appRoot } from './paths';
import { makePrivateDataDir } from './private-files';
import type { ServerRequestService } from './requests/server-requests';
import type { CallRegistry } from './requests/call-registry';
import { createOwnerOnlyFileSecrets, defaultApiKeyEnv, type SecretStore } from './secrets';
import type { ServerSkillsService } from './server-skills/server-skills-service';
import { nextTurn } from './slices';
import type { TelemetryService } from './telemetry/telemetry-service';
import type { CoreOptions } from './app';

/**
 * The builders createCore runs in order, one cohesive part each. Each loads its modules as it runs (`await import`):
 * evaluating the whole core in one static graph was the longest block of the main process's start-up.
 */

/** Sampling requests a server may make per minute unless its entry says otherwise. */
export const DEFAULT_SAMPLING_PER_MINUTE = 10;

/** A resources or prompts request to a server with no timeoutMs of its own may take this long. */
const BROWSE_TIMEOUT_MS = 30_000;

type Log = (line: string) => void;

/** The config store, opened; the heaviest libraries are loaded first, each alone (yaml, the config schema). */
export async function openConfig(options: CoreOptions, events: EventBus, log: Log): Promise<ConfigStore> {
  // yaml in two parts, each compiled and run on a turn of its own: its nodes and stringifiers (the part `yaml/util`
  // reaches), then its lexer, parser and composer. In one chunk they were one ~8 ms block.
  await import('yaml/util');
  await nextTurn();
  await import('yaml');
  await nextTurn();
  (await import('./config/yaml-warm-up')).warmUpYaml();
  await nextTurn();
  // zod's schema classes, then the config schema's parts that build schemas as they load, each alone; the store
  // builds its own schema later.
  await import('./zod-classes');
  await nextTurn();
  await import('../../shared/config/telemetry-schema');
  await nextTurn();
  await import('../../shared/config/schema');
  // Node's fetch (undici) too, before the connections and the embedded servers touch it inside longer work.
  await (await import('./node-fetch')).loadNodeFetch();
  const { CONFIG_FILE_NAME, ConfigStore } = await import('./config/config-store');
  const { genericConfigText } = await import('./config/default-config');
  const { configVocabulary } = await import('../../shared/config/vocabulary');
  await makePrivateDataDir(options.dataDir, CONFIG_FILE_NAME);
  const config = new ConfigStore({
    dataDir: options.dataDir,
    events,
    defaultConfigText: options.defaultConfigText ?? genericConfigText(),
    // What this process embeds and registered: a config naming anything else is refused, with these names.
    vocabulary: configVocabulary(options.builtinServers?.names ?? [], Object.keys(options.modelProviders ?? {})),
    // A one-shot command reads the config once.
    watch: options.oneShot ? false : options.watchConfig,
    path: options.configPath,
    log,
  });
  await config.open();
  return config;
}

/** The telemetry service, applied now and again at each config change (Settings saves the `telemetry:` section). */
export async function startTelemetry(
  options: CoreOptions,
  config: ConfigStore,
  secrets: SecretStore,
  log: Log,
): Promise<TelemetryService> {
  // OpenTelemetry's API alone first (~65 CommonJS files where it is not bundled), then the service's own modules.
  await import('@opentelemetry/api');
  await nextTurn();
  const { TelemetryService, OTLP_HEADERS_SECRET } = await import('./telemetry/telemetry-service');
  const telemetry = new TelemetryService({
    env: options.env ?? process.env,
    settings: () => config.current().telemetry,
    storedHeaders: () => secrets.get(OTLP_HEADERS_SECRET),
    secretValues: () => {
      const model = config.current().agent.model;
      const key = secrets.get(model.apiKeyEnv ?? defaultApiKeyEnv(model.provider));
      return key ? [key] : [];
    },
    log,
  });
  await telemetry.apply();
  return telemetry;
}

/** OAuth for remote servers: tokens in the secret store where it can keep them (Electron: safeStorage), else an owner-only file. */
export async function buildAuth(
  options: CoreOptions,
  config: ConfigStore,
  secrets: SecretStore,
  tools: () => ToolPipeline,
  log: Log,
): Promise<AuthService> {
  // The MCP SDK: its shared wire schemas (built as their module runs) alone, then its OAuth schemas (the rest of
  // its core), then the client's code, then ours. The skills extension imports only the wire schemas (and the app
  // loads it anyway): with the core at once, the two schema modules were evaluated in one ~11 ms block.
  await import('@modelcontextprotocol/core/ext/skills');
  await nextTurn();
  await import('@modelcontextprotocol/core');
  await nextTurn();
  await import('@modelcontextprotocol/client');
  await nextTurn();
  const { AuthService, OAUTH_TOKENS_FILE_NAME, OAuthStore } = await import('./auth');
  const tokenSecrets = secrets.canStore
    ? secrets
    : createOwnerOnlyFileSecrets(join(options.dataDir, OAUTH_TOKENS_FILE_NAME));
  return new AuthService({
    store: new OAuthStore(tokenSecrets),
    connections: () => tools().connections,
    servers: () => config.current().agent.mcp.servers,
    baseDir: dirname(config.path),
    log,
    fetch: options.fetch,
    signInTimeoutMs: options.signInTimeoutMs,
  });
}

/** Servers' questions and model requests, to the operator or as the policy says; sampling uses the runtime's model. */
export async function buildRequests(
  options: CoreOptions,
  config: ConfigStore,
  events: EventBus,
  runtime: () => AgentRuntime | undefined,
  log: Log,
): Promise<{ requests: ServerRequestService; calls: CallRegistry }> {
  const { CallRegistry } = await import('./requests/call-registry');
  const { ServerRequestService } = await import('./requests/server-requests');
  const calls = new CallRegistry();
  const requests = new ServerRequestService({
    events,
    registry: calls,
    log,
    policy: options.requestPolicy,
    openUrl: (url) => (options.openBrowser ? options.openBrowser(url) : Promise.resolve(false)),
    provider: () => {
      const ready = runtime();
      if (!ready) throw new Error('the agent runtime is not ready yet');
      return ready.provider();
    },
    settings: () => {
      const agent = config.current().agent;
      return {
        elicitationTimeoutMs: agent.elicitationTimeoutMs ?? agent.approvalTimeoutMs,
        samplingTimeoutMs: agent.approvalTimeoutMs,
        samplingPerMinute: (server) =>
          agent.mcp.servers.find((s) => s.name === server)?.samplingPerMinute ?? DEFAULT_SAMPLING_PER_MINUTE,
        samplingMaxTokens: agent.model.maxTokens,
      };
    },
  });
  return { requests, calls };
}

export interface CatalogParts {
  tools: ToolPipeline;
  launches: LaunchConfirmations;
  eras: EraMemoryFile;
  serverSkills: ServerSkillsService;
  instructions: InstructionsService;
  catalogRun: CatalogRun;
  /** Undoes the subscriptions this part made. */
  stop(): void;
}

/** Servers → connections → catalog, with the pins (definitions, instructions, skills) and the catalog run over them. */
export async function buildCatalog(
  options: CoreOptions,
  config: ConfigStore,
  events: EventBus,
  auth: AuthService,
  requests: ServerRequestService,
  log: Log,
): Promise<CatalogParts> {
  const { launches, eras, pins } = await openCatalogFiles(options.dataDir, log);
  // Before the first connection, on turns of their own: the client SDK's 2026-07-28 wire schemas (client-warm-up.ts),
  // when a server may speak that revision.
  if (config.current().agent.mcp.servers.some((server) => server.enabled && server.protocol !== 'legacy')) {
    await (await import('./mcp/client-warm-up')).warmUpClientHandshake();
    await nextTurn();
  }
  const tools = await openToolPipeline(options, { config, events, log, auth, requests, launches, eras, pins });
  const serverSkills = tools.serverSkills;
  if (!serverSkills) throw new Error('the tool pipeline was built without server skills');
  const followSkills = followServerSkills(events, serverSkills);
  const instructions = await openInstructions(options.dataDir, tools, config, events, log);
  const stopCounting = await countTokensOnArrival(events, tools);
  const { CatalogRun } = await import('./catalog/catalog-run');
  const catalogRun = new CatalogRun({
    catalog: tools.catalog,
    config,
    connections: tools.connections,
    instructions,
    serverSkills,
    pins,
    // Settled includes the skills the servers publish: listed and verified once they connected.
    whenSettled: () => tools.connections.whenSettled().then(() => serverSkills.whenListed()),
  });
  return {
    tools,
    launches,
    eras,
    serverSkills,
    instructions,
    catalogRun,
    stop: () => {
      stopCounting();
      followSkills();
    },
  };
}

/** What the catalog remembers between runs: launch confirmations, each server's protocol era, the definition pins. */
async function openCatalogFiles(
  dataDir: string,
  log: Log,
): Promise<{ launches: LaunchConfirmations; eras: EraMemoryFile; pins: PinStore }> {
  const { LaunchConfirmations: Launches, LAUNCH_CONFIRMATIONS_FILE_NAME } = await import('./mcp/launch-confirmations');
  const launches = Launches.open(join(dataDir, LAUNCH_CONFIRMATIONS_FILE_NAME), log);
  const { EraMemoryFile, PROTOCOL_ERAS_FILE_NAME } = await import('./mcp/era-memory');
  const eras = EraMemoryFile.open(join(dataDir, PROTOCOL_ERAS_FILE_NAME), log);
  const { PinStore, PINS_FILE_NAME } = await import('./catalog/pin-store');
  const pins = await PinStore.open({ path: join(dataDir, PINS_FILE_NAME), log });
  return { launches, eras, pins };
}

/** Servers' instructions are pinned like tool definitions: a change is held (the pinned text is used) until accepted. */
async function openInstructions(
  dataDir: string,
  tools: ToolPipeline,
  config: ConfigStore,
  events: EventBus,
  log: Log,
): Promise<InstructionsService> {
  const { InstructionPinStore, INSTRUCTION_PINS_FILE_NAME } = await import('./catalog/instruction-pins');
  const { InstructionsService } = await import('./catalog/instructions-service');
  return new InstructionsService({
    store: await InstructionPinStore.open({ path: join(dataDir, INSTRUCTION_PINS_FILE_NAME), log }),
    connections: tools.connections,
    config,
    events,
  });
}

/** A new definition is counted when it arrives, not when a model step needs it (then it is cached). */
async function countTokensOnArrival(events: EventBus, tools: ToolPipeline): Promise<() => void> {
  const { prefetchCatalogTokens } = await import('./tokens');
  return events.subscribe((name) => {
    if (name === 'catalog.changed') prefetchCatalogTokens(tools.catalog.current().catalog);
  });
}

/** The tool pipeline over the configured servers: their connections, the pins of what they publish, the catalog. */
async function openToolPipeline(
  options: CoreOptions,
  deps: {
    config: ConfigStore;
    events: EventBus;
    log: Log;
    auth: AuthService;
    requests: ServerRequestService;
    launches: LaunchConfirmations;
    eras: EraMemoryFile;
    pins: PinStore;
  },
): Promise<ToolPipeline> {
  const { config, events, log, auth, requests, launches, eras, pins } = deps;
  const { SkillPinStore, SKILL_PINS_FILE_NAME } = await import('./server-skills/skill-pins');
  const { createToolPipeline } = await import('./catalog/tool-pipeline');
  const { localToolDefinitions, searchKnowledgeTool } = await import('../../shared/catalog/local-tools');
  const knowledgeTool = searchKnowledgeTool(options.knowledge);
  return createToolPipeline({
    config,
    events,
    log,
    connections: {
      auth,
      requests: requests.handlers,
      launchGate: launches,
      eras,
      ...(options.fetch && { fetch: options.fetch }),
      // One shot: failures are reported, not waited out (no retries), and nobody needs the health pings.
      ...(options.oneShot && { autoReconnect: false, healthCheckIntervalMs: 0 }),
      ...options.connections,
    },
    builtins: options.builtinServers,
    localTools: (skills) => localToolDefinitions(skills, knowledgeTool),
    // A command about one server connects that one alone, enabled or not in the config (it was named).
    ...(options.onlyServers && {
      select: (servers) =>
        servers.filter((s) => options.onlyServers!.includes(s.name)).map((s) => ({ ...s, enabled: true })),
    }),
    pins,
    // Skills servers publish are pinned like tool definitions: a changed digest is quarantined until accepted.
    skillPins: await SkillPinStore.open({ path: join(options.dataDir, SKILL_PINS_FILE_NAME), log }),
  });
}

/** A server's skills are resources: when it says its resources changed, its skills are listed again. */
function followServerSkills(events: EventBus, serverSkills: ServerSkillsService): () => void {
  return events.subscribe((name, payload) => {
    if (name === 'resources.listChanged') void serverSkills.refresh((payload as { server: string }).server);
  });
}

export interface AgentParts {
  runtime: AgentRuntime;
  resources: ResourceBrowser;
}

/** The agent runtime over the catalog (per-server call timeouts and retries), and the operator's resource browser. */
export async function buildAgent(
  options: CoreOptions,
  config: ConfigStore,
  events: EventBus,
  secrets: SecretStore,
  parts: Pick<CatalogParts, 'tools' | 'instructions' | 'serverSkills'> & { calls: CallRegistry },
  log: Log,
): Promise<AgentParts> {
  const { tools, instructions, serverSkills, calls } = parts;
  const { createMcpCaller } = await import('./agent/mcp-caller');
  const serverConfig = (server: string) => config.current().agent.mcp.servers.find((s) => s.name === server);
  const mcp: McpCaller = createMcpCaller(
    tools.connections,
    (server) => serverConfig(server)?.timeoutMs,
    (server) => serverConfig(server)?.maxTotalTimeoutMs,
  );
  const { ResourceBrowser } = await import('./mcp/resource-browser');
  const resources = new ResourceBrowser({
    client: (server) => tools.connections.client(server),
    state: (server) => tools.connections.state(server),
    sessions: tools.connections.sessions,
    timeoutFor: (server) => serverConfig(server)?.timeoutMs ?? BROWSE_TIMEOUT_MS,
    events,
  });
  const { createAgentRuntime } = await import('./agent/runtime');
  const runtime = await createAgentRuntime({
    dataDir: options.dataDir,
    config,
    events,
    catalog: () => tools.catalog.current(),
    mcp,
    secrets,
    // Read at each model call: instructions that match their pin (or the pinned ones, while a change is held).
    instructions: () => instructions.forModel(),
    serverSkills,
    fetch: options.fetch,
    modelProviders: options.modelProviders,
    knowledgeDir: options.knowledgeDir ?? join(appRoot(), 'resources', 'knowledge'),
    calls,
    log,
  });
  return { runtime, resources };
}
