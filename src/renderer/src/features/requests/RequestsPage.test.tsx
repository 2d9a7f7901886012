import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest, ServerExchange, ServerRequestView } from '../../../../shared/contract';
import { Shell } from '../../app/Shell';
import { useUiStore } from '../../app/ui-store';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { approvalFixture, elicitationFixture, samplingFixture } from '../../../../../tests/support/renderer/fixtures';
import { shellPages } from '../../../../../tests/support/renderer/shell-pages';
import { usePendingCount } from '../../lib/server-requests';
import { RpcClientError } from '../../lib/rpc/types';
import { RequestsPage } from './RequestsPage';

let pending: ApprovalRequest[];
let requests: ServerRequestView[];
/** The shell as App.tsx composes it: the nav badge counts approvals and servers' requests. */
const Frame = () => <Shell pages={shellPages({ requests: RequestsPage, chat: () => <p>chat page</p> })} badges={{ requests: usePendingCount() }} />;
const setup = (answer?: (input: { id: string; action: string; content?: Record<string, unknown> }) => { resolved: boolean }) => {
  const rpc = createFakeRpc({
    'approvals.list': () => pending,
    'requests.list': () => requests,
    'requests.answer': (input) => (answer ? answer(input) : { resolved: true }),
    'requests.sample': () => ({ started: true }),
    'requests.reply': () => ({ resolved: true }),
    'requests.reject': () => ({ resolved: true }),
    'chat.list': () => [{ id: 'c1', title: 'Keyboard order', customerId: 'u1001', modelLabel: 'demo', createdAt: '', updatedAt: '', running: false }],
  });
  renderWithRpc(<Frame />, rpc.client);
  return rpc;
};
const exchange = (id: string): ServerExchange => ({ id, kind: 'elicitation', server: 'everything', request: {}, outcome: 'accept', decidedBy: 'operator', requestedAt: '', resolvedAt: '' });

beforeEach(() => {
  useUiStore.getState().setPage('requests');
  useUiStore.setState({ opening: null });
  pending = [];
  requests = [];
});
afterEach(cleanup);

describe('RequestsPage', () => {
  it('says when nothing waits, then shows approvals and servers’ requests as they arrive, counted on the nav', async () => {
    const rpc = setup();
    await screen.findByText('Nothing is waiting.');
    const navButton = screen.getByRole('button', { name: /^Requests/ });
    expect(within(navButton).queryByLabelText(/pending/)).toBeNull();

    const fetched = rpc.callsTo('approvals.list').length;
    pending = [approvalFixture(), approvalFixture({ id: 'ap_2', toolName: 'apply_refund' })];
    act(() => {
      rpc.emit('approvals.requested', pending[0]);
      rpc.emit('approvals.requested', pending[1]);
    });
    await waitFor(() => expect(screen.getAllByTestId('approval-card')).toHaveLength(2));
    // A server's question arrives: the event carries it, no refetch is needed.
    const listCalls = rpc.callsTo('requests.list').length;
    act(() => rpc.emit('requests.opened', elicitationFixture()));
    await screen.findByTestId('elicitation-card');
    expect(rpc.callsTo('requests.list')).toHaveLength(listCalls);
    expect(within(navButton).getByLabelText('3 pending').textContent).toBe('3');

    pending = [pending[1]];
    act(() => rpc.emit('approvals.resolved', { id: 'ap_1', conversationId: 'c1', outcome: { approvalId: 'ap_1', decision: 'approve', decidedBy: 'operator', decidedAt: '', argumentsHash: '' } }));
    act(() => rpc.emit('requests.resolved', { id: 'rq_1', conversationId: 'c1', exchange: exchange('rq_1') }));
    await waitFor(() => expect(screen.getAllByTestId('approval-card')).toHaveLength(1));
    expect(screen.queryByTestId('elicitation-card')).toBeNull();
    expect(within(navButton).getByLabelText('1 pending').textContent).toBe('1');
    // Each event carried the request or the id it settled: neither list was fetched again.
    expect(rpc.callsTo('approvals.list')).toHaveLength(fetched);
    expect(rpc.callsTo('requests.list')).toHaveLength(listCalls);
  });

  it('links each request to its conversation', async () => {
    pending = [approvalFixture()];
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Keyboard order' }));
    expect(useUiStore.getState().opening).toEqual({ page: 'chat', id: 'c1' });
    await screen.findByText('chat page');
  });
});

describe('a server’s question', () => {
  it('starts from the schema’s defaults, checks the answer before sending, and sends typed values', async () => {
    requests = [elicitationFixture()];
    const rpc = setup();
    const card = await screen.findByTestId('elicitation-card');
    expect((within(card).getByLabelText(/^Age/) as HTMLInputElement).value).toBe('30');
    expect((within(card).getByLabelText(/^Agree/) as HTMLInputElement).checked).toBe(true);
    expect((within(card).getByLabelText(/^Color/) as HTMLSelectElement).value).toBe('g');
    expect((within(card).getByLabelText('tuna') as HTMLInputElement).checked).toBe(true);

    fireEvent.change(within(card).getByLabelText(/^Email/), { target: { value: 'not-an-email' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    expect(await within(card).findByText('Name is required')).toBeTruthy();
    expect(within(card).getByText('Email must be an email address')).toBeTruthy();
    expect(rpc.callsTo('requests.answer')).toEqual([]);

    fireEvent.change(within(card).getByLabelText(/^Name/), { target: { value: 'Ada' } });
    fireEvent.change(within(card).getByLabelText(/^Email/), { target: { value: 'ada@example.com' } });
    fireEvent.change(within(card).getByLabelText(/^Age/), { target: { value: '36' } });
    fireEvent.click(within(card).getByLabelText('trout'));
    fireEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(rpc.callsTo('requests.answer')).toHaveLength(1));
    expect(rpc.callsTo('requests.answer')[0]).toEqual({ id: 'rq_1', action: 'accept', content: { name: 'Ada', email: 'ada@example.com', age: 36, agree: true, color: 'g', fish: ['tuna', 'trout'] } });
  });

  it('shows main’s refusal beside the field, and declines or cancels without content', async () => {
    requests = [elicitationFixture()];
    const rpc = setup((input) => {
      if (input.action === 'accept') throw new RpcClientError({ code: 'bad_request', message: 'name: taken', details: { problems: [{ field: 'name', message: 'Name is already taken' }] } });
      return { resolved: true };
    });
    const card = await screen.findByTestId('elicitation-card');
    fireEvent.change(within(card).getByLabelText(/^Name/), { target: { value: 'Ada' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    expect(await within(card).findByText('Name is already taken')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(rpc.callsTo('requests.answer').at(-1)).toEqual({ id: 'rq_1', action: 'decline' }));
  });

  it('shows a URL with its host and opens it only on an explicit click, which accepts', async () => {
    requests = [elicitationFixture({ mode: 'url', url: 'https://auth.example.com/consent?x=1', urlHost: 'auth.example.com', requestedSchema: undefined })];
    const rpc = setup();
    const card = await screen.findByTestId('elicitation-card');
    expect(within(card).getByTestId('url-host').textContent).toBe('auth.example.com');
    expect(within(card).getByTestId('url-full').textContent).toBe('https://auth.example.com/consent?x=1');
    expect(rpc.callsTo('requests.answer')).toEqual([]);
    const link = within(card).getByRole('link', { name: 'Open auth.example.com and accept' });
    expect(link.getAttribute('href')).toBe('https://auth.example.com/consent?x=1');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('target')).toBe('_blank');
    link.addEventListener('click', (event) => event.preventDefault()); // the test opens no page
    fireEvent.click(link);
    await waitFor(() => expect(rpc.callsTo('requests.answer')).toEqual([{ id: 'rq_1', action: 'accept' }]));
  });
});

describe('a server’s sampling request', () => {
  it('is sent to the model only as the operator edited it, and its answer returned only after review', async () => {
    requests = [samplingFixture()];
    const rpc = setup();
    const card = await screen.findByTestId('sampling-card');
    expect(within(card).queryByRole('button', { name: /Return answer/ })).toBeNull();
    fireEvent.change(within(card).getByLabelText(/Message 1/), { target: { value: 'What is the Model Context Protocol?' } });
    fireEvent.change(within(card).getByLabelText('Max tokens'), { target: { value: '40' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Send to offline demo model' }));
    await waitFor(() => expect(rpc.callsTo('requests.sample')).toHaveLength(1));
    expect(rpc.callsTo('requests.sample')[0]).toEqual({ id: 'rq_1', messages: [{ text: 'What is the Model Context Protocol?' }], systemPrompt: 'You are a helpful test server.', maxTokens: 40 });

    const answered = samplingFixture({ stage: 'answered', answer: { text: 'A protocol.', model: 'offline demo model', stopReason: 'endTurn' } });
    act(() => rpc.emit('requests.updated', answered));
    expect((await screen.findByTestId('sampling-answer')).textContent).toBe('A protocol.');
    fireEvent.click(screen.getByRole('button', { name: 'Return answer to everything' }));
    await waitFor(() => expect(rpc.callsTo('requests.reply')).toEqual([{ id: 'rq_1' }]));
  });

  it('can be rejected, with a reason for the server', async () => {
    requests = [samplingFixture()];
    const rpc = setup();
    const card = await screen.findByTestId('sampling-card');
    fireEvent.click(within(card).getByRole('button', { name: 'Reject…' }));
    fireEvent.change(within(card).getByLabelText(/Why/), { target: { value: 'not now' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(rpc.callsTo('requests.reject')).toEqual([{ id: 'rq_1', reason: 'not now' }]));
  });
});
