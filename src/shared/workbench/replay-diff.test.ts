import { describe, expect, it } from 'vitest';
import type { ChatItem, Conversation, ModelStep } from '../contract';
import { diffReplay } from './replay-diff';

const tool = (name: string) => ({ name, description: `${name} text`, inputSchema: {}, tokens: 10, source: 'shop' });
const step = (tools: string[]): ModelStep => ({
  step: 1,
  at: '',
  loadedSkills: [],
  tools: tools.map(tool),
  totalTokens: tools.length * 10,
  catalogRevision: 1,
});
type ToolItem = Extract<ChatItem, { kind: 'tool' }>;
const call = (turnId: string, extra: Partial<ToolItem>): ToolItem => ({
  kind: 'tool',
  id: `${turnId}-c`,
  turnId,
  step: 1,
  toolName: 'cancel_order',
  server: 'shop',
  nodeId: 'order-cancel',
  arguments: { orderNo: 'BS1' },
  status: 'success',
  at: '',
  ...extra,
});

/** Ten one-step turns; the replay sees one more tool on every step, and turn 3 answers differently. */
function conversations(): {
  original: Pick<Conversation, 'items' | 'turns'>;
  replay: Pick<Conversation, 'items' | 'turns'>;
} {
  const make = (tools: string[], answer: (i: number) => string, calls: (turnId: string) => ChatItem[]) => {
    const turns = Array.from({ length: 10 }, (_, i) => ({
      id: `t${i}`,
      index: i,
      status: 'completed' as const,
      startedAt: '',
      steps: [step(tools)],
    }));
    const items: ChatItem[] = turns.flatMap((turn, i) => [
      { kind: 'user' as const, id: `u${i}`, turnId: turn.id, text: `q${i}`, at: '' },
      ...(i === 0 ? calls(turn.id) : []),
      { kind: 'assistant' as const, id: `a${i}`, turnId: turn.id, step: 1, text: answer(i), at: '' },
    ]);
    return { items, turns };
  };
  return {
    // The original's cancel_order was asked for and approved.
    original: make(
      ['query_order', 'cancel_order'],
      (i) => `answer ${i}`,
      (turnId) => [call(turnId, { approvalId: 'ap_1' })],
    ),
    // The replay refused it (a write), which would have asked.
    replay: make(
      ['query_order', 'cancel_order', 'query_coupons'],
      (i) => (i === 2 ? 'a different answer' : `answer ${i}`),
      (turnId) => [call(turnId, { status: 'blocked', wouldAskApproval: true, resultText: 'not executed (replay)' })],
    ),
  };
}

describe('replay differences, ranked (issue 30)', () => {
  it('marks only the steps whose answer or calls differ, and summarises the grown tool list once', () => {
    const { original, replay } = conversations();
    const report = diffReplay(original, replay);
    expect(report.diverged).toBe(true);
    expect(report.outcomeDiffers).toBe(true);
    // The same call (a replay refuses every write, so its status is no difference): only turn 3's answer.
    expect(report.steps.filter((s) => s.outcomeDiffers).map((s) => [s.turn, s.kinds])).toEqual([
      [3, ['answer', 'tools', 'tokens']],
    ]);
    // Every step saw +query_coupons: one line, not ten red steps.
    expect(report.toolChanges).toEqual([{ added: ['query_coupons'], removed: [], steps: 10 }]);
    expect(report.steps[1]).toMatchObject({ same: false, outcomeDiffers: false, kinds: ['tools', 'tokens'] });
    expect(report.steps[2].differences[0]).toBe('answer');
  });

  it('says the original asked (it was approved) and the replay would have asked, from typed fields, never from text', () => {
    const { original, replay } = conversations();
    const first = diffReplay(original, replay).steps[0];
    expect(first.original!.calls[0]).toMatchObject({ approval: 'asked', status: 'success' });
    expect(first.original!.wouldAskApproval).toEqual([]);
    expect(first.replay!.calls[0]).toMatchObject({ approval: 'wouldAsk', status: 'blocked' });
    expect(first.replay!.wouldAskApproval).toEqual(['cancel_order']);
    // A result that merely says so is not a decision.
    const saying = {
      ...replay,
      items: replay.items.map((i) =>
        i.kind === 'tool'
          ? { ...i, wouldAskApproval: undefined, resultText: 'it would have asked the operator for approval' }
          : i,
      ),
    };
    expect(diffReplay(original, saying).steps[0].replay!.wouldAskApproval).toEqual([]);
  });
});
