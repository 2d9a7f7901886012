import type { CatalogEntry } from '../../../shared/catalog';
import type { CatalogView, PinActionResult } from '../../../shared/contract';
import type { Handlers } from '../../rpc/router';
import type { CatalogService } from '../catalog/catalog-service';

type CatalogHandlers = Pick<Handlers, 'catalog.get' | 'catalog.explain' | 'catalog.acceptChange' | 'catalog.rejectChange' | 'catalog.acceptDescription'>;

export function createCatalogHandlers(catalog: CatalogService): CatalogHandlers {
  const result = ({ revision, entry }: { revision: number; entry: CatalogEntry | null }): PinActionResult => ({ revision, entry: entry && entryView(entry) });
  return {
    'catalog.get': (): CatalogView => {
      const { catalog: c, revision, input } = catalog.current();
      // Annotations for unmounted tools too: the tool picker shows whether a tool only reads before it is mounted.
      const annotations = new Map<string, Record<string, unknown>>();
      for (const server of input.servers)
        for (const tool of server.tools) if (tool.annotations) annotations.set(`${server.name}\u0000${tool.name}`, tool.annotations);
      return {
        revision,
        servers: c.servers.map((s) => ({ ...s, tools: [...s.tools] })),
        entries: c.entries.map((e) => ({ ...entryView(e), annotations: e.server === null ? null : (annotations.get(`${e.server}\u0000${e.toolId}`) ?? null) })),
        bindings: c.bindings.map((b) => ({
          toolId: b.toolId,
          server: b.server,
          nodes: [...b.nodes],
          confirm: b.confirm,
          description: b.description,
          descriptionSource: b.descriptionSource,
          remoteDescription: b.remoteDescription,
          remoteDescriptionHash: b.remoteDescriptionHash,
          gatedBy: [...b.gatedBy],
          shadows: [...b.shadows],
          annotations: b.definition.annotations ?? null,
          inputSchema: b.definition.inputSchema,
          overrideStale: b.overrideStale,
        })),
        unavailable: c.unavailable.map((u) => ({ ...u, nodes: [...u.nodes] })),
        skills: c.skills.map((s) => ({ ...s, unlocks: [...s.unlocks], unlocksUnbound: [...s.unlocksUnbound] })),
        localTools: c.localTools.map((t) => ({ ...t })),
      };
    },
    'catalog.explain': ({ toolId, loadedSkills }) => catalog.explain(toolId, loadedSkills),
    'catalog.acceptChange': (target) => result(catalog.acceptChange(target)),
    'catalog.rejectChange': (target) => result(catalog.rejectChange(target)),
    'catalog.acceptDescription': (target) => result(catalog.acceptDescription(target)),
  };
}

function entryView(e: CatalogEntry): CatalogView['entries'][number] {
  return {
    ...e,
    nodes: [...e.nodes],
    gatedBy: [...e.gatedBy],
    quarantine: e.quarantine && { ...e.quarantine, changed: [...e.quarantine.changed] },
  };
}
