import type { Skill, SwitchboardConfig } from '../../../shared/config/schema';
import { explainTool, localToolDefinitions, resolveCatalog, type Catalog, type CatalogInput, type Explanation, type ModelToolDefinition } from '../../../shared/catalog';
import type { EventSink } from '../events';
import type { ConnectionsSnapshot } from '../mcp';

/** What the agent loop reads at the start of each model call: a frozen catalog and its revision. */
export interface CatalogSnapshot {
  catalog: Catalog;
  revision: number;
  /** The inputs it was computed from, for explain. */
  input: CatalogInput;
}

export interface CatalogServiceDeps {
  connections: { snapshot(): ConnectionsSnapshot; onChange(listener: (snapshot: ConnectionsSnapshot) => void): () => void };
  config: { current(): SwitchboardConfig; onChange(listener: (config: SwitchboardConfig) => void): () => void };
  events: EventSink;
  /** The in-process tools sent first; defaults to localToolDefinitions(skills). */
  localTools?: (skills: readonly Skill[]) => ModelToolDefinition[];
}

/**
 * Keeps the catalog in step with connections and config. Nothing is recomputed in place: each
 * change yields a new immutable snapshot, so a turn holding the previous one is never affected.
 * Changes are coalesced: a burst of status changes costs one recompute and one event.
 */
export class CatalogService {
  private cached: CatalogSnapshot | undefined;
  private revision = 0;
  private dirty = true;
  private notifyScheduled = false;
  private closed = false;
  private readonly unsubscribe: (() => void)[] = [];
  private readonly statuses = new Map<string, string>();

  constructor(private readonly deps: CatalogServiceDeps) {
    this.unsubscribe.push(
      deps.connections.onChange((snapshot) => {
        this.emitStatusChanges(snapshot);
        this.invalidate();
      }),
      deps.config.onChange(() => this.invalidate()),
    );
    for (const server of deps.connections.snapshot().servers) this.statuses.set(server.name, server.status);
  }

  current(): CatalogSnapshot {
    if (!this.cached || this.dirty) {
      this.dirty = false;
      const { intents, skills } = this.deps.config.current();
      const input: CatalogInput = {
        servers: this.deps.connections.snapshot().servers,
        intents,
        skills,
        localTools: (this.deps.localTools ?? localToolDefinitions)(skills),
      };
      this.revision += 1;
      this.cached = Object.freeze({ catalog: resolveCatalog(input), revision: this.revision, input });
    }
    return this.cached;
  }

  explain(toolId: string, loadedSkills: readonly string[] = []): Explanation & { revision: number } {
    const { catalog, input, revision } = this.current();
    return { ...explainTool(input, toolId, loadedSkills, catalog), revision };
  }

  close(): void {
    this.closed = true;
    for (const off of this.unsubscribe.splice(0)) off();
  }

  private invalidate(): void {
    this.dirty = true;
    if (this.notifyScheduled || this.closed) return;
    this.notifyScheduled = true;
    setImmediate(() => {
      this.notifyScheduled = false;
      if (this.closed) return;
      this.deps.events.emit('catalog.changed', { revision: this.current().revision });
    });
  }

  private emitStatusChanges(snapshot: ConnectionsSnapshot): void {
    for (const server of snapshot.servers) {
      if (this.statuses.get(server.name) === server.status) continue;
      this.statuses.set(server.name, server.status);
      this.deps.events.emit('servers.statusChanged', { name: server.name, status: server.status });
    }
  }
}
