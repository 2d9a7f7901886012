import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { binding, entry, shopCatalog } from '../../../../../tests/support/renderer/catalog-fixtures';
import { renderToolsPage, resetToolsUi, rows, withViewport } from '../../../../../tests/support/renderer/tools-page';
import { msg } from '../../../../shared/catalog/catalog-messages';

withViewport();
beforeEach(resetToolsUi);
afterEach(cleanup);

describe("ToolsPage: following main's catalog events", () => {
  it('refreshes the list and the selected row’s detail when main says the catalog changed', async () => {
    let view = shopCatalog();
    const rpc = renderToolsPage(() => view);
    fireEvent.click((await screen.findAllByTestId('tool-row'))[4]);
    expect((await screen.findByTestId('effective-description')).textContent).toBe('query_order (server text)');
    view = shopCatalog({
      revision: 2,
      bindings: [
        binding('query_order', { nodes: ['order-query'], description: 'operator text', descriptionSource: 'node' }),
      ],
    });
    act(() => rpc.emit('catalog.changed', { revision: 2 }));
    await waitFor(() => expect(screen.getByTestId('effective-description').textContent).toBe('operator text'));
    expect(rpc.callsTo('catalog.tool')).toHaveLength(2);
    // A server going down changes the catalog too: main says so twice (its status, then the catalog), and the
    // list and the detail refetch once.
    view = shopCatalog({
      revision: 3,
      entries: shopCatalog().entries.map((e) =>
        e.toolId === 'query_order'
          ? {
              ...e,
              message: msg('catalog.reason.pinsServer', {
                node: 'order-query',
                server: 'shop',
                state: msg('catalog.server.connecting'),
              }),
            }
          : e,
      ),
    });
    act(() => {
      rpc.emit('servers.statusChanged', { name: 'shop', status: 'connecting' });
      rpc.emit('catalog.changed', { revision: 3 });
    });
    await waitFor(() =>
      expect(screen.getByTestId('tool-reason').textContent).toBe(
        'node order-query pins server shop, which is connecting',
      ),
    );
    await waitFor(() => expect(rpc.callsTo('catalog.tool')).toHaveLength(3));
    expect(rpc.callsTo('catalog.list')).toHaveLength(3);
  });
  it('refreshes when main says the catalog changed', async () => {
    let view = shopCatalog();
    const rpc = renderToolsPage(() => view);
    await screen.findAllByTestId('tool-row');
    view = shopCatalog({ revision: 2, entries: [entry('query_order', 'shop', 'unmounted')] });
    act(() => rpc.emit('catalog.changed', { revision: 2 }));
    await waitFor(() => expect(rows()).toEqual(['query_order@shop:unmounted']));
  });
});
