import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useUiStore } from '../../app/ui-store';
import { binding, catalogHandlers, shopCatalog, toolOf } from '../../../../../tests/support/renderer/catalog-fixtures';
import { renderToolsPage, resetToolsUi, withViewport } from '../../../../../tests/support/renderer/tools-page';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { ToolsPage } from './ToolsPage';
import { useToolsUiStore } from './tools-ui-store';

withViewport();
beforeEach(resetToolsUi);
afterEach(cleanup);

describe("ToolsPage: a tool's detail, Mount and Explain", () => {
  it('shows a tool’s reason, readable schema, intent nodes and gating skills; the list follows ↑/↓', async () => {
    const rpc = renderToolsPage();
    fireEvent.click((await screen.findAllByTestId('tool-row'))[3]);
    const detail = screen.getByTestId('tool-detail');
    // The head comes from the row at once; the definition from catalog.tool.
    expect(within(detail).getByRole('heading', { level: 2 }).textContent).toBe('query_logistics');
    expect(within(detail).getByTestId('tool-reason').textContent).toBe('mounted by node query_logistics');
    await within(detail).findByTestId('schema-view');
    expect(rpc.callsTo('catalog.tool')).toEqual([{ toolId: 'query_logistics', server: 'shop' }]);
    const arg = detail.querySelector('tr[data-arg="trackingNo"]')!;
    expect(arg.textContent).toContain('string');
    expect(arg.textContent).toContain('required');
    expect(arg.textContent).toContain('运单号');
    expect(within(detail).getByRole('button', { name: 'logistics-query' })).toBeInstanceOf(HTMLElement);

    fireEvent.keyDown(screen.getByTestId('tools-list'), { key: 'ArrowDown' });
    expect(within(screen.getByTestId('tool-detail')).getByRole('heading', { level: 2 }).textContent).toBe(
      'query_order',
    );
    expect(screen.getByTestId('tools-list').getAttribute('aria-activedescendant')).toBe(
      screen.getAllByTestId('tool-row')[4].id,
    );

    // A bound node opens in the intent tree.
    fireEvent.click(await within(screen.getByTestId('tool-detail')).findByRole('button', { name: 'order-query' }));
    expect(useUiStore.getState().page).toBe('intents');
    expect(useUiStore.getState().opening).toEqual({ page: 'intents', id: 'order-query' });
  });
  it('shows an unmounted tool’s definition and hints as its server offers them; Run is a tab; Space and the detail’s button choose it for Mount', async () => {
    useToolsUiStore.setState({ toMount: [], detailTab: 'details' });
    const rpc = createFakeRpc({
      ...catalogHandlers(() => shopCatalog()),
      'tools.definition': ({ toolId, server }) => ({
        toolId,
        server,
        title: null,
        description: 'coupons',
        inputSchema: {
          type: 'object',
          properties: { couponCode: { type: 'string', description: '券码' } },
          required: ['couponCode'],
        },
        annotations: { readOnlyHint: true },
      }),
    });
    renderWithRpc(<ToolsPage />, rpc.client);
    const row = (await screen.findAllByTestId('tool-row')).find((r) => r.dataset.tool === 'query_coupons')!;
    // No focusable control inside an option (axe nested-interactive): the row's Mount chip is for the pointer.
    expect(row.querySelector('button, [tabindex]')).toBeNull();
    fireEvent.click(row);
    const detail = screen.getByTestId('tool-detail');
    await waitFor(() => expect(detail.querySelector('tr[data-arg="couponCode"]')).not.toBeNull());
    const arg = detail.querySelector('tr[data-arg="couponCode"]')!;
    expect(arg.textContent).toContain('required');
    expect(detail.textContent).toContain('readOnlyHint');
    expect(detail.textContent).not.toContain('bound tools only');

    // Space on the list chooses the selected unmounted row for Mount; the detail's button drops it again.
    fireEvent.keyDown(screen.getByTestId('tools-list'), { key: ' ' });
    expect(useToolsUiStore.getState().toMount).toHaveLength(1);
    const toggle = within(detail).getByTestId('detail-mount-toggle');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    expect(useToolsUiStore.getState().toMount).toHaveLength(0);

    // Run by hand is a tab of the detail: the form takes the pane, the details are hidden, ←/→ move between tabs.
    const tabs = within(detail).getByRole('tablist');
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Run by hand' }));
    expect(within(detail).getByTestId('run-tool').closest('[role="tabpanel"]')!.hasAttribute('hidden')).toBe(false);
    expect(within(detail).getByTestId('tool-reason').closest('[role="tabpanel"]')!.hasAttribute('hidden')).toBe(true);
    fireEvent.keyDown(tabs, { key: 'ArrowLeft' });
    expect(within(tabs).getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).toBe('true');
  });
  it('explains a tool layer by layer and highlights the first failing layer', async () => {
    const rpc = renderToolsPage();
    await screen.findAllByTestId('tool-row');
    fireEvent.change(screen.getByLabelText('Tool name'), { target: { value: 'query_coupons' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'after-sales' }));
    fireEvent.click(screen.getByRole('button', { name: 'Explain' }));
    const result = await screen.findByTestId('explain-result');
    expect(rpc.callsTo('catalog.explain')).toEqual([{ toolId: 'query_coupons', loadedSkills: ['after-sales'] }]);
    expect(screen.getByTestId('explain-verdict').textContent).toBe('hidden');
    const layers = within(result).getAllByTestId('explain-layer');
    expect(layers.map((l) => `${l.dataset.layer}:${l.dataset.ok}`)).toEqual([
      'configured:true',
      'discovered:true',
      'mounted:false',
      'visible:false',
    ]);
    expect(layers[2].className).toContain('first-failing');
    expect(layers[2].getAttribute('aria-current')).toBe('step');
    expect(layers[3].className).not.toContain('first-failing');
  });
  it('says when the description sent to the model is truncated', async () => {
    const view = shopCatalog({
      bindings: [
        binding('query_order', {
          nodes: ['order-query'],
          description: 'short head\n[… description truncated]',
          descriptionTruncated: { bytes: 300_000, limit: 8_192 },
        }),
      ],
    });
    renderToolsPage(() => view);
    fireEvent.click((await screen.findAllByTestId('tool-row'))[4]);
    expect((await screen.findByTestId('description-truncated')).textContent).toContain(
      '300,000 bytes; the model receives the first 8,192',
    );
  });
  it('says so when the selected row is gone from the catalog', async () => {
    const view = shopCatalog();
    const rpc = createFakeRpc({
      ...catalogHandlers(() => view),
      'catalog.tool': ({ toolId, server }) => toolOf(shopCatalog({ entries: [] }), toolId, server),
    });
    renderWithRpc(<ToolsPage />, rpc.client);
    fireEvent.click((await screen.findAllByTestId('tool-row'))[0]);
    const alert = await within(screen.getByTestId('tool-detail')).findByRole('alert');
    expect(alert.textContent).toContain('offers no tool cancel_order');
  });
});
