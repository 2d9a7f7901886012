import type { AppSandbox } from '../../shared/contract';
import type { Core } from '../core/app';
import { createAgentHandlers } from './handlers/agent-handlers';
import { createAppHandlers } from './handlers/apps-handlers';
import { createAppSandboxHandlers } from './handlers/app-sandbox-handlers';
import { createCatalogHandlers } from './handlers/catalog-handlers';
import { createConfigHandlers } from './handlers/config-handlers';
import { createPreferencesHandlers } from './handlers/preferences-handlers';
import { createRequestHandlers } from './handlers/requests-handlers';
import { createResourceHandlers } from './handlers/resources-handlers';
import { createServerHandlers } from './handlers/servers-handlers';
import { createSettingsHandlers } from './handlers/settings-handlers';
import { createSkillHandlers } from './handlers/skills-handlers';
import { createWorkbenchHandlers } from './handlers/workbench-handlers';
import { createRouter, type Dispatch, type Handlers, type RouterOptions } from './router';

export interface DispatchOptions extends Omit<RouterOptions, 'onInternalError'> {
  /** Where an unexpected handler failure is logged (its stack); defaults to stderr. */
  log?: (line: string) => void;
  /** Where this entry renders MCP Apps (the sandbox proxy); none in tests that have no sandbox origin. */
  appSandbox?: AppSandbox;
}

const NO_APP_SANDBOX: AppSandbox = { origin: null, proxyUrl: null };

/**
 * Every route's handler over the core's application services (core/services), behind the router. Each handler only
 * maps a route's input to one service call; each entry point builds one of these.
 */
export function createDispatch(core: Pick<Core, 'services'>, options: DispatchOptions = {}): Dispatch {
  const { log = (line: string) => console.error(line), appSandbox = NO_APP_SANDBOX, ...router } = options;
  const { services } = core;
  // A route without a handler fails to compile here.
  const handlers: Handlers = {
    ...createConfigHandlers(services),
    ...createSettingsHandlers(services),
    ...createAgentHandlers(services),
    ...createServerHandlers(services),
    ...createResourceHandlers(services),
    ...createCatalogHandlers(services),
    ...createSkillHandlers(services),
    ...createWorkbenchHandlers(services),
    ...createRequestHandlers(services),
    ...createPreferencesHandlers(services),
    ...createAppHandlers(services),
    ...createAppSandboxHandlers(appSandbox),
  };
  return createRouter(handlers, {
    ...router,
    onInternalError: (route, error) =>
      log(`[rpc] ${route} failed: ${error instanceof Error ? error.stack : String(error)}`),
  });
}
