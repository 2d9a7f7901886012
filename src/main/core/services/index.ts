import type { AgentRuntime } from '../agent/runtime';
import type { AppService } from '../apps/app-service';
import type { CoreParts } from '../app';
import type { ResourceBrowser } from '../mcp';
import type { PreferencesStore } from '../preferences/preferences-store';
import type { ServerRequestService } from '../requests/server-requests';
import { modelProviderChoices } from '../providers/create-provider';
import { ApprovalsService } from './approvals-service';
import { CatalogViewsService } from './catalog-views-service';
import { ConfigDocumentsService } from './config-documents';
import { PublishedSkillsService } from './published-skills';
import { ServerAdminService } from './server-admin';
import { SettingsService } from './settings-service';
import { TelemetrySettingsService } from './telemetry-settings';
import { WorkbenchService } from './workbench-service';

export { approvalAnswer, ApprovalsService, type ApprovalAnswer } from './approvals-service';
export { CatalogViewsService } from './catalog-views-service';
export { ConfigDocumentsService } from './config-documents';
export { PublishedSkillsService } from './published-skills';
export { ServerAdminService } from './server-admin';
export { SettingsService } from './settings-service';
export { TelemetrySettingsService } from './telemetry-settings';
export { WorkbenchService, type ApproveMode, type CaseApproveMode } from './workbench-service';
export type { AppService, PreferencesStore, ResourceBrowser, ServerRequestService };
export type Conversations = AgentRuntime['agent'];
export type Records = AgentRuntime['records'];

/**
 * The application layer: one service per use case, whose methods are what the console and the CLI do. Every rule of
 * a use case lives in its service; an adapter (an rpc handler, a CLI command) only maps its input to one call.
 */
export interface AppServices {
  /** Add, edit, remove, reconnect servers; launch confirmations, imports, sign-in, logs. */
  servers: ServerAdminService;
  /** The model, its API key (and where it comes from), the built-in servers' data reset. */
  settings: SettingsService;
  telemetry: TelemetrySettingsService;
  /** Pending approvals and the operator's typed answers. */
  approvals: ApprovalsService;
  /** Conversations with the agent: create, send, stop, rename, delete (the agent loop's own service). */
  conversations: Conversations;
  /** The execution record of every call. */
  records: Records;
  /** Runs by hand, test cases, replays, previews. */
  workbench: WorkbenchService;
  /** The catalog as the Tools page reads it; pin decisions. */
  catalog: CatalogViewsService;
  /** The config text, the intent tree and the skills, saved against a revision. */
  documents: ConfigDocumentsService;
  /** Skills that servers publish. */
  publishedSkills: PublishedSkillsService;
  /** Browsing servers' resources and prompts (core/mcp/resource-browser.ts). */
  resources: ResourceBrowser;
  /** What servers ask of the operator: elicitation, sampling (core/requests). */
  requests: ServerRequestService;
  /** The console's language and theme (core/preferences). */
  preferences: PreferencesStore;
  /** MCP Apps: a tool's own interface and its requests (core/apps). */
  apps: AppService;
}

/** The parts of the core the services are built over. */
export type ServiceParts = CoreParts;

/** The application services over the core's parts. `env`: the environment the process started with (where keys may come from). */
export function createServices(core: ServiceParts, env: NodeJS.ProcessEnv): AppServices {
  const { config, secrets, runtime, tools, instructions } = core;
  return {
    servers: new ServerAdminService({
      config,
      connections: tools.connections,
      auth: core.auth,
      instructions,
      launches: core.launches,
      openBrowser: core.openBrowser,
    }),
    settings: new SettingsService({
      config,
      secrets,
      modelLabel: () => {
        const { label, labelMessage } = runtime.provider();
        return { label, labelMessage };
      },
      env,
      resetBuiltinData: async () => (await core.resetBuiltinData()).reset,
      providers: modelProviderChoices(core.modelProviders),
      defaultActingIdentity: core.defaultActingIdentity,
    }),
    telemetry: new TelemetrySettingsService({ config, secrets, telemetry: core.telemetry, env }),
    approvals: new ApprovalsService(runtime.approvals),
    conversations: runtime.agent,
    records: runtime.records,
    workbench: new WorkbenchService(core.workbench, runtime.agent, runtime.approvals),
    catalog: new CatalogViewsService(tools.catalog, core.catalogRun),
    documents: new ConfigDocumentsService(config),
    publishedSkills: new PublishedSkillsService(core.serverSkills),
    resources: core.resources,
    requests: core.requests,
    preferences: core.preferences,
    apps: core.apps,
  };
}
