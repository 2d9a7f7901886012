import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExecutionRecord, RouteInput } from '../../../../shared/contract';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { recordFixture } from '../../../../../tests/support/renderer/fixtures';
import { RecordsPage } from './RecordsPage';
import { EMPTY_FILTER, useRecordsUiStore } from './records-ui-store';

const now = new Date().toISOString();
const record = recordFixture;

let records: ExecutionRecord[];
const list = ({ tool, status }: RouteInput<'records.list'> = {}) =>
  records
    .filter((r) => (!tool || r.tool === tool) && (!status || r.status === status))
    .map(({ result: _result, ...summary }) => summary);

function setup() {
  const rpc = createFakeRpc({
    'records.list': list,
    'records.get': ({ id }) => records.find((r) => r.id === id)!,
    'chat.list': () => [
      {
        id: 'c1',
        title: 'AirPods',
        actingIdentity: 'u1001',
        modelLabel: 'demo',
        createdAt: now,
        updatedAt: now,
        running: false,
      },
    ],
  });
  renderWithRpc(<RecordsPage />, rpc.client);
  return rpc;
}

beforeEach(() => {
  useRecordsUiStore.setState({ filter: EMPTY_FILTER, selectedRecordId: null });
  records = [
    record({
      id: 'r2',
      tool: 'cancel_order',
      nodeId: 'order-cancel',
      status: 'rejected',
      argumentsHash: 'sha256:2',
      approval: {
        approvalId: 'ap_1',
        decision: 'reject',
        reason: 'changed mind',
        decidedBy: 'operator',
        decidedAt: now,
        argumentsHash: 'sha256:2',
      },
    }),
    record({ id: 'r1' }),
  ];
});
afterEach(cleanup);

describe('RecordsPage', () => {
  it('lists records, filters through records.list, and says when nothing matches', async () => {
    const rpc = setup();
    await waitFor(() => expect(screen.getAllByTestId('record-row')).toHaveLength(2));
    expect(screen.getByTestId('records-count').textContent).toBe('2 records');
    expect(screen.getAllByText('AirPods').length).toBeGreaterThan(0); // conversation titles, not ids

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'rejected' } });
    await waitFor(() => expect(screen.getAllByTestId('record-row')).toHaveLength(1));
    expect(rpc.callsTo('records.list')).toContainEqual({ limit: 2000, status: 'rejected' });

    fireEvent.change(screen.getByLabelText('Tool'), { target: { value: 'query_order' } });
    expect(await screen.findAllByText('No records match these filters.')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getAllByTestId('record-row')).toHaveLength(2));
  });

  it('opens a record with its approval decision; Escape closes it', async () => {
    setup();
    const rows = await screen.findAllByTestId('record-row');
    fireEvent.click(within(rows[0]).getByRole('button'));
    const detail = await screen.findByTestId('record-detail');
    const approval = await within(detail).findByTestId('record-approval');
    expect(approval.textContent).toContain('reject');
    expect(approval.textContent).toContain('changed mind');
    expect(approval.textContent).toContain('operator');
    expect(approval.textContent).toContain('(matches the call)');
    fireEvent.keyDown(detail, { key: 'Escape' });
    expect(screen.queryByTestId('record-detail')).toBeNull();
  });

  it('refreshes when main appends a record', async () => {
    const rpc = setup();
    await waitFor(() => expect(screen.getAllByTestId('record-row')).toHaveLength(2));
    records = [record({ id: 'r3', tool: 'query_logistics' }), ...records];
    act(() => rpc.emit('records.appended', { id: 'r3', conversationId: 'c1' }));
    await waitFor(() => expect(screen.getAllByTestId('record-row')).toHaveLength(3));
  });

  it('says "loading N of M" while main indexes a large records file, and refetches the list once it is full', async () => {
    const rpc = createFakeRpc({
      'records.list': list,
      'records.indexStatus': () => ({ loaded: 12_000, total: 100_000, done: false }),
      'chat.list': () => [],
    });
    renderWithRpc(<RecordsPage />, rpc.client);
    const progress = await screen.findByTestId('records-index-progress');
    expect(progress.textContent).toBe(
      'Loading the records index: 12,000 of about 100,000. The newest records are shown meanwhile.',
    );
    await waitFor(() => expect(screen.getAllByTestId('record-row')).toHaveLength(2));
    act(() => rpc.emit('records.indexProgressed', { loaded: 56_000, total: 99_000, done: false }));
    await waitFor(() => expect(progress.textContent).toContain('56,000 of about 99,000'));
    const listed = rpc.callsTo('records.list').length;
    records = [record({ id: 'r0', tool: 'query_logistics' }), ...records];
    act(() => rpc.emit('records.indexProgressed', { loaded: 99_120, total: 99_120, done: true }));
    await waitFor(() => expect(screen.queryByTestId('records-index-progress')).toBeNull());
    await waitFor(() => expect(screen.getAllByTestId('record-row')).toHaveLength(3));
    expect(rpc.callsTo('records.list').length).toBeGreaterThan(listed);
  });

  it('shows an empty state before any tool has run', async () => {
    records = [];
    setup();
    expect(await screen.findAllByText(/No tool has been called yet/)).toHaveLength(1);
  });
});
