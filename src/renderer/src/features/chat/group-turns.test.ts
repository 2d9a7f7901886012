import { describe, expect, it } from 'vitest';
import type { ChatItem, Turn } from '../../../../shared/contract';
import { approvalFixture } from '../../../../../tests/support/renderer/fixtures';
import { approvalFor, groupTurns, unmatchedApprovals } from './group-turns';

const at = '2025-01-01T00:00:00.000Z';
const turn = (id: string, index: number): Turn => ({ id, index, status: 'completed', startedAt: at, steps: [] });
const user = (id: string, turnId: string): ChatItem => ({ kind: 'user', id, turnId, text: id, at });
const toolItem = (over: Partial<Extract<ChatItem, { kind: 'tool' }>> = {}): ChatItem => ({
  kind: 'tool',
  id: 'call_1',
  turnId: 't1',
  step: 1,
  toolName: 'cancel_order',
  server: 'shop',
  nodeId: null,
  arguments: {},
  status: 'awaiting_approval',
  at,
  ...over,
});

describe('groupTurns', () => {
  it('orders turns by index, keeps item order, and puts a turn only seen in streams last', () => {
    const groups = groupTurns({ turns: [turn('t2', 1), turn('t1', 0)], items: [user('u1', 't1'), user('u2', 't2')] }, [
      { conversationId: 'c1', turnId: 't3', itemId: 't3-a1', step: 1, text: 'hi' },
    ]);
    expect(groups.map((g) => [g.turnId, g.items.map((i) => i.id), g.streams.length, Boolean(g.turn)])).toEqual([
      ['t1', ['u1'], 0, true],
      ['t2', ['u2'], 0, true],
      ['t3', [], 1, false],
    ]);
  });
});

describe('approvals in the transcript', () => {
  it('attaches a pending approval to the tool card waiting on it, by approval id or call id', () => {
    const approval = approvalFixture({ id: 'ap_1', callId: 'call_1', turnId: 't1' });
    expect(approvalFor(toolItem({ approvalId: 'ap_1' }), [approval])).toBe(approval);
    expect(approvalFor(toolItem(), [approval])).toBe(approval);
    expect(approvalFor(toolItem({ status: 'running' }), [approval])).toBeUndefined();
  });

  it('keeps approvals no card shows yet, so none is lost', () => {
    const shown = approvalFixture({ id: 'ap_1' });
    const early = approvalFixture({ id: 'ap_2', callId: 'call_9' });
    expect(unmatchedApprovals([toolItem({ approvalId: 'ap_1' })], [shown, early])).toEqual([early]);
  });
});
