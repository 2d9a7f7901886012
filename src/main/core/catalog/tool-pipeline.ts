import type { ServerConfig, Skill } from '../../../shared/config/schema';
import type { ModelToolDefinition } from '../../../shared/catalog';
import type { EventSink } from '../events';
import { ConnectionManager, type BuiltinServers, type ConnectionOptions } from '../mcp';
import { CatalogService, type CatalogServiceDeps } from './catalog-service';
import { warmFingerprints } from './definition-hash';
import type { PinStore } from './pin-store';
import { ServerSkillsService } from '../server-skills/server-skills-service';
import type { SkillPinStore } from '../server-skills/skill-pins';

export interface ToolPipeline {
  connections: ConnectionManager;
  catalog: CatalogService;
  /** Skills servers publish; present when `skillPins` was given. */
  serverSkills?: ServerSkillsService;
  close(): Promise<void>;
}

export interface ToolPipelineOptions {
  /** ConfigStore, or anything with its current() and onChange(). */
  config: CatalogServiceDeps['config'];
  events: EventSink;
  log: (line: string) => void;
  localTools?: (skills: readonly Skill[]) => ModelToolDefinition[];
  /** Overrides for tests (timeouts, backoff, health checks). */
  connections?: ConnectionOptions;
  /** Definition pins; the pipeline flushes them on close. Without one, nothing is pinned or quarantined. */
  pins?: PinStore;
  /** The embedded servers (`builtin:` entries), injected by the entry point; the pipeline closes them. Without them a builtin server fails with a clear error. */
  builtins?: BuiltinServers;
  /** Pins of skills servers publish; with them, server skills are listed, verified and pinned (server-skills/). */
  skillPins?: SkillPinStore;
  /** Which configured servers are connected (default: all, as the config enables them). */
  select?: (servers: readonly ServerConfig[]) => ServerConfig[];
}

/**
 * Servers → connections → catalog, wired to the config: an edit reconciles connections, and any
 * connection, discovery or config change yields a new catalog snapshot. Connecting starts now and
 * never blocks the caller; an embedded server starts on first use.
 */
export function createToolPipeline(options: ToolPipelineOptions): ToolPipeline {
  const { builtins } = options;
  const { pins } = options;
  const connections = new ConnectionManager({
    resolveBuiltin: builtins?.resolveBuiltin,
    log: options.log,
    events: options.events,
    // Hash what a discovery found before the catalog sees it, in slices: the resolve then finds it done.
    prepareTools: (server, tools) => warmFingerprints(tools, (name) => pins?.view().get(server)?.get(name)),
    ...options.connections,
  });
  const serverSkills =
    options.skillPins &&
    new ServerSkillsService({
      connections,
      config: options.config,
      pins: options.skillPins,
      events: options.events,
      log: options.log,
    });
  const catalog = new CatalogService({
    connections,
    config: options.config,
    events: options.events,
    localTools: options.localTools,
    pins: options.pins,
    serverSkills,
  });
  const select = options.select ?? ((servers: readonly ServerConfig[]) => [...servers]);
  const stopReconciling = options.config.onChange((config) => connections.reconcile(select(config.agent.mcp.servers)));
  connections.reconcile(select(options.config.current().agent.mcp.servers));
  return {
    connections,
    catalog,
    serverSkills,
    async close() {
      stopReconciling();
      catalog.close();
      await serverSkills?.close();
      await connections.closeAll();
      await builtins?.close();
      await options.pins?.flush();
    },
  };
}
