import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReplayReport, ReplayStep, ReplayStepSide } from '../../../../shared/contract';
import { ReplayView } from './ReplayView';

afterEach(cleanup);

const side = (answer: string, tools: string[], calls: ReplayStepSide['calls'] = []): ReplayStepSide => ({
  tools,
  tokens: tools.length * 10,
  calls,
  answer,
  wouldAskApproval: calls.filter((c) => c.approval === 'wouldAsk').map((c) => c.tool),
});
const step = (turn: number, answerChanged: boolean): ReplayStep => ({
  turn,
  step: 1,
  userText: `q${turn}`,
  original: side(
    `answer ${turn}`,
    ['a', 'b'],
    turn === 1 ? [{ tool: 'cancel_order', arguments: {}, status: 'success', approval: 'asked' }] : [],
  ),
  replay: side(
    answerChanged ? 'changed' : `answer ${turn}`,
    ['a', 'b', 'c'],
    turn === 1 ? [{ tool: 'cancel_order', arguments: {}, status: 'blocked', approval: 'wouldAsk' }] : [],
  ),
  same: false,
  added: ['c'],
  removed: [],
  tokenDelta: 10,
  differences: answerChanged ? ['answer', 'visible tools: +c', 'tokens +10'] : ['visible tools: +c', 'tokens +10'],
  kinds: answerChanged ? ['answer', 'tools', 'tokens'] : ['tools', 'tokens'],
  outcomeDiffers: answerChanged,
});
const report: ReplayReport = {
  conversationId: 'c1',
  actingIdentity: 'u1001',
  modelLabel: 'offline demo model',
  ranAt: new Date().toISOString(),
  steps: Array.from({ length: 10 }, (_, i) => step(i + 1, i === 2)),
  diverged: true,
  outcomeDiffers: true,
  toolChanges: [{ added: ['c'], removed: [], steps: 10 }],
};

describe('ReplayView (issue 30)', () => {
  it('ranks the changed answer first, marks only its step red, and summarises the tool list once', () => {
    render(<ReplayView report={report} onClose={() => undefined} />);
    expect(screen.getByTestId('replay-verdict').textContent).toBe('diverged');
    expect(within(screen.getByTestId('replay-outcome-steps')).getByRole('listitem').textContent).toBe(
      'Turn 3 · step 1: answer',
    );
    expect(screen.getAllByTestId('replay-tool-change').map((p) => p.textContent)).toEqual(['Tool list +c on 10 steps']);
    const steps = screen.getAllByTestId('replay-step');
    expect(steps.filter((s) => s.classList.contains('differs')).map((s) => s.dataset.kinds)).toEqual([
      'answer tools tokens',
    ]);
    // The original asked (and was approved); only the replay would have asked.
    expect(steps[0].textContent).toContain('asked for approval');
    const [original, replay] = steps[0].querySelectorAll('.replay-side');
    expect(original.textContent).not.toContain('would have asked');
    expect(replay.textContent).toContain('would have asked for approval');
  });

  it('says so when only what the model was given changed', () => {
    render(
      <ReplayView
        report={{
          ...report,
          outcomeDiffers: false,
          steps: report.steps.map((s) => ({ ...s, ...step(s.turn, false) })),
        }}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByTestId('replay-verdict').dataset.verdict).toBe('given');
    expect(screen.queryByTestId('replay-outcome-steps')).toBeNull();
    expect(screen.getAllByTestId('replay-step').filter((s) => s.classList.contains('differs'))).toHaveLength(0);
  });
});
