import type { CatalogView } from '../../../shared/contract';
import type { Handlers } from '../../rpc/router';
import type { CatalogService } from '../catalog/catalog-service';

export function createCatalogHandlers(catalog: CatalogService): Pick<Handlers, 'catalog.get' | 'catalog.explain'> {
  return {
    'catalog.get': (): CatalogView => {
      const { catalog: c, revision } = catalog.current();
      return {
        revision,
        servers: c.servers.map((s) => ({ ...s, tools: [...s.tools] })),
        entries: c.entries.map((e) => ({ ...e, nodes: [...e.nodes], gatedBy: [...e.gatedBy] })),
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
        })),
        unavailable: c.unavailable.map((u) => ({ ...u, nodes: [...u.nodes] })),
        skills: c.skills.map((s) => ({ ...s, unlocks: [...s.unlocks], unlocksUnbound: [...s.unlocksUnbound] })),
        localTools: c.localTools.map((t) => ({ ...t })),
      };
    },
    'catalog.explain': ({ toolId, loadedSkills }) => catalog.explain(toolId, loadedSkills),
  };
}
