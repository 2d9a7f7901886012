import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { catalogHandlers, listOf, shopCatalog } from '../../../../../tests/support/renderer/catalog-fixtures';
import { indexCatalog } from '../../lib/catalog/tool-index';
import { ToolPicker } from './ToolPicker';

// A deferred render that never catches up: the list keeps showing the first query, as it does for a moment while
// an operator types quickly and presses Enter.
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof import('react')>();
  let first: { value: unknown } | undefined;
  return {
    ...react,
    useDeferredValue: <T,>(value: T): T => {
      first ??= { value };
      return first.value as T;
    },
  };
});

afterEach(cleanup);

it('Enter picks the first match of what was typed, even while the list still shows an earlier query', () => {
  const view = shopCatalog();
  const onPick = vi.fn();
  renderWithRpc(
    <ToolPicker offers={indexCatalog(listOf(view)).offers} current={{ toolId: '' }} onPick={onPick} />,
    createFakeRpc(catalogHandlers(() => view)).client,
  );
  const search = screen.getByLabelText('Find a discovered tool');
  fireEvent.change(search, { target: { value: 'query_coupons' } });
  // The stale list still starts with cancel_order.
  expect(screen.getAllByTestId('tool-option')[0]?.dataset.tool).toBe('cancel_order');
  fireEvent.keyDown(search, { key: 'Enter' });
  expect(onPick).toHaveBeenCalledTimes(1);
  expect(onPick.mock.calls[0]?.[0]).toMatchObject({ toolId: 'query_coupons', server: 'shop' });
});
