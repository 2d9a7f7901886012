import type { AppServices } from '../../core/services';
import type { Handlers } from '../router';

type CatalogRoutes =
  | 'catalog.get'
  | 'catalog.list'
  | 'catalog.tool'
  | 'catalog.descriptions'
  | 'catalog.explain'
  | 'catalog.acceptChange'
  | 'catalog.rejectChange'
  | 'catalog.acceptDescription';

export function createCatalogHandlers({ catalog }: AppServices): Pick<Handlers, CatalogRoutes> {
  return {
    'catalog.get': (page) => catalog.page(page),
    'catalog.list': () => catalog.list(),
    'catalog.tool': ({ toolId, server }) => catalog.tool(toolId, server),
    'catalog.descriptions': () => catalog.descriptions(),
    'catalog.explain': ({ toolId, loadedSkills }) => catalog.explain(toolId, loadedSkills),
    'catalog.acceptChange': (target) => catalog.acceptChange(target),
    'catalog.rejectChange': (target) => catalog.rejectChange(target),
    'catalog.acceptDescription': (target) => catalog.acceptDescription(target),
  };
}
