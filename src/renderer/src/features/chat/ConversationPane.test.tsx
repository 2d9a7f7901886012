import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest, Conversation, ModelStep, ServerRequestView } from '../../../../shared/contract';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import {
  approvalFixture,
  conversationFixture,
  elicitationFixture,
} from '../../../../../tests/support/renderer/fixtures';
import { useChatUiStore } from './chat-ui-store';
import { ChatStreamBridge } from './ChatStreamBridge';
import { ConversationPane } from './ConversationPane';
import { useChatStreamStore } from './stream-store';

const at = '2025-01-01T00:00:00.000Z';
const tool = (name: string, source = 'shop') => ({
  name,
  description: `${name} does things`,
  inputSchema: {},
  tokens: 100,
  source,
});
const step = (n: number, tools: ReturnType<typeof tool>[], loadedSkills: string[] = []): ModelStep => ({
  step: n,
  at,
  loadedSkills,
  tools,
  totalTokens: tools.length * 100,
  catalogRevision: 1,
});

let conversation: Conversation;
let approvals: ApprovalRequest[];
let requests: ServerRequestView[];

function setup() {
  const rpc = createFakeRpc({
    'chat.get': () => conversation,
    'approvals.list': () => approvals,
    'requests.list': () => requests,
    'chat.send': () => ({ turnId: 't2' }),
    'chat.stop': () => ({ stopped: true }),
    'chat.delete': () => ({ deleted: true }),
    'chat.rename': ({ title }) => {
      conversation = { ...conversation, title };
      const {
        items: _items,
        turns: _turns,
        loadedSkills: _skills,
        approvedForConversation: _approved,
        ...summary
      } = conversation;
      return summary;
    },
    'approvals.resolve': () => ({ resolved: true }),
  });
  renderWithRpc(
    <>
      <ChatStreamBridge />
      <ConversationPane conversationId="c1" />
    </>,
    rpc.client,
  );
  return rpc;
}

beforeEach(() => {
  useChatStreamStore.setState({ entries: {} });
  useChatUiStore.setState({ selectedConversationId: 'c1' });
  approvals = [];
  requests = [];
  conversation = conversationFixture({
    running: true,
    items: [{ kind: 'user', id: 't1-u', turnId: 't1', text: 'where is my parcel?', at }],
    turns: [{ id: 't1', index: 0, status: 'running', startedAt: at, steps: [step(1, [tool('query_order')])] }],
  });
});
afterEach(cleanup);

describe('ConversationPane', () => {
  it('streams assistant text from chat.delta, then shows main’s copy once chat.get has it', async () => {
    const rpc = setup();
    await screen.findByText('where is my parcel?');
    act(() => {
      rpc.emit('chat.delta', {
        conversationId: 'c1',
        turnId: 't1',
        itemId: 't1-a1',
        step: 1,
        delta: 'Your parcel is **in ',
      });
      rpc.emit('chat.delta', { conversationId: 'c1', turnId: 't1', itemId: 't1-a1', step: 1, delta: 'Shanghai**.' });
      rpc.emit('chat.delta', { conversationId: 'other', turnId: 'tx', itemId: 'tx-a1', step: 1, delta: 'not here' });
    });
    const streaming = screen.getByTestId('assistant-message');
    expect(streaming.getAttribute('aria-busy')).toBe('true');
    expect(streaming.textContent).toContain('Your parcel is in Shanghai.');
    expect(within(streaming).getByText('in Shanghai').tagName).toBe('STRONG'); // markdown
    expect(screen.queryByText('not here')).toBeNull();

    conversation = {
      ...conversation,
      running: false,
      items: [
        ...conversation.items,
        { kind: 'assistant', id: 't1-a1', turnId: 't1', step: 1, text: 'Your parcel is **in Shanghai**.', at },
      ],
      turns: [{ ...conversation.turns[0], status: 'completed' }],
    };
    // As main does: the turn's end, then the conversation's summary (no longer running), which refetches it once.
    const fetched = rpc.callsTo('chat.get').length;
    act(() => {
      rpc.emit('turn.finished', { conversationId: 'c1', turnId: 't1', status: 'completed' });
      rpc.emit('chat.changed', { conversationId: 'c1' });
    });
    await waitFor(() => expect(screen.getByTestId('assistant-message').getAttribute('aria-busy')).toBe('false'));
    expect(screen.getAllByTestId('assistant-message')).toHaveLength(1);
    expect(Object.keys(useChatStreamStore.getState().entries)).toEqual(['tx-a1']);
    expect(rpc.callsTo('chat.get')).toHaveLength(fetched + 1);
  });

  it('applies a known tool item’s new state and a new step from their events; a new item refetches the conversation', async () => {
    const running = {
      kind: 'tool' as const,
      id: 'call_1',
      turnId: 't1',
      step: 1,
      toolName: 'query_order',
      server: 'shop',
      nodeId: 'order-query',
      arguments: {},
      status: 'running' as const,
      at,
    };
    conversation.items.push(running);
    const rpc = setup();
    await screen.findByText('where is my parcel?');
    const fetched = rpc.callsTo('chat.get').length;
    act(() =>
      rpc.emit('tool.progressed', {
        conversationId: 'c1',
        turnId: 't1',
        item: { ...running, status: 'success', resultText: 'one order' },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('tool-card').getAttribute('data-status')).toBe('success'));
    act(() =>
      rpc.emit('turn.stepStarted', {
        conversationId: 'c1',
        turnId: 't1',
        step: step(2, [tool('query_order'), tool('query_logistics')]),
      }),
    );
    await screen.findByText(/2 model calls/);
    expect(rpc.callsTo('chat.get')).toHaveLength(fetched); // both were the data: nothing refetched

    // A call main has not shown before comes with the model's text of that step, which no event carried.
    conversation = {
      ...conversation,
      items: [...conversation.items, { ...running, id: 'call_2', step: 2, toolName: 'query_logistics' }],
    };
    act(() =>
      rpc.emit('tool.progressed', {
        conversationId: 'c1',
        turnId: 't1',
        item: { ...running, id: 'call_2', step: 2, toolName: 'query_logistics' },
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId('tool-card')).toHaveLength(2));
    expect(rpc.callsTo('chat.get')).toHaveLength(fetched + 1);
    // Another conversation's events leave this one alone.
    act(() => rpc.emit('chat.changed', { conversationId: 'other' }));
    expect(rpc.callsTo('chat.get')).toHaveLength(fetched + 1);
  });

  it('renders raw HTML from the model as text, never as markup', async () => {
    conversation.items.push({
      kind: 'assistant',
      id: 't1-a1',
      turnId: 't1',
      step: 1,
      text: 'hi <img src=x onerror="alert(1)"> there',
      at,
    });
    setup();
    const message = await screen.findByTestId('assistant-message');
    expect(message.querySelector('img')).toBeNull();
  });

  it('shows a tool card with its inline approval, and the tools each model call was sent', async () => {
    conversation.items.push({
      kind: 'tool',
      id: 'call_1',
      turnId: 't1',
      step: 1,
      toolName: 'cancel_order',
      server: 'shop',
      nodeId: 'order-cancel',
      arguments: { orderNo: 'BS1001011' },
      status: 'awaiting_approval',
      approvalId: 'ap_1',
      at,
    });
    conversation.turns[0].steps.push(step(2, [tool('query_order'), tool('apply_refund')], ['after-sales']));
    approvals = [approvalFixture(), approvalFixture({ id: 'ap_other', conversationId: 'c2' })];
    setup();

    const card = await screen.findByTestId('tool-card');
    expect(card.getAttribute('data-status')).toBe('awaiting_approval');
    expect(within(card).getAllByText('awaiting approval')).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByTestId('approval-card')).toHaveLength(1));

    const panel = screen.getByTestId('visible-tools');
    expect(panel.querySelector('summary')!.textContent).toContain('2 model calls · last: 2 tools, 200 tokens');
    const second = within(panel).getAllByTestId('step-tools')[1];
    expect(second.textContent).toContain('Loaded skills: after-sales');
    const refundRow = second.querySelector('tr[data-tool="apply_refund"]')!;
    expect(refundRow.textContent).toContain('new');
    expect(refundRow.textContent).toContain('shop');
  });

  it('shows a running call’s progress and task live from tool.progressed, and its server’s question beneath it', async () => {
    const running = {
      kind: 'tool' as const,
      id: 'call_1',
      turnId: 't1',
      step: 1,
      toolName: 'simulate-research-query',
      server: 'everything',
      nodeId: 'n1',
      arguments: { topic: 'python' },
      status: 'running' as const,
      at,
    };
    conversation.items.push(running);
    requests = [
      elicitationFixture({ toolName: 'simulate-research-query' }),
      elicitationFixture({ id: 'rq_loose', callId: null, toolName: null, message: 'Which workspace?' }),
    ];
    const rpc = setup();
    const card = await screen.findByTestId('tool-card');
    const gets = rpc.callsTo('chat.get').length;
    act(() =>
      rpc.emit('tool.progressed', {
        conversationId: 'c1',
        turnId: 't1',
        item: {
          ...running,
          progress: { progress: 3, total: 14, message: 'reading', count: 3, at },
          task: { taskId: 'task-1', status: 'input_required', statusMessage: 'Requesting clarification...' },
        },
      }),
    );
    const bar = await within(card).findByTestId('tool-progress');
    expect(bar.querySelector('progress')!.getAttribute('value')).toBe('3');
    expect(bar.querySelector('progress')!.getAttribute('max')).toBe('14');
    expect(bar.textContent).toContain('3 of 14: reading');
    expect(within(card).getByTestId('tool-task').textContent).toBe(
      'Task waiting for input Requesting clarification...',
    );
    expect(rpc.callsTo('chat.get')).toHaveLength(gets); // the event carried the item: no refetch

    // The question its call caused sits under its card; one no call can claim comes at the end.
    const slot = card.closest('.tool-slot')!;
    expect(within(slot as HTMLElement).getByTestId('elicitation-card').textContent).toContain(
      'Please tell us about you',
    );
    const cards = screen.getAllByTestId('elicitation-card');
    expect(cards).toHaveLength(2);
    expect(cards[1].textContent).toContain('Which workspace?');
  });

  it('Stop is offered while a turn runs, and the composer waits', async () => {
    const rpc = setup();
    const box = await screen.findByRole('textbox', { name: 'Message' });
    expect((box as HTMLTextAreaElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(rpc.callsTo('chat.stop')).toEqual([{ conversationId: 'c1' }]));
  });

  it('Enter sends, Shift+Enter does not, and IME composition never sends', async () => {
    conversation = { ...conversation, running: false };
    const rpc = setup();
    const box = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: '第一笔' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
    expect(rpc.callsTo('chat.send')).toEqual([]);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(rpc.callsTo('chat.send')).toEqual([{ conversationId: 'c1', text: '第一笔' }]));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });

  it('deletes only after confirming; Escape backs out', async () => {
    conversation = { ...conversation, running: false };
    const rpc = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(rpc.callsTo('chat.delete')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete conversation' }));
    await waitFor(() => expect(rpc.callsTo('chat.delete')).toEqual([{ conversationId: 'c1' }]));
    await waitFor(() => expect(useChatUiStore.getState().selectedConversationId).toBeNull());
  });

  it('renames the conversation: Enter saves the trimmed title through chat.rename, Escape backs out (issue 30)', async () => {
    const rpc = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const field = screen.getByLabelText('Title');
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByLabelText('Title')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: '  耳机物流  ' } });
    fireEvent.submit(screen.getByTestId('rename-conversation'));
    await waitFor(() => expect(rpc.callsTo('chat.rename')).toEqual([{ conversationId: 'c1', title: '耳机物流' }]));
    act(() => rpc.emit('chat.changed', { conversationId: 'c1' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('耳机物流'));
    expect(screen.queryByLabelText('Title')).toBeNull();
  });
});
