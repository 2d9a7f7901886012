import type {
  CatalogDescriptionsView,
  CatalogListView,
  CatalogToolView,
  CatalogView,
} from '../../../src/shared/contract';
import { RpcClientError } from '../../../src/renderer/src/lib/rpc/types';
import type { FakeHandlers } from './fake-rpc';
import { englishOf, msg, type CatalogMessage } from '../../../src/shared/catalog/catalog-messages';
import type { CatalogBinding, CatalogEntry, CatalogRow } from '../../../src/renderer/src/lib/catalog/tool-states';

/** A plausible reason for a row in `state`, as main composes it (shared/catalog/catalog-messages.ts). */
export function reasonFor(toolId: string, server: string | null, state: CatalogEntry['state']): CatalogMessage {
  switch (state) {
    case 'bound':
      return msg('catalog.reason.mountedByNode', { nodes: [toolId] });
    case 'gated':
      return msg('catalog.reason.gatedNode', { nodes: [toolId], skills: ['after-sales'] });
    case 'appOnly':
      return msg('catalog.reason.appOnly', { nodes: [toolId] });
    case 'unmounted':
      return msg('catalog.reason.notMounted', { server: server ?? '', toolId });
    case 'unavailable':
      return msg('catalog.reason.doesNotExist', { checked: msg('catalog.reason.noneConnected'), toolId });
    case 'reserved':
      return msg('catalog.reason.reserved', { toolId });
    case 'shadowed':
      return msg('catalog.reason.shadowedByEarlier');
    case 'quarantined':
      return msg('catalog.reason.drift', {
        fields: ['description'],
        server: server ?? '',
        pinnedAt: '2025-01-01T00:00:00.000Z',
      });
  }
}

/** Test data: catalog rows and views shaped like main's catalog.get answer, and the slimmer routes derived from them. */
export const entry = (
  toolId: string,
  server: string | null,
  state: CatalogEntry['state'],
  extra: Partial<CatalogEntry> = {},
): CatalogEntry => ({
  toolId,
  server,
  state,
  reason: englishOf(extra.message ?? reasonFor(toolId, server, state)),
  message: reasonFor(toolId, server, state),
  nodes: [],
  gatedBy: [],
  description: null,
  remoteDescription: null,
  overrideStale: false,
  ...extra,
});

/** A catalog.list row. */
export const row = (
  toolId: string,
  server: string | null,
  state: CatalogRow['state'],
  extra: Partial<CatalogRow> = {},
): CatalogRow => ({
  toolId,
  server,
  state,
  reason: reasonFor(toolId, server, state),
  readOnly: server === null ? null : true,
  ...extra,
});

export const binding = (toolId: string, extra: Partial<CatalogBinding> = {}): CatalogBinding => ({
  toolId,
  server: 'shop',
  nodes: [],
  confirm: 'auto',
  description: `${toolId} (server text)`,
  descriptionSource: 'remote',
  remoteDescription: `${toolId} (server text)`,
  remoteDescriptionHash: 'h',
  gatedBy: [],
  shadows: [],
  annotations: { readOnlyHint: true },
  inputSchema: { type: 'object', properties: {} },
  overrideStale: false,
  ...extra,
});

/** The default config's catalog: the shop's tools, query_coupons unmounted, query_invoice unavailable. */
export function shopCatalog(over: Partial<CatalogView> = {}): CatalogView {
  const remote = (toolId: string) => `${toolId} (server text)`;
  return {
    revision: 1,
    servers: [
      {
        name: 'shop',
        status: 'connected',
        error: null,
        tools: ['query_order', 'query_logistics', 'query_coupons', 'cancel_order'],
      },
    ],
    entries: [
      entry('cancel_order', 'shop', 'bound', {
        nodes: ['order-cancel'],
        description: remote('cancel_order'),
        remoteDescription: remote('cancel_order'),
      }),
      entry('query_coupons', 'shop', 'unmounted', { remoteDescription: remote('query_coupons') }),
      entry('query_invoice', null, 'unavailable', { nodes: ['invoice-query'] }),
      entry('query_logistics', 'shop', 'bound', {
        nodes: ['logistics-query'],
        description: remote('query_logistics'),
        remoteDescription: remote('query_logistics'),
      }),
      entry('query_order', 'shop', 'bound', {
        nodes: ['order-query'],
        description: remote('query_order'),
        remoteDescription: remote('query_order'),
      }),
    ],
    bindings: [
      binding('cancel_order', { nodes: ['order-cancel'], annotations: { readOnlyHint: false, destructiveHint: true } }),
      binding('query_logistics', {
        nodes: ['logistics-query'],
        inputSchema: {
          type: 'object',
          properties: { trackingNo: { type: 'string', description: '运单号' } },
          required: ['trackingNo'],
        },
      }),
      binding('query_order', { nodes: ['order-query'] }),
    ],
    unavailable: [
      {
        toolId: 'query_invoice',
        nodes: ['invoice-query'],
        cause: 'not-offered',
        reason: 'does not exist on any server',
      },
    ],
    skills: [{ name: 'after-sales', description: '售后', unlocks: ['cancel_order'], unlocksUnbound: [] }],
    localTools: [{ name: 'search_knowledge', description: 'search', inputSchema: {} }],
    ...over,
  };
}

/** catalog.list of a full view, as main builds it: the rows' few fields, column by column. */
export function listOf(view: CatalogView): CatalogListView {
  const rows = view.entries;
  const reasonCodes: string[] = [];
  const codeOf = (message: { code: string }) =>
    reasonCodes.includes(message.code) ? reasonCodes.indexOf(message.code) : reasonCodes.push(message.code) - 1;
  return {
    revision: view.revision,
    servers: view.servers.map((s) => ({ name: s.name, status: s.status, error: s.error, toolCount: s.tools.length })),
    entries: {
      toolId: rows.map((e) => e.toolId),
      server: rows.map((e) => e.server),
      state: rows.map((e) => e.state),
      reasonCode: rows.map((e) => codeOf(e.message ?? reasonFor(e.toolId, e.server, e.state))),
      reasonParams: rows.map((e) => (e.message ?? reasonFor(e.toolId, e.server, e.state)).params ?? null),
      readOnly: rows.map((e) => {
        if (e.server === null) return null;
        const binding = view.bindings.find((b) => b.toolId === e.toolId && b.server === e.server);
        return (binding?.annotations ?? e.quarantine?.current.annotations ?? e.annotations)?.readOnlyHint === true;
      }),
    },
    reasonCodes,
    bindingCount: view.bindings.length,
    skillNames: view.skills.map((s) => s.name),
    localToolNames: view.localTools.map((t) => t.name),
    ...looksOf(rows),
  };
}

/** catalog.list's sparse titles and icons, from the entries' `title` and first icon (as main sends them). */
function looksOf(rows: CatalogView['entries']): Pick<CatalogListView, 'looks'> {
  const looks: NonNullable<CatalogListView['looks']> = { rows: [], title: [], icon: [], icons: [] };
  rows.forEach((e, i) => {
    const src = e.icons?.[0]?.src;
    if (!e.title && !src) return;
    if (src && !looks.icons.includes(src)) looks.icons.push(src);
    looks.rows.push(i);
    looks.title.push(e.title ?? null);
    looks.icon.push(src ? looks.icons.indexOf(src) : null);
  });
  return looks.rows.length > 0 ? { looks } : {};
}

/** catalog.tool of a full view; an unknown row is `not_found`, as in main. */
export function toolOf(view: CatalogView, toolId: string, server: string | null): CatalogToolView {
  const row = view.entries.find((e) => e.toolId === toolId && e.server === server);
  if (!row)
    throw new RpcClientError({ code: 'not_found', message: `${server ?? 'no server'} offers no tool ${toolId}` });
  const binding = view.bindings.find(
    (b) => b.toolId === toolId && b.server === server && (row.state === 'bound' || row.state === 'gated'),
  );
  return { revision: view.revision, entry: row, binding: binding ?? null };
}

export function descriptionsOf(view: CatalogView): CatalogDescriptionsView {
  return {
    revision: view.revision,
    descriptions: view.entries.map((e) => ({
      toolId: e.toolId,
      server: e.server,
      description: e.description,
      remoteDescription: e.remoteDescription,
    })),
  };
}

/** Fake handlers for every catalog read route, answering from `view()` at the time of each request. */
export function catalogHandlers(view: () => CatalogView): FakeHandlers {
  return {
    'catalog.get': view,
    'catalog.list': () => listOf(view()),
    'catalog.tool': ({ toolId, server }) => toolOf(view(), toolId, server),
    'catalog.descriptions': () => descriptionsOf(view()),
    'tools.definition': ({ toolId, server }) => definitionOf(view(), toolId, server),
  };
}

/** What Run and Mount read: the bound definition when there is one, else a bare object schema (as an unmounted row's). */
export function definitionOf(view: CatalogView, toolId: string, server: string) {
  if (!view.entries.some((e) => e.toolId === toolId && e.server === server))
    throw new RpcClientError({ code: 'not_found', message: `${server} offers no tool "${toolId}"` });
  const binding = view.bindings.find((b) => b.toolId === toolId && b.server === server);
  return {
    toolId,
    server,
    title: null,
    description: binding?.remoteDescription ?? `${toolId} (server text)`,
    inputSchema: binding?.inputSchema ?? { type: 'object', properties: {} },
    annotations: binding?.annotations ?? null,
  };
}
