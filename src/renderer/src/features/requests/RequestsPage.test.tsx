import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
const Frame = () => (
  <Shell
    pages={shellPages({ requests: RequestsPage, chat: () => <p>chat page</p> })}
    badges={{ requests: usePendingCount() }}
  />
);
const setup = (
  answer?: (input: { id: string; action: string; content?: Record<string, unknown> }) => { resolved: boolean },
) => {
  const rpc = createFakeRpc({
    'approvals.list': () => pending,
    'requests.list': () => requests,
    'requests.answer': (input) => (answer ? answer(input) : { resolved: true }),
    'requests.sample': () => ({ started: true }),
    'requests.reply': () => ({ resolved: true }),
    'requests.reject': () => ({ resolved: true }),
    'chat.list': () => [
      {
        id: 'c1',
        title: 'Keyboard order',
        actingIdentity: 'u1001',
        modelLabel: 'demo',
        createdAt: '',
        updatedAt: '',
        running: false,
      },
    ],
  });
  renderWithRpc(<Frame />, rpc.client);
  return rpc;
};
const exchange = (id: string): ServerExchange => ({
  id,
  kind: 'elicitation',
  server: 'everything',
  request: {},
  outcome: 'accept',
  decidedBy: 'operator',
  requestedAt: '',
  resolvedAt: '',
});

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
    act(() =>
      rpc.emit('approvals.resolved', {
        id: 'ap_1',
        conversationId: 'c1',
        outcome: { approvalId: 'ap_1', decision: 'approve', decidedBy: 'operator', decidedAt: '', argumentsHash: '' },
      }),
    );
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
    expect(await within(card).findByText('Name is required')).toBeInstanceOf(HTMLElement);
    expect(within(card).getByText('Email must be an email address')).toBeInstanceOf(HTMLElement);
    expect(rpc.callsTo('requests.answer')).toEqual([]);

    fireEvent.change(within(card).getByLabelText(/^Name/), { target: { value: 'Ada' } });
    fireEvent.change(within(card).getByLabelText(/^Email/), { target: { value: 'ada@example.com' } });
    fireEvent.change(within(card).getByLabelText(/^Age/), { target: { value: '36' } });
    fireEvent.click(within(card).getByLabelText('trout'));
    fireEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(rpc.callsTo('requests.answer')).toHaveLength(1));
    expect(rpc.callsTo('requests.answer')[0]).toEqual({
      id: 'rq_1',
      action: 'accept',
      content: { name: 'Ada', email: 'ada@example.com', age: 36, agree: true, color: 'g', fish: ['tuna', 'trout'] },
    });
  });

  it('shows main’s refusal beside the field, and declines or cancels without content', async () => {
    requests = [elicitationFixture()];
    const rpc = setup((input) => {
      if (input.action === 'accept')
        throw new RpcClientError({
          code: 'bad_request',
          message: 'name: taken',
          details: { problems: [{ field: 'name', message: 'Name is already taken' }] },
        });
      return { resolved: true };
    });
    const card = await screen.findByTestId('elicitation-card');
    fireEvent.change(within(card).getByLabelText(/^Name/), { target: { value: 'Ada' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    expect(await within(card).findByText('Name is already taken')).toBeInstanceOf(HTMLElement);
    fireEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(rpc.callsTo('requests.answer').at(-1)).toEqual({ id: 'rq_1', action: 'decline' }));
  });

  it('shows a URL with its host and opens it only on an explicit click, accepting once the tab opened', async () => {
    requests = [
      elicitationFixture({
        mode: 'url',
        url: 'https://auth.example.com/consent?x=1',
        urlHost: 'auth.example.com',
        requestedSchema: undefined,
      }),
    ];
    const rpc = setup();
    const card = await screen.findByTestId('elicitation-card');
    expect(within(card).getByTestId('url-host').textContent).toBe('auth.example.com');
    expect(within(card).getByTestId('url-full').textContent).toBe('https://auth.example.com/consent?x=1');
    expect(rpc.callsTo('requests.answer')).toEqual([]);
    const tab = { opener: {} as unknown, location: { href: 'about:blank' } };
    const opened = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    fireEvent.click(within(card).getByRole('button', { name: 'Open auth.example.com and accept' }));
    await waitFor(() => expect(rpc.callsTo('requests.answer')).toEqual([{ id: 'rq_1', action: 'accept' }]));
    expect(opened).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab).toEqual({ opener: null, location: { href: 'https://auth.example.com/consent?x=1' } });
  });
});

describe('a URL-mode question from a hostile server', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a blocked pop-up accepts nothing and says so', async () => {
    requests = [
      elicitationFixture({
        mode: 'url',
        url: 'https://auth.example.com/consent',
        urlHost: 'auth.example.com',
        requestedSchema: undefined,
      }),
    ];
    const rpc = setup();
    const card = await screen.findByTestId('elicitation-card');
    vi.spyOn(window, 'open').mockReturnValue(null);
    fireEvent.click(within(card).getByRole('button', { name: 'Open auth.example.com and accept' }));
    expect(await within(card).findByTestId('url-not-opened')).toBeInstanceOf(HTMLElement);
    expect(rpc.callsTo('requests.answer')).toEqual([]);
  });

  it('shows a bidi override and a zero-width space as escapes, and the host in punycode even when main sent none', async () => {
    const url = 'https://аpple.com/login\u202Etxt.exe\u200B';
    requests = [elicitationFixture({ mode: 'url', url, urlHost: '', requestedSchema: undefined })];
    setup();
    const card = await screen.findByTestId('elicitation-card');
    expect(within(card).getByTestId('url-host').textContent).toBe('xn--pple-43d.com');
    const shown = within(card).getByTestId('url-full').textContent!;
    expect(shown).toBe('https://аpple.com/login\\u{202E}txt.exe\\u{200B}');
    expect(shown).not.toMatch(/[\u202e\u200b]/);
    expect(within(card).getByRole('button', { name: 'Open xn--pple-43d.com and accept' })).toBeInstanceOf(HTMLElement);
  });

  it('a URL the gate refuses gets no open button, only Decline and Cancel', async () => {
    requests = [
      elicitationFixture({ mode: 'url', url: 'file:///etc/passwd', urlHost: '', requestedSchema: undefined }),
    ];
    const rpc = setup();
    const card = await screen.findByTestId('elicitation-card');
    const opened = vi.spyOn(window, 'open');
    expect(within(card).queryByRole('button', { name: /Open/ })).toBeNull();
    expect(within(card).getByRole('alert').textContent).toContain('not one Switchboard opens');
    fireEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(rpc.callsTo('requests.answer')).toEqual([{ id: 'rq_1', action: 'decline' }]));
    expect(opened).not.toHaveBeenCalled();
  });
});

describe('a form that asks for a secret', () => {
  const secretSchema = {
    type: 'object',
    properties: {
      account: { type: 'string', title: 'Account' },
      password: { type: 'string', title: 'Password' },
      api_key: { type: 'string', title: 'API key' },
    },
  };

  it('during one of its own calls: a notice that it goes to that server only and is not stored; the inputs are hidden', async () => {
    requests = [
      elicitationFixture({
        server: 'vault',
        toolName: 'unlock',
        outsideItsCalls: false,
        requestedSchema: secretSchema,
      }),
    ];
    setup();
    const card = await screen.findByTestId('elicitation-card');
    const warning = within(card).getByTestId('secret-warning');
    expect(warning.dataset.strength).toBe('notice');
    expect(warning.textContent).toContain('vault asks for what looks like a secret (Password, API key)');
    expect(warning.textContent).toContain('does not store it');
    expect(within(card).getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(within(card).getByLabelText('API key').getAttribute('type')).toBe('password');
    expect(within(card).getByLabelText('Account').getAttribute('type')).toBe('text');
  });

  it('while another server’s tool runs: a stronger warning naming both', async () => {
    requests = [
      elicitationFixture({
        server: 'weather',
        toolName: null,
        outsideItsCalls: true,
        callsElsewhere: [{ server: 'bank', toolName: 'transfer' }],
        requestedSchema: secretSchema,
      }),
    ];
    setup();
    const warning = await screen.findByTestId('secret-warning');
    expect(warning.dataset.strength).toBe('strong');
    expect(warning.getAttribute('role')).toBe('alert');
    expect(warning.textContent).toContain(
      'weather asks for a secret (Password, API key) while transfer of bank is running',
    );
  });

  it('no warning for a form without secrets', async () => {
    requests = [elicitationFixture()];
    setup();
    await screen.findByTestId('elicitation-card');
    expect(screen.queryByTestId('secret-warning')).toBeNull();
  });
});

describe('a server’s sampling request', () => {
  it('is sent to the model only as the operator edited it, and its answer returned only after review', async () => {
    requests = [samplingFixture()];
    const rpc = setup();
    const card = await screen.findByTestId('sampling-card');
    // Sampling is deprecated since MCP 2026-07-28 (issue 26 item 4): marked where the console shows it.
    expect(within(card).getByTestId('deprecated-mark').textContent).toBe('deprecated since 2026-07-28');
    expect(within(card).queryByRole('button', { name: /Return answer/ })).toBeNull();
    fireEvent.change(within(card).getByLabelText(/Message 1/), {
      target: { value: 'What is the Model Context Protocol?' },
    });
    fireEvent.change(within(card).getByLabelText('Max tokens'), { target: { value: '40' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Send to offline demo model' }));
    await waitFor(() => expect(rpc.callsTo('requests.sample')).toHaveLength(1));
    expect(rpc.callsTo('requests.sample')[0]).toEqual({
      id: 'rq_1',
      messages: [{ text: 'What is the Model Context Protocol?' }],
      systemPrompt: 'You are a helpful test server.',
      maxTokens: 40,
    });

    const answered = samplingFixture({
      stage: 'answered',
      answer: { text: 'A protocol.', model: 'offline demo model', stopReason: 'endTurn' },
    });
    act(() => rpc.emit('requests.updated', answered));
    expect((await screen.findByTestId('sampling-answer')).textContent).toBe('A protocol.');
    fireEvent.click(screen.getByRole('button', { name: 'Return answer to everything' }));
    await waitFor(() => expect(rpc.callsTo('requests.reply')).toEqual([{ id: 'rq_1' }]));
  });

  it('says what the host bounded: the tokens the server asked for and its text', async () => {
    const base = samplingFixture();
    requests = [
      {
        ...base,
        request: {
          ...base.request,
          maxTokens: 2000,
          limits: { requestedMaxTokens: 100_000_000, maxTokens: 2000, textBytes: 4_194_304, textLimit: 200_000 },
        },
      },
    ];
    setup();
    const note = await screen.findByTestId('sampling-limits');
    expect(note.textContent).toContain(
      'The server asked for 100,000,000 tokens; capped to 2,000 by the model settings (agent.model.maxTokens).',
    );
    expect(note.textContent).toContain('Its text was 4,194,304 bytes; cut to 200,000');
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
