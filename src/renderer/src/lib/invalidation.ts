import type { QueryClient } from '@tanstack/react-query';
import type { EventName, QueryRouteName } from '../../../shared/contract';
import type { RpcClient } from './rpc';

/** Which queries each pushed event makes stale. Main's *.changed events are the only source of refreshes. */
export const INVALIDATED_BY: Partial<Record<EventName, QueryRouteName[]>> = {
  'config.changed': ['config.get', 'settings.get', 'intents.get', 'skills.get', 'servers.list'],
  'chat.changed': ['chat.list', 'chat.get'],
  'turn.started': ['chat.get'],
  'turn.stepStarted': ['chat.get'],
  'tool.progressed': ['chat.get'],
  'turn.finished': ['chat.get', 'chat.list'],
  'approvals.requested': ['approvals.list'],
  'approvals.resolved': ['approvals.list'],
  'records.appended': ['records.list'],
  'catalog.changed': ['servers.list', 'catalog.get', 'catalog.explain'],
  'servers.statusChanged': ['servers.list', 'catalog.get', 'catalog.explain'],
};

export function wireEventInvalidation(rpc: RpcClient, queryClient: QueryClient, table = INVALIDATED_BY): () => void {
  return rpc.on((name) => {
    for (const route of table[name] ?? []) void queryClient.invalidateQueries({ queryKey: [route] });
  });
}
