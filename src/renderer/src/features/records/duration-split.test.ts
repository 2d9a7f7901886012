import { describe, expect, it } from 'vitest';
import { splitDuration } from './duration-split';

const approval = (decidedAt: string) => ({
  approvalId: 'a',
  decision: 'approve' as const,
  decidedBy: 'operator',
  decidedAt,
  argumentsHash: 'h',
});

describe('splitDuration', () => {
  it('splits at the decision: waiting for approval, then executing', () => {
    expect(
      splitDuration({
        startedAt: '2025-01-01T00:00:00.000Z',
        durationMs: 12_300,
        approval: approval('2025-01-01T00:00:12.000Z'),
      }),
    ).toEqual({ waitingMs: 12_000, executingMs: 300 });
  });

  it('is all execution without a confirmation', () => {
    expect(splitDuration({ startedAt: '2025-01-01T00:00:00.000Z', durationMs: 80 })).toEqual({
      waitingMs: 0,
      executingMs: 80,
    });
  });

  it('never goes negative or past the total on skewed or broken timestamps', () => {
    expect(
      splitDuration({
        startedAt: '2025-01-01T00:00:05.000Z',
        durationMs: 100,
        approval: approval('2025-01-01T00:00:00.000Z'),
      }),
    ).toEqual({ waitingMs: 0, executingMs: 100 });
    expect(
      splitDuration({
        startedAt: '2025-01-01T00:00:00.000Z',
        durationMs: 100,
        approval: approval('2025-01-01T00:01:00.000Z'),
      }),
    ).toEqual({ waitingMs: 100, executingMs: 0 });
    expect(
      splitDuration({ startedAt: 'garbage', durationMs: 100, approval: approval('2025-01-01T00:01:00.000Z') }),
    ).toEqual({ waitingMs: 0, executingMs: 100 });
  });

  it('has no run time for a call that never ran (issue 30: "Ran 1 ms" beside "Not run")', () => {
    const rejected = { ...approval('2025-01-01T00:00:02.000Z'), decision: 'reject' as const };
    expect(
      splitDuration({
        startedAt: '2025-01-01T00:00:00.000Z',
        durationMs: 2_001,
        approval: rejected,
        status: 'rejected',
      }),
    ).toEqual({ waitingMs: 2_000, executingMs: null });
    expect(splitDuration({ startedAt: '2025-01-01T00:00:00.000Z', durationMs: 1, status: 'blocked' })).toEqual({
      waitingMs: 0,
      executingMs: null,
    });
  });
});
