import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Settings } from '../../../../shared/contract';
import { row } from '../../../../../tests/support/renderer/catalog-fixtures';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { RunToolPanel } from './RunToolPanel';
import { useRunArgsStore } from './run-args-store';

beforeEach(() => {
  localStorage.clear();
  useRunArgsStore.setState({ argsByTool: {}, actingIdentity: undefined });
});
afterEach(cleanup);

const coupons = { ...row('query_coupons', 'shop', 'bound'), server: 'shop' };

/** A Run form over a tool with no arguments, with settings.get answering `defaultActingIdentity`. */
function renderRun(defaultActingIdentity?: string) {
  const rpc = createFakeRpc({
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
  renderWithRpc(<RunToolPanel row={coupons} />, rpc.client);
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
