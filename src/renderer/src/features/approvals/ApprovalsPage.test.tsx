import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../../../shared/contract';
import { Shell } from '../../app/Shell';
import { useUiStore } from '../../app/ui-store';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { approvalFixture } from '../../../../../tests/support/renderer/fixtures';
import { shellPages } from '../../../../../tests/support/renderer/shell-pages';
import { usePendingApprovalCount } from '../../lib/approvals';
import { ApprovalsPage } from './ApprovalsPage';

let pending: ApprovalRequest[];
/** The shell as App.tsx composes it: the nav badge counts the pending approvals. */
const Frame = () => <Shell pages={shellPages({ approvals: ApprovalsPage, chat: () => <p>chat page</p> })} badges={{ approvals: usePendingApprovalCount() }} />;
const setup = () => {
  const rpc = createFakeRpc({
    'approvals.list': () => pending,
    'chat.list': () => [{ id: 'c1', title: 'Keyboard order', customerId: 'u1001', modelLabel: 'demo', createdAt: '', updatedAt: '', running: false }],
  });
  renderWithRpc(<Frame />, rpc.client);
  return rpc;
};

beforeEach(() => {
  useUiStore.getState().setPage('approvals');
  useUiStore.setState({ opening: null });
  pending = [];
});
afterEach(cleanup);

describe('ApprovalsPage', () => {
  it('says when nothing waits, then shows each request as it arrives with a count on the nav', async () => {
    const rpc = setup();
    await screen.findByText('No approvals are waiting.');
    expect(screen.queryAllByTestId('approval-card')).toHaveLength(0);
    const navButton = screen.getByRole('button', { name: /^Approvals/ });
    expect(within(navButton).queryByLabelText(/pending/)).toBeNull();

    const fetched = rpc.callsTo('approvals.list').length;
    pending = [approvalFixture(), approvalFixture({ id: 'ap_2', toolName: 'apply_refund' })];
    act(() => {
      rpc.emit('approvals.requested', pending[0]);
      rpc.emit('approvals.requested', pending[1]);
    });
    await waitFor(() => expect(screen.getAllByTestId('approval-card')).toHaveLength(2));
    expect(screen.getAllByTestId('approval-card').map((card) => card.getAttribute('data-tool'))).toEqual(['cancel_order', 'apply_refund']);
    expect(within(navButton).getByLabelText('2 pending').textContent).toBe('2');

    pending = [pending[1]];
    act(() => rpc.emit('approvals.resolved', { id: 'ap_1', conversationId: 'c1', outcome: { approvalId: 'ap_1', decision: 'approve', decidedBy: 'operator', decidedAt: '', argumentsHash: '' } }));
    await waitFor(() => expect(screen.getAllByTestId('approval-card')).toHaveLength(1));
    expect(within(navButton).getByLabelText('1 pending').textContent).toBe('1');
    // Each event carried the request or the id it settled: the list was never fetched again.
    expect(rpc.callsTo('approvals.list')).toHaveLength(fetched);
  });

  it('links each request to its conversation', async () => {
    pending = [approvalFixture()];
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Keyboard order' }));
    expect(useUiStore.getState().opening).toEqual({ page: 'chat', id: 'c1' });
    expect(useUiStore.getState().page).toBe('chat');
    await screen.findByText('chat page');
    expect(screen.queryAllByTestId('approval-card')).toHaveLength(0); // the approvals page is gone
  });
});
