import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Settings } from '../../../../shared/contract';
import { row } from '../../../../../tests/support/renderer/catalog-fixtures';
import { createFakeRpc, renderWithRpc, type FakeHandlers } from '../../../../../tests/support/renderer/fake-rpc';
import { recordFixture } from '../../../../../tests/support/renderer/fixtures';
import { useRpcQuery } from '../../lib/queries';
import { RunToolPanel } from './RunToolPanel';
import { useRunArgsStore } from './run-args-store';

beforeEach(() => {
  localStorage.clear();
  useRunArgsStore.setState({ argsByTool: {}, actingIdentity: undefined });
});
afterEach(cleanup);

const coupons = { ...row('query_coupons', 'shop', 'bound'), server: 'shop' };

/** A Run form over a tool with no arguments, with settings.get answering `defaultActingIdentity`. */
function renderRun(defaultActingIdentity?: string, more: FakeHandlers = {}, beside: ReactElement | null = null) {
  const rpc = createFakeRpc({
    ...more,
    'settings.get': () => ({ model: { provider: 'p', label: 'p' }, defaultActingIdentity }) as Settings,
    'tools.definition': ({ toolId, server }) => ({
      toolId,
      server,
      title: null,
      description: 'coupons',
      inputSchema: { type: 'object', properties: {} },
      annotations: { readOnlyHint: true },
    }),
    'approvals.list': () => [],
  });
  renderWithRpc(
    <>
      <RunToolPanel row={coupons} />
      {beside}
    </>,
    rpc.client,
  );
  return rpc;
}

const identityField = () => screen.getByLabelText('Acting identity') as HTMLInputElement;

describe('RunToolPanel: the acting identity', () => {
  it("pre-fills the application's default (the demo shop's u1001) until the operator names someone", async () => {
    renderRun('u1001');
    await waitFor(() => expect(identityField().value).toBe('u1001'));
    expect(screen.getByTestId('run-tool').textContent).toContain('--customer u1001');
    fireEvent.change(identityField(), { target: { value: 'u1002' } });
    expect(identityField().value).toBe('u1002');
    expect(useRunArgsStore.getState().actingIdentity).toBe('u1002');
  });

  it("the operator's last identity wins over the default", async () => {
    useRunArgsStore.setState({ actingIdentity: 'vip_7' });
    renderRun('u1001');
    await screen.findByRole('button', { name: 'Run' });
    expect(identityField().value).toBe('vip_7');
  });

  it('without a default the field starts empty, says one is needed, and Run is disabled', async () => {
    renderRun(undefined);
    await waitFor(() => expect(screen.getByText('Enter the identity to act as')).toBeInstanceOf(HTMLElement));
    expect(identityField().value).toBe('');
    expect(identityField().getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('button', { name: 'Run' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(identityField(), { target: { value: 'u2001' } });
    expect(screen.queryByText('Enter the identity to act as')).toBeNull();
    expect((screen.getByRole('button', { name: 'Run' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

/** A page that holds the records list while the operator runs a tool (the Records page, open beside it). */
function RecordsHeld() {
  const records = useRpcQuery('records.list', { limit: 500 });
  return <p data-testid="records-held">{records.data?.length ?? 0}</p>;
}

describe('RunToolPanel: a run refreshes the records list once', () => {
  it('by the records.appended main sends for the call, not again by the call itself', async () => {
    const record = recordFixture({ tool: 'query_coupons', server: 'shop' });
    let records: (typeof record)[] = [];
    const rpc = renderRun(
      'u1001',
      {
        'records.list': () => records,
        'tools.call': ({ runId, toolId, server }) => {
          records = [record];
          rpc.emit('records.appended', { id: record.id, conversationId: record.conversationId });
          return {
            runId: runId!,
            item: {
              kind: 'tool',
              id: 'k1',
              turnId: 't1',
              step: 1,
              toolName: toolId,
              server,
              nodeId: null,
              arguments: {},
              status: 'success',
              resultText: 'ok',
              at: record.startedAt,
            },
            record: null,
            state: 'bound',
            notVisibleToModel: null,
          };
        },
      },
      <RecordsHeld />,
    );
    await waitFor(() => expect(rpc.callsTo('records.list')).toHaveLength(1));
    fireEvent.click(await screen.findByRole('button', { name: 'Run' }));
    await screen.findByTestId('run-result');
    await waitFor(() => expect(screen.getByTestId('records-held').textContent).toBe('1'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rpc.callsTo('records.list')).toHaveLength(2);
  });
});
