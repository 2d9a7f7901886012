import type { QueryClient } from '@tanstack/react-query';
import type { EventName, QueryRouteName } from '../../../shared/contract';
import type { RpcClient } from './rpc';

/**
 * Every query that reads the catalog, so a catalog change refreshes them all: the Tools list, the selected row's
 * detail, the searched descriptions, explanations, and the full view for anyone still asking for it.
 */
export const CATALOG_QUERIES = ['catalog.list', 'catalog.tool', 'catalog.descriptions', 'catalog.explain', 'catalog.get'] as const satisfies readonly QueryRouteName[];
/** What an operator's pin decision (accept, reject, acknowledge) changes: the catalog and each server's tools. */
export const AFTER_PIN_CHANGE = [...CATALOG_QUERIES, 'servers.list'] as const satisfies readonly QueryRouteName[];
type Nothing<T extends never> = T;
/** Fails to compile when the contract gains a catalog.* query that CATALOG_QUERIES does not list (it would go stale). */
export type EveryCatalogQueryListed = Nothing<Exclude<Extract<QueryRouteName, `catalog.${string}`>, (typeof CATALOG_QUERIES)[number]>>;

/** Which queries each pushed event makes stale. Main's *.changed events are the only source of refreshes. */
export const INVALIDATED_BY: Partial<Record<EventName, QueryRouteName[]>> = {
  'config.changed': ['config.get', 'settings.get', 'intents.get', 'skills.get', 'servers.list', 'tests.list'],
  'chat.changed': ['chat.list', 'chat.get'],
  'turn.started': ['chat.get'],
  'turn.stepStarted': ['chat.get'],
  'tool.progressed': ['chat.get'],
  'turn.finished': ['chat.get', 'chat.list'],
  'approvals.requested': ['approvals.list'],
  'approvals.resolved': ['approvals.list'],
  'records.appended': ['records.list'],
  'catalog.changed': ['servers.list', ...CATALOG_QUERIES, 'tools.definition'],
  'servers.statusChanged': ['servers.list', ...CATALOG_QUERIES, 'tools.definition'],
  'servers.authChanged': ['servers.list'],
  'tests.changed': ['tests.list', 'tests.result'],
};

export function wireEventInvalidation(rpc: RpcClient, queryClient: QueryClient, table = INVALIDATED_BY): () => void {
  return rpc.on((name) => {
    for (const route of table[name] ?? []) void queryClient.invalidateQueries({ queryKey: [route] });
  });
}
