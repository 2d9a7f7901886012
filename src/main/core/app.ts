// First: zod set to parse without generating code, before any schema of the core's is built (zod-jitless.ts).
import './zod-jitless';
import { join } from 'node:path';
import type { AgentRuntime } from './agent/runtime';
import type { ConfigStore } from './config/config-store';
import { EventBus } from './events';
import { buildAgent, buildAuth, buildCatalog, buildRequests, openConfig, startTelemetry } from './app-parts';
import type { CatalogRun } from './catalog/catalog-run';
import type { ToolPipeline } from './catalog/tool-pipeline';
import type { InstructionsService } from './catalog/instructions-service';
import type { ServerSkillsService } from './server-skills/server-skills-service';
import type { BuiltinServers, ConnectionOptions, ResourceBrowser } from './mcp';
import type { ModelProviderRegistry } from './providers/types';
import type { KnowledgeDescription } from '../../shared/catalog/local-tools';
import type { LaunchConfirmations } from './mcp/launch-confirmations';
import type { AuthService, BrowserOpener } from './auth';
import type { RequestPolicy, ServerRequestService } from './requests/server-requests';
import type { AppService } from './apps/app-service';
import type { PreferencesStore } from './preferences/preferences-store';
import { environmentSecrets, type SecretStore } from './secrets';
import type { TelemetryService } from './telemetry/telemetry-service';
import type { Workbench } from './workbench';
import type { AppServices } from './services';

export { DEFAULT_SAMPLING_PER_MINUTE } from './app-parts';

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
  /**
   * The embedded servers (`builtin:` entries): the entry point injects them, the core closes them. A config's
   * `builtin:` must be one of their names.
   */
  builtinServers?: BuiltinServers;
  /** What search_knowledge tells the model its knowledge base (`knowledgeDir`) holds; default a generic description. */
  knowledge?: KnowledgeDescription;
  /**
   * What a fresh data directory's config file says (an entry point hands its application's); default a generic one
   * with no servers and no intents.
   */
  defaultConfigText?: string;
  /**
   * Model providers beside the vendors' (the demo shop's `demo`): the entry point registers them by the config's
   * `provider:` name; the first is the default of a config that names none (else `openai-compatible`).
   */
  modelProviders?: ModelProviderRegistry;
  /**
   * Who the console's forms, the CLI and cases.yaml act as when nobody names an identity (the demo shop's `u1001`);
   * the config's `agent.defaultActingIdentity` overrides it; without either, an identity must be given.
   */
  defaultActingIdentity?: string;
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
  /** The environment: where the OTEL_* variables are read and an API key may come from (default process.env). */
  env?: NodeJS.ProcessEnv;
  /**
   * How servers' questions and model requests are answered from the start (default: the operator is asked). A
   * command with nobody at a terminal declines and denies.
   */
  requestPolicy?: Partial<RequestPolicy>;
  /**
   * A command that runs once and exits (the CLI): the config is read once (not watched), a failed server is reported,
   * not retried, and connected ones are not pinged. The console runs live (the default).
   */
  oneShot?: boolean;
  /** Connect these configured servers only, each whether or not the config enables it (`resources list SERVER`). */
  onlyServers?: readonly string[];
  /** How long an OAuth sign-in waits for the browser (default 5 minutes; `auth login --timeout`). */
  signInTimeoutMs?: number;
}

/**
 * The transport-agnostic application as an entry point holds it: its services, what it emits, and its lifecycle.
 * It knows nothing of routes or transports: each entry point builds its dispatch from these services
 * (`rpc/dispatch.ts`). The parts the services are built over stay inside (`CoreParts`); adapters reach every use
 * case through `services` (a type boundary, and lint: `adapterRules` in eslint.config.js). Never imports electron.
 */
export interface Core {
  /** The application layer: one service per use case (core/services); adapters call only these. */
  services: AppServices;
  /** What the core emits (the IPC and WebSocket adapters forward it; the CLI prints it and answers approvals). */
  events: Pick<EventBus, 'subscribe'>;
  /** Resolves once every enabled server has finished its current connect attempt (each is bounded by its timeout). */
  whenServersSettled(): Promise<void>;
  close(): Promise<void>;
}

/** The parts createCore builds, that the services are built over (core/services/index.ts). Core-internal. */
export interface CoreParts {
  events: EventBus;
  config: ConfigStore;
  secrets: SecretStore;
  /** MCP connections and the catalog resolved from them. */
  tools: Pick<ToolPipeline, 'connections' | 'catalog'>;
  /** The catalog run: every tool's state with what stands beside it, live (console) or once settled (CLI). */
  catalogRun: CatalogRun;
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
  whenServersSettled(): Promise<void>;
  /** Puts the built-in servers' data back to its seed; false when none has started (its data is fresh) or none is embedded. */
  resetBuiltinData(): Promise<{ reset: boolean }>;
  /** The model providers the entry point registered (beside the vendors'): Settings offers them. */
  modelProviders: ModelProviderRegistry;
  /** Who calls act as when nobody names an identity: the config's `agent.defaultActingIdentity`, else the entry point's. */
  defaultActingIdentity(): string | undefined;
  close(): Promise<void>;
}

/** Each core's parts, for `coreParts` only: the Core object an entry point holds does not carry them. */
const PARTS = new WeakMap<Core, CoreParts>();

/**
 * Test-only: the parts under a core's services (tests/support/core.ts, core's own tests). An adapter never calls it:
 * lint (`adapterRules`) refuses the import outside tests.
 */
export function coreParts(core: Core): CoreParts {
  const parts = PARTS.get(core);
  if (!parts) throw new Error('not a core built by createCore');
  return parts;
}

/**
 * The RPC contract builds its zod schemas as its modules run: loaded as one chunk, a long block at start-up. Its
 * largest files first, each alone (the rest comes with the first service that imports the contract).
 */
const CONTRACT_PARTS = [
  () => import('../../shared/contract/catalog'),
  () => import('../../shared/contract/workbench'),
  () => import('../../shared/contract/chat'),
  () => import('../../shared/contract/resources'),
  () => import('../../shared/contract/requests'),
];

/**
 * Builds the application from its parts (app-parts.ts), in order: config and telemetry, auth and servers' requests,
 * the catalog, the agent, then what sits on the agent. Each part's modules are loaded as it is built, one after the
 * other, instead of in one static graph (the longest block of the main process's start-up). Types are imported
 * statically; code as it is needed. The desktop, `serve` and every CLI command build through here.
 */
export async function createCore(options: CoreOptions): Promise<Core> {
  const log = options.log ?? ((line: string) => console.error(line));
  const events = options.events ?? new EventBus();
  const secrets = options.secrets ?? environmentSecrets();
  const config = await openConfig(options, events, log);
  // Before any connection starts, so start-up discovery is traced too.
  const telemetry = await startTelemetry(options, config, secrets, log);
  const followTelemetry = events.subscribe((name) => {
    if (name === 'config.changed') void telemetry.apply();
  });
  for (const part of CONTRACT_PARTS) await part();

  // Late-bound: auth needs the connections, sampling the runtime's model; both are built after.
  const late: { tools?: ToolPipeline; runtime?: AgentRuntime } = {};
  const auth = await buildAuth(options, config, secrets, () => late.tools!, log);
  auth.onChange((name) => events.emit('servers.authChanged', { name }));
  const { requests, calls } = await buildRequests(options, config, events, () => late.runtime, log);
  const catalog = await buildCatalog(options, config, events, auth, requests, log);
  late.tools = catalog.tools;
  const { runtime, resources } = await buildAgent(options, config, events, secrets, { ...catalog, calls }, log);
  late.runtime = runtime;
  const { preferences, workbench, apps } = await buildOnAgent(
    options,
    config,
    events,
    catalog.tools,
    runtime,
    requests,
    log,
  );
  const { tools, eras, instructions } = catalog;
  const defaultActingIdentity = actingIdentityDefault(options, config);

  const parts: CoreParts = {
    events,
    config,
    secrets,
    tools: { connections: tools.connections, catalog: tools.catalog },
    catalogRun: catalog.catalogRun,
    auth,
    resources,
    openBrowser: options.openBrowser ?? (async () => false),
    runtime,
    workbench,
    requests,
    apps,
    preferences,
    launches: catalog.launches,
    telemetry,
    instructions,
    serverSkills: catalog.serverSkills,
    whenServersSettled: () => catalog.catalogRun.settled().then(() => undefined),
    resetBuiltinData: async () => ({ reset: (await options.builtinServers?.resetData?.()) ?? false }),
    modelProviders: options.modelProviders ?? {},
    defaultActingIdentity,
    async close() {
      catalog.stop();
      followTelemetry();
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
  const { createServices } = await import('./services');
  const core: Core = {
    services: createServices(parts, options.env ?? process.env),
    events,
    whenServersSettled: parts.whenServersSettled,
    close: parts.close,
  };
  PARTS.set(core, parts);
  return core;
}

/** The config's `agent.defaultActingIdentity` (read live), else the entry point's (its bundle's). */
const actingIdentityDefault = (options: CoreOptions, config: ConfigStore) => (): string | undefined =>
  config.current().agent.defaultActingIdentity ?? options.defaultActingIdentity;

/** The operator's preferences, and what works through the agent: the workbench and MCP Apps. */
async function buildOnAgent(
  options: CoreOptions,
  config: ConfigStore,
  events: EventBus,
  tools: ToolPipeline,
  runtime: AgentRuntime,
  requests: ServerRequestService,
  log: (line: string) => void,
): Promise<Pick<CoreParts, 'preferences' | 'workbench' | 'apps'>> {
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
    defaultActingIdentity: actingIdentityDefault(options, config),
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
  return { preferences, workbench, apps };
}
