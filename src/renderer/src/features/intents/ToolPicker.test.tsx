import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { catalogHandlers, listOf, shopCatalog } from '../../../../../tests/support/renderer/catalog-fixtures';
import { indexCatalog } from '../../lib/catalog/tool-index';
import { searchOffers, ToolPicker } from './ToolPicker';

afterEach(cleanup);

const options = () =>
  screen.getAllByTestId('tool-option').map((o) => `${o.dataset.tool}:${o.querySelector('.nature')?.textContent}`);

describe('ToolPicker', () => {
  it('offers every discovered tool with its nature from the list, and searches descriptions once the search is used', async () => {
    const view = shopCatalog();
    const rpc = createFakeRpc(catalogHandlers(() => view));
    const onPick = vi.fn();
    renderWithRpc(
      <ToolPicker offers={indexCatalog(listOf(view)).offers} current={{ toolId: '' }} onPick={onPick} />,
      rpc.client,
    );
    // cancel_order declares readOnlyHint false; the unavailable query_invoice is no offer.
    expect(options()).toEqual([
      'cancel_order:writes',
      'query_coupons:writes',
      'query_logistics:read-only',
      'query_order:read-only',
    ]);
    expect(rpc.calls).toEqual([]);

    const search = screen.getByLabelText('Find a discovered tool');
    fireEvent.focus(search);
    await waitFor(() => expect(rpc.callsTo('catalog.descriptions')).toHaveLength(1));
    fireEvent.change(search, { target: { value: 'logistics (server' } });
    await waitFor(() => expect(options()).toEqual(['query_logistics:read-only']));
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith({ toolId: 'query_logistics', server: 'shop', state: 'bound', readOnly: true });
  });

  it('a typed tool id finds that tool, not the tools whose descriptions mention it; other words still search descriptions', () => {
    const offers = [
      { toolId: 'query_logistics', server: 'shop', state: 'bound' as const, readOnly: true },
      { toolId: 'query_order', server: 'shop', state: 'bound' as const, readOnly: true },
    ];
    const descriptions = new Map([
      [
        'shop\u0000query_logistics',
        { description: null, remoteDescription: 'Track a parcel: take the tracking number from query_order' },
      ],
      ['shop\u0000query_order', { description: null, remoteDescription: 'Orders of the customer' }],
    ]);
    expect(searchOffers(offers, 'query_order', descriptions).map((o) => o.toolId)).toEqual(['query_order']);
    expect(searchOffers(offers, 'parcel', descriptions).map((o) => o.toolId)).toEqual(['query_logistics']);
  });
});
