import type { Skill, SwitchboardConfig } from '../../../shared/config/schema';
import {
  createCatalogResolver,
  entriesWork,
  explainTool,
  localToolDefinitions,
  type Catalog,
  type CatalogEntry,
  type CatalogInput,
  type Explanation,
  type ModelToolDefinition,
  type ResolveJob,
  type Stepped,
} from '../../../shared/catalog';
import type { EventSink } from '../events';
import type { ConnectionsSnapshot } from '../mcp';
import { inBackground } from '../slices';
import { fingerprintServers } from './definition-hash';
import { PinCommands, type PinAction } from './pin-commands';
import type { PinStore } from './pin-store';
import { Unavailable } from '../errors';
import { say } from '../../../shared/messages';
import type { SkillSource } from '../../../shared/skills/server-skills';

/** What the agent loop reads at the start of each model call: a frozen catalog and its revision. */
export interface CatalogSnapshot {
  catalog: Catalog;
  revision: number;
  /** The inputs it was computed from, for explain. */
  input: CatalogInput;
}

export interface CatalogServiceDeps {
  connections: {
    snapshot(): ConnectionsSnapshot;
    onChange(listener: (snapshot: ConnectionsSnapshot) => void): () => void;
  };
  config: { current(): SwitchboardConfig; onChange(listener: (config: SwitchboardConfig) => void): () => void };
  events: EventSink;
  /** The in-process tools sent first; defaults to localToolDefinitions(skills). */
  localTools?: (skills: readonly Skill[]) => ModelToolDefinition[];
  /** Definition pins (rug-pull protection); without a store nothing is pinned or quarantined. */
  pins?: PinStore;
  /** How long one slice of a background resolve may run (default SLICE_MS); 0: one step per turn of the event loop. */
  sliceMs?: number;
  /** Skills servers publish: load_skill offers the loadable ones, and explain says where a config skill's manual comes from. */
  serverSkills?: ServerSkillsPort;
}

/** What the catalog needs of the server skills (server-skills/server-skills-service.ts). */
export interface ServerSkillsPort {
  loadable(): readonly Pick<Skill, 'name' | 'description'>[];
  sources(skills: readonly Skill[]): ReadonlyMap<string, SkillSource>;
  onChange(listener: () => void): () => void;
}

/**
 * Keeps the catalog in step with connections and config. Nothing is recomputed in place: each
 * change yields a new immutable snapshot, so a turn holding the previous one is never affected.
 * Changes are coalesced: a burst of status changes costs one recompute and one event.
 *
 * A change is resolved in the background, in slices that hand the event loop back (a wide server's
 * rediscovery resolved in one go would hold it), and announced (`catalog.changed`) once done. Whoever reads
 * `current()` meanwhile gets the new catalog, never the old one: the rest of the work is done then and there (a
 * drifted definition is quarantined before any model call can see it).
 */
export class CatalogService {
  private cached: CatalogSnapshot | undefined;
  private revision = 0;
  private dirty = true;
  /** The resolve in progress, started in the background. */
  private job: ResolveJob | undefined;
  private backgroundScheduled = false;
  /** The reconciliation rows of the published catalog, built ahead in the background. */
  private rows: Stepped<unknown> | undefined;
  private closed = false;
  private readonly unsubscribe: (() => void)[] = [];
  private readonly statuses = new Map<string, string>();
  private readonly pinCommands: PinCommands | undefined;
  /** The catalog's caches: what the last resolve built, patched after each change. */
  private readonly resolver = createCatalogResolver();
  private localTools: { skills: readonly Skill[]; serverSkills: number; tools: ModelToolDefinition[] } | undefined;
  /** Bumped at each change of the server skills: load_skill's list is built again. */
  private serverSkillsVersion = 0;

  constructor(private readonly deps: CatalogServiceDeps) {
    this.unsubscribe.push(
      deps.connections.onChange((snapshot) => {
        this.emitStatusChanges(snapshot);
        // Pin at discovery, not at the next resolve: a definition seen only briefly is still the first one seen.
        deps.pins?.pinFirstSight(snapshot.servers);
        this.invalidate();
      }),
      deps.config.onChange(() => this.invalidate()),
    );
    if (deps.serverSkills)
      this.unsubscribe.push(
        deps.serverSkills.onChange(() => {
          this.serverSkillsVersion += 1;
          this.invalidate();
        }),
      );
    for (const server of deps.connections.snapshot().servers) this.statuses.set(server.name, server.status);
    if (deps.pins)
      this.pinCommands = new PinCommands(
        deps.pins,
        () => deps.connections.snapshot().servers,
        () => this.invalidate(),
        (toolId) => this.current().catalog.quarantinedByToolId.get(toolId),
      );
  }

  current(): CatalogSnapshot {
    if (this.job) this.publish(this.job, this.job.finish());
    if (!this.cached || this.dirty) {
      const job = this.begin();
      this.publish(job, job.finish());
    }
    return this.cached!;
  }

  /** Starts resolving what the config and connections say now. */
  private begin(): ResolveJob {
    this.dirty = false;
    const { intents, skills, agent } = this.deps.config.current();
    const { servers } = this.deps.connections.snapshot();
    const { pins } = this.deps;
    pins?.pinFirstSight(servers);
    const input: CatalogInput = {
      servers,
      intents,
      skills,
      localTools: this.localToolsFor(skills),
      // Hashed once per discovery (memoised); the pure catalog only compares the strings.
      pins: pins
        ? { current: fingerprintServers(servers), pins: pins.view(), bindings: pins.bindingsView() }
        : undefined,
      maxDescriptionBytes: agent.mcp.maxDescriptionBytes,
      maxSchemaBytes: agent.mcp.maxSchemaBytes,
      ...(this.deps.serverSkills && { skillSources: this.deps.serverSkills.sources(skills) }),
    };
    return (this.job = this.resolver.begin(input));
  }

  private publish(job: ResolveJob, catalog: Catalog): void {
    if (this.job === job) this.job = undefined;
    // The console reads the rows after each catalog.changed (catalog.list, catalog.tool): built ahead, in the
    // background's slices, before the announcement, so that read does not build 10,000 of them in one go.
    this.rows = entriesWork(catalog);
    this.revision += 1;
    // Trust on first use for the server of each new binding; the next resolve sees the record (no change in outcome).
    this.deps.pins?.recordBindings(catalog.unrecordedBindings, job.input.servers);
    this.cached = Object.freeze({ catalog, revision: this.revision, input: job.input });
  }

  explain(toolId: string, loadedSkills: readonly string[] = []): Explanation & { revision: number } {
    const { catalog, input, revision } = this.current();
    return { ...explainTool(input, toolId, loadedSkills, catalog), revision };
  }

  /** Re-pins (toolId, server) to what it offers now and lifts its quarantine. */
  acceptChange(target: PinAction): { revision: number; entry: CatalogEntry | null } {
    this.commands().acceptChange(target);
    return this.entryOf(target);
  }

  /** Keeps the old pin (still quarantined) and records the rejected version so it is not asked again. */
  rejectChange(target: PinAction): { revision: number; entry: CatalogEntry | null } {
    this.commands().rejectChange(target);
    return this.entryOf(target);
  }

  /** Acknowledges a remote description that changed under a node override (clears overrideStale). */
  acceptDescription(target: PinAction): { revision: number; entry: CatalogEntry | null } {
    this.commands().acceptDescription(target);
    return this.entryOf(target);
  }

  /** The local tools change only with the skills (load_skill lists them): built once per skills array. */
  private localToolsFor(skills: readonly Skill[]): ModelToolDefinition[] {
    if (this.localTools?.skills !== skills || this.localTools.serverSkills !== this.serverSkillsVersion) {
      // Verified server skills no config skill names are loadable too (they unlock nothing).
      const extra = this.deps.serverSkills?.loadable() ?? [];
      const all = extra.length
        ? [...skills, ...extra.map((s) => ({ name: s.name, description: s.description, manual: '', unlocks: [] }))]
        : skills;
      this.localTools = {
        skills,
        serverSkills: this.serverSkillsVersion,
        tools: (this.deps.localTools ?? localToolDefinitions)(all),
      };
    }
    return this.localTools.tools;
  }

  close(): void {
    this.closed = true;
    for (const off of this.unsubscribe.splice(0)) off();
  }

  private commands(): PinCommands {
    if (!this.pinCommands) throw new Unavailable(say('pin.disabled'));
    return this.pinCommands;
  }

  private entryOf({ toolId, server }: PinAction): { revision: number; entry: CatalogEntry | null } {
    const { catalog, revision } = this.current();
    return { revision, entry: catalog.entries.find((e) => e.toolId === toolId && e.server === server) ?? null };
  }

  private invalidate(): void {
    this.dirty = true;
    if (this.backgroundScheduled || this.closed) return;
    this.backgroundScheduled = true;
    inBackground((until) => this.backgroundSlice(until), this.deps.sliceMs);
  }

  /**
   * One slice of the background work: the resolve, then the reconciliation rows (see `publish`), then `catalog.changed`, once everything changed meanwhile is in. True once there is nothing left.
   */
  private backgroundSlice(until: number): boolean {
    if (this.closed) return true;
    for (;;) {
      if (!this.job && this.dirty) this.begin();
      const job = this.job;
      if (job) {
        if (!job.runUntil(until)) return false;
        this.publish(job, job.finish());
      } else if (this.rows && !this.rows.runUntil(until)) return false;
      else {
        this.rows = undefined;
        this.backgroundScheduled = false;
        this.deps.events.emit('catalog.changed', { revision: this.current().revision });
        return true;
      }
      if (performance.now() >= until) return false;
    }
  }

  private emitStatusChanges(snapshot: ConnectionsSnapshot): void {
    for (const server of snapshot.servers) {
      if (this.statuses.get(server.name) === server.status) continue;
      this.statuses.set(server.name, server.status);
      this.deps.events.emit('servers.statusChanged', { name: server.name, status: server.status });
    }
  }
}
