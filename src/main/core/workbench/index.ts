import { dirname, join } from 'node:path';
import type { AgentRuntime } from '../agent/runtime';
import type { CatalogSnapshot } from '../catalog/catalog-service';
import type { ConfigStore } from '../config/config-store';
import type { EventSink } from '../events';
import { CASES_FILE_NAME } from './cases-file';
import { OperatorRuns } from './operator-runs';
import { previewDraft } from './preview';
import { replayConversation } from './replay';
import { TestService } from './test-service';

export { CASES_FILE_NAME } from './cases-file';
export { autoApprover } from './scenario';
export type { TestService } from './test-service';

export interface WorkbenchDeps {
  dataDir: string;
  config: Pick<ConfigStore, 'current' | 'path'>;
  events: EventSink;
  catalog: () => CatalogSnapshot;
  runtime: AgentRuntime;
  /** cases.yaml; defaults to the one beside the config file. */
  casesPath?: string;
  /** Who a case acts as when neither it nor the file's defaults name anyone. */
  defaultActingIdentity: () => string | undefined;
}

/** The operator's workbench over the agent runtime: runs by hand, test cases, replays and previews. */
export function createWorkbench(deps: WorkbenchDeps) {
  const { runtime, config } = deps;
  const scenario = { turn: runtime.turn, provider: runtime.provider };
  const tests = new TestService({
    scenario,
    intents: () => config.current().intents,
    casesPath: deps.casesPath ?? join(dirname(config.path), CASES_FILE_NAME),
    resultsPath: join(deps.dataDir, 'test-results.json'),
    events: deps.events,
    defaultActingIdentity: deps.defaultActingIdentity,
  });
  const operator = new OperatorRuns({
    proxy: runtime.proxy.withMode({ actor: 'operator' }),
    catalog: deps.catalog,
    records: runtime.records,
  });
  return {
    tests,
    operator,
    replay: (conversationId: string) => replayConversation(scenario, runtime.agent.get(conversationId)),
    preview: (intents: unknown[]) =>
      previewDraft({ config: () => config.current(), catalog: deps.catalog, tests }, intents),
  };
}

export type Workbench = ReturnType<typeof createWorkbench>;
