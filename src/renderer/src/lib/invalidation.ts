import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type {
  ApprovalRequest,
  Conversation,
  EventName,
  EventPayload,
  QueryRouteName,
  ServerLogView,
  ServerRequestView,
} from '../../../shared/contract';
import type { RpcClient } from './rpc';

/**
 * Every query that reads the catalog, so a catalog change refreshes them all: the Tools list, the selected row's
 * detail, the searched descriptions, explanations, and the full view for anyone still asking for it.
 */
export const CATALOG_QUERIES = [
  'catalog.list',
  'catalog.tool',
  'catalog.descriptions',
  'catalog.explain',
  'catalog.get',
] as const satisfies readonly QueryRouteName[];
type Nothing<T extends never> = T;
/** Fails to compile when the contract gains a catalog.* query that CATALOG_QUERIES does not list (it would go stale). */
export type EveryCatalogQueryListed = Nothing<
  Exclude<Extract<QueryRouteName, `catalog.${string}`>, (typeof CATALOG_QUERIES)[number]>
>;

/**
 * Which queries each pushed event makes stale, for events that only say *that* something changed. Main's events
 * are the only source of refreshes, and each change is refetched once: where main always sends two events for one
 * change, only one of them invalidates (noted below). A mutation whose change main announces invalidates nothing.
 */
export const INVALIDATED_BY: Partial<Record<EventName, QueryRouteName[]>> = {
  // servers.list too: every config edit is followed by catalog.changed, which refreshes it.
  'config.changed': ['config.get', 'settings.get', 'intents.get', 'skills.get', 'tests.list', 'telemetry.get'],
  'records.appended': ['records.list'],
  // Every connection change (a status, a discovery, a retry) is followed by catalog.changed, so
  // servers.statusChanged invalidates nothing itself.
  'catalog.changed': ['servers.list', ...CATALOG_QUERIES, 'tools.definition'],
  'servers.authChanged': ['servers.list'],
  'servers.instructionsChanged': ['servers.list'],
  'skills.serverSkillsChanged': ['skills.servers'],
  'tests.changed': ['tests.list', 'tests.result'],
  // A server's lists changed: any page held of them is refetched (they are small and paginated).
  'resources.listChanged': ['resources.list', 'resources.templates'],
  'prompts.listChanged': ['prompts.list'],
};

type Appliers = { [E in EventName]?: (cache: QueryClient, payload: EventPayload<E>) => void };

const chatOf = (conversationId: string): QueryKey => ['chat.get', { conversationId }];

/**
 * Events whose payload is the data, applied to the query cache where they land, and events that concern one
 * conversation, which refresh that conversation only. Anything an event does not carry is refetched.
 */
export const APPLIED_BY: Appliers = {
  // The full request: added to every pending list held, in main's order (oldest first), without a refetch.
  'approvals.requested': (cache, request) =>
    cache.setQueriesData<ApprovalRequest[]>({ queryKey: ['approvals.list'] }, (list) =>
      list && !list.some((a) => a.id === request.id) ? [...list, request] : list,
    ),
  'approvals.resolved': (cache, { id }) =>
    cache.setQueriesData<ApprovalRequest[]>({ queryKey: ['approvals.list'] }, (list) =>
      list?.filter((a) => a.id !== id),
    ),
  // What a server asks the operator (a question, a sampling request, at each stage): the whole request, added or
  // replaced in place; resolved: it leaves the list (its exchange reaches the call's item with tool.progressed).
  'requests.opened': (cache, request) => upsertRequest(cache, request),
  // How far the records index is filled is the data; once it is full, the lists (answered from the file's tail
  // until then) are refetched whole.
  'records.indexProgressed': (cache, status) => {
    cache.setQueryData(['records.indexStatus', {}], status);
    if (status.done) void cache.invalidateQueries({ queryKey: ['records.list'] });
  },
  // The operator's preferences are the data: LocaleSync applies a new language at once.
  'preferences.changed': (cache, preferences) => cache.setQueryData(['preferences.get', {}], preferences),
  'requests.updated': (cache, request) => upsertRequest(cache, request),
  'requests.resolved': (cache, { id }) =>
    cache.setQueriesData<ServerRequestView[]>({ queryKey: ['requests.list'] }, (list) =>
      list?.filter((r) => r.id !== id),
    ),
  // A summary changed (created, renamed, a turn began or ended, deleted). It also follows every turn.finished,
  // which therefore refreshes nothing itself.
  'chat.changed': (cache, { conversationId }) => {
    void cache.invalidateQueries({ queryKey: ['chat.list'] });
    void cache.invalidateQueries({ queryKey: chatOf(conversationId), exact: true });
  },
  // The turn and the customer's message were written: neither is in the payload.
  'turn.started': (cache, { conversationId }) =>
    void cache.invalidateQueries({ queryKey: chatOf(conversationId), exact: true }),
  // The step (what the model was shown) is the data: appended to its turn.
  'turn.stepStarted': (cache, { conversationId, turnId, step }) =>
    updateConversation(cache, conversationId, (c) => {
      const turn = c.turns.find((t) => t.id === turnId);
      if (!turn) return undefined;
      const steps = [...turn.steps.filter((s) => s.step !== step.step), step];
      return { ...c, turns: c.turns.map((t) => (t === turn ? { ...turn, steps } : t)) };
    }),
  // A known item's new state is the data. A new item is not the whole story (the model's text of that step was
  // written just before it, unannounced), so a first sight refetches the conversation.
  'tool.progressed': (cache, { conversationId, item }) =>
    updateConversation(cache, conversationId, (c) => {
      const index = c.items.findIndex((i) => i.id === item.id);
      if (index < 0) return undefined;
      return { ...c, items: c.items.map((i, at) => (at === index ? item : i)) };
    }),
  // New lines of one server's log are the data: appended to its held log, the ring's oldest lines dropped.
  'servers.logged': (cache, { name, entries }) =>
    cache.setQueryData<ServerLogView>(['servers.logs', { name }], (view) => {
      if (!view) return view;
      const last = view.entries.at(-1)?.seq ?? -1;
      const fresh = entries.filter((entry) => entry.seq > last);
      return fresh.length ? { ...view, entries: [...view.entries, ...fresh].slice(-view.capacity) } : view;
    }),
  // A subscribed resource changed: its reads through that server are stale (the Resources view reads again).
  'resources.updated': (cache, { server, uri }) =>
    void cache.invalidateQueries({ queryKey: ['resources.read', { server, uri }], exact: true }),
};

/** Replaced where it is, or added in main's order (oldest first). */
function upsertRequest(cache: QueryClient, request: ServerRequestView): void {
  cache.setQueriesData<ServerRequestView[]>({ queryKey: ['requests.list'] }, (list) => {
    if (!list) return list;
    if (list.some((r) => r.id === request.id)) return list.map((r) => (r.id === request.id ? request : r));
    return [...list, request].sort((a, b) => a.requestedAt.localeCompare(b.requestedAt));
  });
}

/** Applies `update` to a held conversation; when it can't (undefined), that conversation is refetched instead. */
function updateConversation(
  cache: QueryClient,
  conversationId: string,
  update: (conversation: Conversation) => Conversation | undefined,
): void {
  const key = chatOf(conversationId);
  const held = cache.getQueryData<Conversation>(key);
  if (!held) return; // nobody holds it: whoever asks next fetches it whole
  const next = update(held);
  if (next) cache.setQueryData(key, next);
  else void cache.invalidateQueries({ queryKey: key, exact: true });
}

export function wireEventInvalidation(
  rpc: RpcClient,
  queryClient: QueryClient,
  table = INVALIDATED_BY,
  appliers: Appliers = APPLIED_BY,
): () => void {
  return rpc.on((name, payload) => {
    for (const route of table[name] ?? []) void queryClient.invalidateQueries({ queryKey: [route] });
    (appliers[name] as ((cache: QueryClient, payload: unknown) => void) | undefined)?.(queryClient, payload);
  });
}
