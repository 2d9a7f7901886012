import type { Dispatch, Handlers } from '../rpc/router';
import { createRouter } from '../rpc/router';
import { ConfigStore } from './config/config-store';
import { defaultConfigText } from './config/default-config';
import { EventBus } from './events';
import { createConfigHandlers } from './handlers/config-handlers';

export interface CoreOptions {
  dataDir: string;
  /** Watch switchboard.yaml for outside edits (default true). */
  watchConfig?: boolean;
  validateOutput?: boolean;
  log?: (line: string) => void;
}

/** The transport-agnostic application: services, the handler map and the router. Never imports electron. */
export interface Core {
  events: EventBus;
  config: ConfigStore;
  dispatch: Dispatch;
  close(): Promise<void>;
}

export async function createCore(options: CoreOptions): Promise<Core> {
  const log = options.log ?? ((line: string) => console.error(line));
  const events = new EventBus();
  const config = new ConfigStore({
    dataDir: options.dataDir,
    events,
    defaultConfigText: defaultConfigText(),
    watch: options.watchConfig,
  });
  await config.open();

  const handlers: Handlers = {
    ...createConfigHandlers(config),
  };
  const dispatch = createRouter(handlers, {
    validateOutput: options.validateOutput,
    onInternalError: (route, error) => log(`[rpc] ${route} failed: ${error instanceof Error ? error.stack : String(error)}`),
  });

  return {
    events,
    config,
    dispatch,
    async close() {
      config.close();
    },
  };
}
