import type { CatalogEntry } from '../../../shared/catalog';
import type { PinActionResult } from '../../../shared/contract';
import type { Handlers } from '../router';
import type { CatalogService } from '../../core/catalog/catalog-service';
import { descriptionsView, entryView, fullView, listView, toolView } from './catalog-views';
import type { CatalogRun } from '../../core/catalog/catalog-run';

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

export function createCatalogHandlers(catalog: CatalogService, run: Pick<CatalogRun, 'explain'>): CatalogHandlers {
  const result = ({ revision, entry }: { revision: number; entry: CatalogEntry | null }): PinActionResult => ({
    revision,
    entry: entry && entryView(entry),
  });
  return {
    'catalog.get': (page) => fullView(catalog.current(), page),
    'catalog.list': () => listView(catalog.current()),
    'catalog.tool': ({ toolId, server }) => toolView(catalog.current(), toolId, server),
    'catalog.descriptions': () => descriptionsView(catalog.current()),
    'catalog.explain': ({ toolId, loadedSkills }) => run.explain(toolId, loadedSkills),
    'catalog.acceptChange': (target) => result(catalog.acceptChange(target)),
    'catalog.rejectChange': (target) => result(catalog.rejectChange(target)),
    'catalog.acceptDescription': (target) => result(catalog.acceptDescription(target)),
  };
}
