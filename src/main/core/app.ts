import { join } from 'node:path';
import type { Dispatch, Handlers } from '../rpc/router';
import { createRouter } from '../rpc/router';
import { createAgentRuntime, type AgentRuntime } from './agent/runtime';
import { createMcpCaller } from './agent/mcp-caller';
import type { McpCaller } from './agent/tool-proxy';
import type { CatalogSnapshot } from './agent/turn-runner';
import { ConfigStore } from './config/config-store';
import { defaultConfigText } from './config/default-config';
import { EventBus } from './events';
import { PinStore, PINS_FILE_NAME } from './catalog/pin-store';
import { createToolPipeline } from './catalog/tool-pipeline';
import { createAgentHandlers } from './handlers/agent-handlers';
import { createCatalogHandlers } from './handlers/catalog-handlers';
import { createIntentHandlers } from './handlers/intents-handlers';
import { createServerHandlers } from './handlers/servers-handlers';
import { createSkillHandlers } from './handlers/skills-handlers';
import type { ConnectionOptions } from './mcp';
import { createConfigHandlers } from './handlers/config-handlers';
import { createSettingsHandlers } from './handlers/settings-handlers';
import { appRoot } from './paths';
import { environmentSecrets, type SecretStore } from './secrets';

export interface CoreOptions {
  dataDir: string;
  /** Config file outside the data directory (CLI --config). */
  configPath?: string;
  /** Watch switchboard.yaml for outside edits (default true). */
  watchConfig?: boolean;
  validateOutput?: boolean;
  /** API keys: Electron passes a safeStorage-backed store; the default reads the environment. */
  secrets?: SecretStore;
  knowledgeDir?: string;
  log?: (line: string) => void;
  /** MCP connection overrides (tests: timeouts, backoff). */
  connections?: ConnectionOptions;
}

/** The transport-agnostic application: services, the handler map and the router. Never imports electron. */
export interface Core {
  events: EventBus;
  config: ConfigStore;
  runtime: AgentRuntime;
  dispatch: Dispatch;
  /** Resolves once every enabled server has finished its current connect attempt (each is bounded by its timeout). */
  whenServersSettled(): Promise<void>;
  close(): Promise<void>;
}

export async function createCore(options: CoreOptions): Promise<Core> {
  const log = options.log ?? ((line: string) => console.error(line));
  const events = new EventBus();
  const secrets = options.secrets ?? environmentSecrets();
  const config = new ConfigStore({
    dataDir: options.dataDir,
    events,
    defaultConfigText: defaultConfigText(),
    watch: options.watchConfig,
    path: options.configPath,
  });
  await config.open();

  const tools = createToolPipeline({
    config,
    events,
    log,
    connections: options.connections,
    pins: await PinStore.open({ path: join(options.dataDir, PINS_FILE_NAME), log }),
  });
  const catalog = (): CatalogSnapshot => tools.catalog.current();
  // Per-server call timeout, and the retry rules for a server that restarted under us (stale session).
  const mcp: McpCaller = createMcpCaller(tools.connections, (server) => config.current().agent.mcp.servers.find((s) => s.name === server)?.timeoutMs);

  const runtime = await createAgentRuntime({
    dataDir: options.dataDir,
    config,
    events,
    catalog,
    mcp,
    secrets,
    knowledgeDir: options.knowledgeDir ?? join(appRoot(), 'resources', 'knowledge'),
  });

  const handlers: Handlers = {
    ...createConfigHandlers(config),
    ...createSettingsHandlers(config, secrets, () => runtime.provider().label),
    ...createAgentHandlers(runtime),
    ...createServerHandlers(config, tools.connections),
    ...createCatalogHandlers(tools.catalog),
    ...createIntentHandlers(config),
    ...createSkillHandlers(config),
  };
  const dispatch = createRouter(handlers, {
    validateOutput: options.validateOutput,
    onInternalError: (route, error) => log(`[rpc] ${route} failed: ${error instanceof Error ? error.stack : String(error)}`),
  });

  return {
    events,
    config,
    runtime,
    dispatch,
    whenServersSettled: () => tools.connections.whenSettled(),
    async close() {
      await runtime.close();
      await tools.close();
      config.close();
    },
  };
}
