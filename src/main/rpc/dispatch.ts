import type { AppSandbox } from '../../shared/contract';
import type { Core } from '../core/app';
import { createAgentHandlers } from './handlers/agent-handlers';
import { createCatalogHandlers } from './handlers/catalog-handlers';
import { createConfigHandlers } from './handlers/config-handlers';
import { createIntentHandlers } from './handlers/intents-handlers';
import { createResourceHandlers, createServerLogHandlers } from './handlers/resources-handlers';
import { createPreferencesHandlers } from './handlers/preferences-handlers';
import { createServerAuthHandlers } from './handlers/server-auth-handlers';
import { createServerHandlers } from './handlers/servers-handlers';
import { createRequestHandlers } from './handlers/requests-handlers';
import { createSettingsHandlers } from './handlers/settings-handlers';
import { createSkillHandlers } from './handlers/skills-handlers';
import { createTelemetryHandlers } from './handlers/telemetry-handlers';
import { createAppSandboxHandlers } from './handlers/app-sandbox-handlers';
import { createWorkbenchHandlers } from './handlers/workbench-handlers';
import { createAppHandlers } from './handlers/apps-handlers';
import { createRouter, type Dispatch, type Handlers, type RouterOptions } from './router';

export interface DispatchOptions extends Omit<RouterOptions, 'onInternalError'> {
  /** Where an unexpected handler failure is logged (its stack); defaults to stderr. */
  log?: (line: string) => void;
  /** Where this entry renders MCP Apps (the sandbox proxy); none in tests that have no sandbox origin. */
  appSandbox?: AppSandbox;
}

/** Every route's handler over the core's services, behind the router. Each entry point builds one of these. */
export function createDispatch(core: Core, options: DispatchOptions = {}): Dispatch {
  const { log = (line: string) => console.error(line), appSandbox, ...router } = options;
  const { config, secrets, runtime, tools, workbench, requests } = core;
  // A route without a handler fails to compile here.
  const handlers: Handlers = {
    ...createConfigHandlers(config),
    ...createSettingsHandlers(config, secrets, () => runtime.provider().label),
    ...createAgentHandlers(runtime),
    ...createServerHandlers(config, tools.connections, core.auth, core.instructions, core.launches),
    ...createServerAuthHandlers(config, tools.connections, core.auth, core.openBrowser),
    ...createServerLogHandlers(tools.connections.sessions, (name) =>
      config.current().agent.mcp.servers.some((s) => s.name === name),
    ),
    ...createResourceHandlers(core.resources),
    ...createCatalogHandlers(tools.catalog, core.catalogRun),
    ...createIntentHandlers(config),
    ...createSkillHandlers(config, core.serverSkills),
    ...createWorkbenchHandlers(workbench, runtime),
    ...createRequestHandlers(requests),
    ...createPreferencesHandlers(core.preferences),
    ...createTelemetryHandlers(config, secrets, core.telemetry),
    ...createAppHandlers(core.apps),
    ...createAppSandboxHandlers(appSandbox),
    'settings.resetDemoData': () => core.resetDemoData(),
  };
  return createRouter(handlers, {
    ...router,
    onInternalError: (route, error) =>
      log(`[rpc] ${route} failed: ${error instanceof Error ? error.stack : String(error)}`),
  });
}
