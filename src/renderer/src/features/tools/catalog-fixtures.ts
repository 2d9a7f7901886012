import type { CatalogView } from '../../../../shared/contract';
import type { CatalogBinding, CatalogEntry } from './tool-states';

/** Test data: catalog rows and views shaped like main's catalog.get answer. */
export const entry = (toolId: string, server: string | null, state: CatalogEntry['state'], extra: Partial<CatalogEntry> = {}): CatalogEntry => ({
  toolId,
  server,
  state,
  reason: `${toolId} is ${state}`,
  nodes: [],
  gatedBy: [],
  description: null,
  remoteDescription: null,
  overrideStale: false,
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
    servers: [{ name: 'shop', status: 'connected', error: null, tools: ['query_order', 'query_logistics', 'query_coupons', 'cancel_order'] }],
    entries: [
      entry('cancel_order', 'shop', 'bound', { nodes: ['order-cancel'], description: remote('cancel_order'), remoteDescription: remote('cancel_order') }),
      entry('query_coupons', 'shop', 'unmounted', { remoteDescription: remote('query_coupons') }),
      entry('query_invoice', null, 'unavailable', { nodes: ['invoice-query'] }),
      entry('query_logistics', 'shop', 'bound', { nodes: ['logistics-query'], description: remote('query_logistics'), remoteDescription: remote('query_logistics') }),
      entry('query_order', 'shop', 'bound', { nodes: ['order-query'], description: remote('query_order'), remoteDescription: remote('query_order') }),
    ],
    bindings: [
      binding('cancel_order', { nodes: ['order-cancel'], annotations: { readOnlyHint: false, destructiveHint: true } }),
      binding('query_logistics', {
        nodes: ['logistics-query'],
        inputSchema: { type: 'object', properties: { trackingNo: { type: 'string', description: '运单号' } }, required: ['trackingNo'] },
      }),
      binding('query_order', { nodes: ['order-query'] }),
    ],
    unavailable: [{ toolId: 'query_invoice', nodes: ['invoice-query'], cause: 'not-offered', reason: 'does not exist on any server' }],
    skills: [{ name: 'after-sales', description: '售后', unlocks: ['cancel_order'], unlocksUnbound: [] }],
    localTools: [{ name: 'search_knowledge', description: 'search', inputSchema: {} }],
    ...over,
  };
}
