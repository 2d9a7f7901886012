import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RouteOutput } from '../../../../shared/contract';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { TestsPage } from './TestsPage';

afterEach(cleanup);

const list: RouteOutput<'tests.list'> = {
  casesPath: '/data/cases.yaml',
  problems: [],
  cases: [
    {
      id: 'file:refund',
      name: 'Refund a paid order',
      source: 'file',
      actingIdentity: 'u1001',
      messages: ['退款'],
      expect: { calls: [], notCalled: [] },
      last: null,
    },
    {
      id: 'example:orders:0',
      name: 'Where is my order',
      source: 'example',
      nodeId: 'orders',
      actingIdentity: 'u1001',
      messages: ['订单'],
      expect: { calls: [], notCalled: [] },
      last: null,
    },
  ],
};

describe('TestsPage', () => {
  it('names where each case comes from in words, never a raw template, and shows the cases file once above', async () => {
    const rpc = createFakeRpc({ 'tests.list': () => list });
    renderWithRpc(<TestsPage />, rpc.client);
    const rows = await screen.findAllByTestId('case-row');
    const fromCell = (row: HTMLElement) => within(row).getAllByRole('cell')[2].textContent;
    expect(fromCell(rows[0])).toBe('cases file');
    expect(fromCell(rows[1])).toBe('node orders');
    expect(document.body.textContent).not.toContain('{{');
    expect(document.body.textContent).not.toContain('<code>');
    expect(screen.getByText('/data/cases.yaml').tagName).toBe('CODE');
  });
});
