// First: zod set to parse without generating code, before any schema of the core's is built (zod-jitless.ts).
import './zod-jitless';
import { dirname, join } from 'node:path';
import type { AgentRuntime } from './agent/runtime';
import type { McpCaller } from './agent/tool-proxy';
import type { ConfigStore } from './config/config-store';
import { EventBus } from './events';
import type { ToolPipeline } from './catalog/tool-pipeline';
import type { InstructionsService } from './catalog/instructions-service';
import type { ServerSkillsService } from './server-skills/server-skills-service';
import type { BuiltinServers, ConnectionOptions, ResourceBrowser } from './mcp';
import type { ModelProviderRegistry } from './providers/types';
import type { LaunchConfirmations } from './mcp/launch-confirmations';
import type { AuthService, BrowserOpener } from './auth';
import { appRoot } from './paths';
import { makePrivateDataDir } from './private-files';
import { nextTurn } from './slices';
import type { ServerRequestService } from './requests/server-requests';
import type { AppService } from './apps/app-service';
import type { PreferencesStore } from './preferences/preferences-store';
import { createOwnerOnlyFileSecrets, defaultApiKeyEnv, environmentSecrets, type SecretStore } from './secrets';
import type { TelemetryService } from './telemetry/telemetry-service';
import type { Workbench } from './workbench';

/** Sampling requests a server may make per minute unless its entry says otherwise. */
export const DEFAULT_SAMPLING_PER_MINUTE = 10;

export interface CoreOptions {
  dataDir: string;
  /** Config file outside the data directory (CLI --config). */
  configPath?: string;
  /** Watch switchboard.yaml for outside edits (default true). */
  watchConfig?: boolean;
  /** API keys: Electron passes a safeStorage-backed store; the default reads the environment. */
  secrets?: SecretStore;
  knowledgeDir?: string;
  log?: (line: string) => void;
  /** MCP connection overrides (tests: timeouts, backoff; the desktop: how stdio commands launch). */
  connections?: ConnectionOptions;
  /**
   * The fetch for model providers and MCP HTTP servers. The desktop passes one that goes through the system proxy
   * (Chromium's network stack); the default is Node's, which connects directly.
   */
  fetch?: typeof fetch;
  /** The embedded servers (`builtin: shop`): the entry point injects them, the core closes them. */
  builtinServers?: BuiltinServers;
  /** Model providers beside the vendors' (`provider: demo`, the demo shop's model): the entry point registers them. */
  modelProviders?: ModelProviderRegistry;
  /** The bus the core emits on; the desktop makes it first so its IPC adapter is ready before the core is. */
  events?: EventBus;
  /** cases.yaml outside the config's directory (CLI --cases). */
  casesPath?: string;
  /**
   * Sends the browser to an OAuth authorization page or a URL-mode question's page: Electron opens the system browser (true); the
   * default answers false, and the console opens the page in a new tab.
   */
  openBrowser?: BrowserOpener;
  /** The OS's preferred languages, most preferred first (the desktop passes Electron's); the console's default. */
  systemLanguages?: () => string[];
  /** Where the OTEL_* variables are read (default process.env). */
  env?: NodeJS.ProcessEnv;
}

/**
 * The transport-agnostic application: its services and their lifecycle. It knows nothing of routes or
 * transports: each entry point builds its dispatch from these services (`rpc/dispatch.ts`). Never imports electron.
 */
export interface Core {
  events: EventBus;
  config: ConfigStore;
  secrets: SecretStore;
  /** MCP connections and the catalog resolved from them. */
  tools: Pick<ToolPipeline, 'connections' | 'catalog'>;
  /** OAuth sign-in, sign-out and status of remote servers. */
  auth: AuthService;
  /** The operator's browsing of servers' resources and prompts. */
  resources: ResourceBrowser;
  openBrowser: BrowserOpener;
  runtime: AgentRuntime;
  /** Runs by hand, test cases, replays and previews. */
  workbench: Workbench;
  /** What servers ask of the operator (elicitation, sampling), pending until answered. */
  requests: ServerRequestService;
  apps: AppService;
  /** The operator's console preferences (the UI language). */
  preferences: PreferencesStore;
  /** Which stdio command lines wait for the operator before they launch (an import's), and which were confirmed. */
  launches: LaunchConfirmations;
  /** OpenTelemetry: started from OTEL_* and Settings; the SDK is loaded only when an endpoint is set. */
  telemetry: TelemetryService;
  /** Servers' instructions against their pins (held changes, accept). */
  instructions: InstructionsService;
  /** Skills servers publish: listed, verified, pinned (held changes, accept). */
  serverSkills: ServerSkillsService;
  /** Resolves once every enabled server has finished its current connect attempt (each is bounded by its timeout). */
  whenServersSettled(): Promise<void>;
  /** Settings → Reset demo data: the embedded shop's orders, coupons and tickets back to the seed. */
  resetDemoData(): Promise<{ reset: boolean }>;
  close(): Promise<void>;
}

/**
 * The RPC contract builds its zod schemas as its modules run: loaded as one chunk, one long block at start-up. Its
 * largest files first, each alone (the rest comes with the first service that imports the contract).
 */
const CONTRACT_PARTS = [
  () => import('../../shared/contract/catalog'),
  () => import('../../shared/contract/workbench'),
  () => import('../../shared/contract/chat'),
  () => import('../../shared/contract/resources'),
  () => import('../../shared/contract/requests'),
];

/** A resources or prompts request to a server with no timeoutMs of its own may take this long. */
const BROWSE_TIMEOUT_MS = 30_000;

/**
 * The core's parts are loaded one after the other (each `await import` is its own module evaluation) instead of
 * in one static graph: evaluating all of it (zod, yaml, the MCP SDK's types, the agent) in one go would be the longest
 * block of start-up in the main process. Types are imported statically; code as it is needed.
 */
export async function createCore(options: CoreOptions): Promise<Core> {
  const log = options.log ?? ((line: string) => console.error(line));
  const events = options.events ?? new EventBus();
  const secrets = options.secrets ?? environmentSecrets();
  // The heaviest libraries first, each alone: yaml (~70 CommonJS files, required in one go) and the config schema
  // (built when its module runs); together with the config store they would hold the loop in one block.
  await import('yaml');
  await nextTurn();
  (await import('./config/yaml-warm-up')).warmUpYaml();
  await nextTurn();
  await import('../../shared/config/schema');
  // Node's fetch (undici) too, before the connections and the embedded shop touch it inside longer work.
  await (await import('./node-fetch')).loadNodeFetch();
  const { CONFIG_FILE_NAME, ConfigStore } = await import('./config/config-store');
  const { defaultConfigText } = await import('./config/default-config');
  await makePrivateDataDir(options.dataDir, CONFIG_FILE_NAME);
  const config = new ConfigStore({
    dataDir: options.dataDir,
    events,
    defaultConfigText: defaultConfigText(),
    watch: options.watchConfig,
    path: options.configPath,
    log,
  });
  await config.open();
  // Before any connection starts, so start-up discovery is traced too.
  const telemetry = await startTelemetry(options, config, secrets, log);
  const followTelemetry = events.subscribe((name) => {
    if (name === 'config.changed') void telemetry.apply();
  });

  for (const part of CONTRACT_PARTS) await part();
  const { AuthService, OAUTH_TOKENS_FILE_NAME, OAuthStore } = await import('./auth');
  // OAuth tokens go to the secret store where it can keep them (Electron: safeStorage), else to an owner-only file.
  const tokenSecrets = secrets.canStore
    ? secrets
    : createOwnerOnlyFileSecrets(join(options.dataDir, OAUTH_TOKENS_FILE_NAME));
  const auth = new AuthService({
    store: new OAuthStore(tokenSecrets),
    connections: () => tools.connections,
    servers: () => config.current().agent.mcp.servers,
    baseDir: dirname(config.path),
    log,
    fetch: options.fetch,
  });
  auth.onChange((name) => events.emit('servers.authChanged', { name }));

  // Servers' questions and model requests go to the operator; the model for sampling is the runtime's.
  const { CallRegistry } = await import('./requests/call-registry');
  const { ServerRequestService } = await import('./requests/server-requests');
  const calls = new CallRegistry();
  const late: { runtime?: AgentRuntime } = {}; // sampling needs the runtime's provider; the runtime needs the connections
  const requests = new ServerRequestService({
    events,
    registry: calls,
    log,
    openUrl: (url) => (options.openBrowser ? options.openBrowser(url) : Promise.resolve(false)),
    provider: () => {
      if (!late.runtime) throw new Error('the agent runtime is not ready yet');
      return late.runtime.provider();
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

  const { LaunchConfirmations: Launches, LAUNCH_CONFIRMATIONS_FILE_NAME } = await import('./mcp/launch-confirmations');
  const launches = Launches.open(join(options.dataDir, LAUNCH_CONFIRMATIONS_FILE_NAME), log);
  const { PinStore, PINS_FILE_NAME } = await import('./catalog/pin-store');
  const { InstructionPinStore, INSTRUCTION_PINS_FILE_NAME } = await import('./catalog/instruction-pins');
  const { InstructionsService } = await import('./catalog/instructions-service');
  const { SkillPinStore, SKILL_PINS_FILE_NAME } = await import('./server-skills/skill-pins');
  const { createToolPipeline } = await import('./catalog/tool-pipeline');
  const { EraMemoryFile, PROTOCOL_ERAS_FILE_NAME } = await import('./mcp/era-memory');
  const eras = EraMemoryFile.open(join(options.dataDir, PROTOCOL_ERAS_FILE_NAME), log);
  const { prefetchCatalogTokens } = await import('./tokens');
  const tools = createToolPipeline({
    config,
    events,
    log,
    connections: {
      auth,
      requests: requests.handlers,
      launchGate: launches,
      eras,
      ...(options.fetch && { fetch: options.fetch }),
      ...options.connections,
    },
    builtins: options.builtinServers,
    pins: await PinStore.open({ path: join(options.dataDir, PINS_FILE_NAME), log }),
    // Skills servers publish are pinned like tool definitions: a changed digest is quarantined until accepted.
    skillPins: await SkillPinStore.open({ path: join(options.dataDir, SKILL_PINS_FILE_NAME), log }),
  });
  const serverSkills = tools.serverSkills;
  if (!serverSkills) throw new Error('the tool pipeline was built without server skills');
  // A server's skills are resources: when it says its resources changed, its skills are listed again.
  const followSkills = events.subscribe((name, payload) => {
    if (name === 'resources.listChanged') void serverSkills.refresh((payload as { server: string }).server);
  });
  // Servers' instructions are pinned like tool definitions: a change is held (the pinned text is used) until accepted.
  const instructions = new InstructionsService({
    store: await InstructionPinStore.open({ path: join(options.dataDir, INSTRUCTION_PINS_FILE_NAME), log }),
    connections: tools.connections,
    config,
    events,
  });
  // A new definition is counted when it arrives, not when a model step needs it (then it is cached).
  const stopCounting = events.subscribe((name) => {
    if (name === 'catalog.changed') prefetchCatalogTokens(tools.catalog.current().catalog);
  });
  // Per-server call timeout, and the retry rules for a server that restarted under us (stale session).
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
  late.runtime = runtime;

  const { PreferencesStore: Preferences, PREFERENCES_FILE_NAME } = await import('./preferences/preferences-store');
  const preferences = await Preferences.open({
    path: join(options.dataDir, PREFERENCES_FILE_NAME),
    events,
    systemLanguages: options.systemLanguages,
    log,
  });

  const { createWorkbench } = await import('./workbench');
  const workbench = createWorkbench({
    dataDir: options.dataDir,
    config,
    events,
    catalog: () => tools.catalog.current(),
    runtime,
    casesPath: options.casesPath,
  });
  // MCP Apps: a tool's own interface, its requests through the same gates as the model's.
  const { AppService } = await import('./apps/app-service');
  const apps = new AppService({
    catalog: () => tools.catalog.current(),
    proxy: runtime.proxy,
    records: runtime.records,
    store: runtime.store,
    events,
    sample: requests.handlers.sample,
  });

  return {
    events,
    config,
    secrets,
    tools: { connections: tools.connections, catalog: tools.catalog },
    auth,
    resources,
    openBrowser: options.openBrowser ?? (async () => false),
    runtime,
    workbench,
    requests,
    apps,
    preferences,
    launches,
    telemetry,
    instructions,
    serverSkills,
    // Settled includes the skills the servers publish: listed and verified once they connected.
    whenServersSettled: () => tools.connections.whenSettled().then(() => serverSkills.whenListed()),
    resetDemoData: async () => ({ reset: (await options.builtinServers?.resetDemoData?.()) ?? false }),
    async close() {
      stopCounting();
      followTelemetry();
      followSkills();
      await runtime.close();
      auth.close();
      requests.close();
      resources.close();
      await tools.close();
      await eras.flush();
      await instructions.close();
      config.close();
      await telemetry.close(); // last: the spans of closing are sent too, within the export timeout
    },
  };
}

/** The telemetry service, applied now and again at each config change (Settings saves the `telemetry:` section). */
async function startTelemetry(
  options: CoreOptions,
  config: ConfigStore,
  secrets: SecretStore,
  log: (line: string) => void,
): Promise<TelemetryService> {
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
