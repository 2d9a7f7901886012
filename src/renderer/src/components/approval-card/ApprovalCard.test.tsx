import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RpcClientError } from '../../lib/rpc/types';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { approvalFixture } from '../../../../../tests/support/renderer/fixtures';
import { ApprovalCard } from './ApprovalCard';
import { whyAsked } from './ApprovalHints';

afterEach(cleanup);

const setup = (resolve: () => { resolved: boolean } = () => ({ resolved: true })) => {
  const rpc = createFakeRpc({ 'approvals.resolve': resolve });
  renderWithRpc(<ApprovalCard approval={approvalFixture({ hints: {} })} />, rpc.client);
  return rpc;
};

describe('ApprovalCard', () => {
  it('shows what will run: tool, server, intent node, readable arguments and the hints', () => {
    setup();
    expect(screen.getAllByRole('heading', { name: /Approve cancel_order/ })).toHaveLength(1);
    expect(screen.getAllByText('shop')).toHaveLength(1);
    expect(screen.getAllByText('order-cancel')).toHaveLength(1);
    expect(screen.getByLabelText('Arguments of cancel_order').textContent).toBe('{\n  "orderNo": "BS1001011"\n}');
    // No readOnlyHint counts as a write, as the MCP spec says.
    expect(screen.getAllByText('no read-only hint: treated as a write')).toHaveLength(1);
    // The policy says why it asks.
    expect(screen.getByTestId('policy-chip').textContent).toBe(
      'policy auto: asks because the tool does not declare itself read-only',
    );
  });

  it('the policy chip explains each policy', () => {
    expect(whyAsked('auto', false)).toBe('notReadOnly');
    expect(whyAsked('always', true)).toBe('everyCall');
    expect(whyAsked('auto', true)).toBe('acceptedAsWrite');
  });

  it('approves, and approves for the conversation', async () => {
    const rpc = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(rpc.callsTo('approvals.resolve')).toEqual([{ id: 'ap_1', decision: 'approve' }]));
    fireEvent.click(screen.getByRole('button', { name: 'Approve for this conversation' }));
    await waitFor(() =>
      expect(rpc.callsTo('approvals.resolve')[1]).toEqual({ id: 'ap_1', decision: 'approve_conversation' }),
    );
  });

  it('does not offer "for this conversation" when the policy is confirm: always', () => {
    const rpc = createFakeRpc({ 'approvals.resolve': () => ({ resolved: true }) });
    renderWithRpc(<ApprovalCard approval={approvalFixture({ hints: {}, policy: 'always' })} />, rpc.client);
    expect(screen.getAllByRole('button', { name: 'Approve' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Approve for this conversation' })).toBeNull();
  });

  it('will not reject without a reason, and sends the trimmed reason', async () => {
    const rpc = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Reject…' }));
    const reason = screen.getByLabelText(/Reason for rejecting/);
    expect(document.activeElement).toBe(reason);

    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(screen.getByRole('alert').textContent).toMatch(/reason is required/);
    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(rpc.callsTo('approvals.resolve')).toEqual([]);

    fireEvent.change(reason, { target: { value: '  customer changed their mind ' } });
    expect(screen.queryByText(/reason is required/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(rpc.callsTo('approvals.resolve')).toEqual([
        { id: 'ap_1', decision: 'reject', reason: 'customer changed their mind' },
      ]),
    );
  });

  it('Escape leaves the reject form without deciding', () => {
    const rpc = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Reject…' }));
    fireEvent.keyDown(screen.getByLabelText(/Reason for rejecting/), { key: 'Escape' });
    expect(screen.queryByLabelText(/Reason for rejecting/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Approve' }).hasAttribute('disabled')).toBe(false);
    expect(rpc.callsTo('approvals.resolve')).toEqual([]);
  });

  it("shows main's refusal instead of pretending the decision was recorded", async () => {
    setup(() => {
      throw new RpcClientError({ code: 'not_found', message: 'approval ap_1 is no longer pending' });
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Approve' })));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Not recorded: approval ap_1 is no longer pending'),
    );
  });
});
