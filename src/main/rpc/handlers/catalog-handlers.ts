import type { CatalogEntry } from '../../../shared/catalog';
import type { PinActionResult } from '../../../shared/contract';
import type { Handlers } from '../router';
import type { CatalogService } from '../../core/catalog/catalog-service';
import { descriptionsView, entryView, fullView, listView, toolView } from './catalog-views';
import type { InstructionsService } from '../../core/catalog/instructions-service';

type CatalogHandlers = Pick<
  Handlers,
  | 'catalog.get'
  | 'catalog.list'
  | 'catalog.tool'
  | 'catalog.descriptions'
  | 'catalog.explain'
  | 'catalog.acceptChange'
  | 'catalog.rejectChange'
  | 'catalog.acceptDescription'
>;

export function createCatalogHandlers(catalog: CatalogService, instructions?: InstructionsService): CatalogHandlers {
  const result = ({ revision, entry }: { revision: number; entry: CatalogEntry | null }): PinActionResult => ({
    revision,
    entry: entry && entryView(entry),
  });
  return {
    'catalog.get': (page) => fullView(catalog.current(), page),
    'catalog.list': () => listView(catalog.current()),
    'catalog.tool': ({ toolId, server }) => toolView(catalog.current(), toolId, server),
    'catalog.descriptions': () => descriptionsView(catalog.current()),
    'catalog.explain': ({ toolId, loadedSkills }) => {
      const explanation = catalog.explain(toolId, loadedSkills);
      // The tool's server gives instructions other than those pinned: what the model is told about it is held too.
      const { catalog: current } = catalog.current();
      const server = current.bindingsByToolId.get(toolId)?.server ?? current.quarantinedByToolId.get(toolId)?.server;
      const pin = server === undefined ? undefined : instructions?.pinOf(server);
      return pin?.held
        ? {
            ...explanation,
            notes: [{ code: 'instructions.heldNote', params: { server: server!, pinnedAt: pin.pinned.pinnedAt } }],
          }
        : explanation;
    },
    'catalog.acceptChange': (target) => result(catalog.acceptChange(target)),
    'catalog.rejectChange': (target) => result(catalog.rejectChange(target)),
    'catalog.acceptDescription': (target) => result(catalog.acceptDescription(target)),
  };
}
