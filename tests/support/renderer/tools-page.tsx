import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll } from 'vitest';
import type { CatalogView, ExplanationView } from '../../../src/shared/contract';
import { msg } from '../../../src/shared/catalog/catalog-messages';
import { ToolsPage } from '../../../src/renderer/src/features/tools/ToolsPage';
import { useToolsUiStore } from '../../../src/renderer/src/features/tools/tools-ui-store';
import { createFakeRpc, renderWithRpc } from './fake-rpc';
import { catalogHandlers, entry, shopCatalog } from './catalog-fixtures';

/** happy-dom has no layout: give the scroller a 600 px viewport so the virtualizer renders a window of rows. */
export function withViewport() {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 }));
  afterAll(() => original && Object.defineProperty(HTMLElement.prototype, 'clientHeight', original));
}

export const resetToolsUi = () =>
  useToolsUiStore.setState({ query: '', state: null, server: null, stage: null, selectedKey: null, explain: null });

export const explanation = (toolId: string): ExplanationView => ({
  toolId,
  verdict: 'hidden',
  firstFailingLayer: 'mounted',
  revision: 1,
  layers: [
    {
      layer: 'configured',
      ok: true,
      detail: 'enabled: shop',
      message: msg('catalog.explain.enabled', { servers: ['shop'] }),
    },
    {
      layer: 'discovered',
      ok: true,
      detail: 'offered by shop',
      message: msg('catalog.explain.offeredBy', { servers: ['shop'] }),
    },
    {
      layer: 'mounted',
      ok: false,
      detail: `no MCP intent node has toolId "${toolId}"`,
      message: msg('catalog.explain.notMounted', { toolId }),
    },
    {
      layer: 'visible',
      ok: false,
      detail: 'not in the tool list the model receives this turn',
      message: msg('catalog.explain.notSent'),
    },
  ],
});

/** The Tools page over a fake main serving the catalog the function returns (read again at each request). */
export const renderToolsPage = (view: () => CatalogView = () => shopCatalog()) => {
  const rpc = createFakeRpc({
    ...catalogHandlers(view),
    'catalog.explain': ({ toolId }) => explanation(toolId),
    'catalog.acceptChange': ({ toolId, server }) => ({ revision: 2, entry: entry(toolId, server, 'bound') }),
    'catalog.rejectChange': () => ({ revision: 2, entry: null }),
  });
  renderWithRpc(<ToolsPage />, rpc.client);
  return rpc;
};

export const chip = (name: RegExp) =>
  within(screen.getByRole('group', { name: 'Filter by state' })).getByRole('button', { name });
export const funnelStage = (stage: string) =>
  screen.getByTestId('tool-funnel').querySelector<HTMLElement>(`[data-stage="${stage}"]`)!;
/** The rows in view as `tool@server:state`. */
export const rows = () =>
  screen.getAllByTestId('tool-row').map((row) => `${row.dataset.tool}@${row.dataset.server}:${row.dataset.state}`);
