import type { Catalog, CatalogInput, Explanation } from '../../../shared/catalog';
import type { SwitchboardConfig } from '../../../shared/config/schema';
import type { Message } from '../../../shared/i18n-message';
import type { ServerSkillsListing, ServerSkillView } from '../../../shared/skills/server-skills';
import type { ServerState } from '../mcp';
import type { CatalogService } from './catalog-service';
import type { InstructionsPinState } from './instruction-pins';

/** The skills servers publish, verified and checked against their pins (skill-pins.json). */
export interface ServerSkillsReport {
  skills: readonly ServerSkillView[];
  listings: readonly ServerSkillsListing[];
}

/** Every tool's state with its reason, and what stands beside it: what `switchboard catalog` prints and the console lists. */
export interface CatalogReport {
  revision: number;
  catalog: Catalog;
  /** What the catalog was resolved from (explain walks it). */
  input: CatalogInput;
  config: SwitchboardConfig;
  servers: readonly ServerState[];
  /** Each connected server's instructions against their pin (instruction-pins.ts). */
  instructions: ReadonlyMap<string, InstructionsPinState>;
  serverSkills: ServerSkillsReport;
  /** Tool definitions pinned at first sight since the core started (trust on first use). */
  pinnedAtFirstSight: number;
}

export interface CatalogRunDeps {
  catalog: Pick<CatalogService, 'current' | 'explain'>;
  config: { current(): SwitchboardConfig };
  connections: { snapshot(): { servers: readonly ServerState[] }; state(server: string): ServerState | undefined };
  instructions: { pinOf(server: string): InstructionsPinState | undefined };
  serverSkills: { views(): ServerSkillView[]; listingViews(): ServerSkillsListing[] };
  pins?: { readonly pinnedAtFirstSight: number };
  /** Every enabled server's current connect attempt over, their published skills listed. */
  whenSettled(): Promise<void>;
}

/**
 * The catalog run, one use case for both faces: live for the console (`report()` whenever it asks, `explain`), one-shot
 * for the CLI (`settled()`: every server's first connect attempt over, then the report). Pinning at first sight and
 * recording bindings happen in the catalog service either way; a change is reported as held, never accepted here.
 */
export class CatalogRun {
  constructor(private readonly deps: CatalogRunDeps) {}

  /** The report as things stand now. */
  report(): CatalogReport {
    const { catalog, input, revision } = this.deps.catalog.current();
    const instructions = new Map<string, InstructionsPinState>();
    const config = this.deps.config.current();
    for (const server of config.agent.mcp.servers) {
      // Only a connected server's instructions are known: the others have nothing to compare with their pin.
      if (this.deps.connections.state(server.name)?.status !== 'connected') continue;
      const pin = this.deps.instructions.pinOf(server.name);
      if (pin) instructions.set(server.name, pin);
    }
    return {
      revision,
      catalog,
      input,
      config,
      servers: this.deps.connections.snapshot().servers,
      instructions,
      serverSkills: { skills: this.deps.serverSkills.views(), listings: this.deps.serverSkills.listingViews() },
      pinnedAtFirstSight: this.deps.pins?.pinnedAtFirstSight ?? 0,
    };
  }

  /** One shot: waits for every server's first connect attempt (each bounded by its timeout), then reports. */
  async settled(): Promise<CatalogReport> {
    await this.deps.whenSettled();
    return this.report();
  }

  /** One tool's path through the layers; when its server's instructions are held, a note says so. */
  explain(toolId: string, loadedSkills: readonly string[] = []): Explanation & { revision: number; notes?: Message[] } {
    const explanation = this.deps.catalog.explain(toolId, loadedSkills);
    const { catalog } = this.deps.catalog.current();
    const server = catalog.bindingsByToolId.get(toolId)?.server ?? catalog.quarantinedByToolId.get(toolId)?.server;
    const pin = server === undefined ? undefined : this.deps.instructions.pinOf(server);
    return pin?.held
      ? {
          ...explanation,
          notes: [{ code: 'instructions.heldNote', params: { server: server!, pinnedAt: pin.pinned.pinnedAt } }],
        }
      : explanation;
  }
}
