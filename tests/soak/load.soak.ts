import { describe, expect, it } from 'vitest';
import { runLoad } from '../reliability/load';
import { expectLoadHeld } from '../reliability/load-checks';

/** The full-size load run: 20 concurrent conversations, 2,000 tool calls (the suite runs 400). */
describe('soak: load', () => {
  it('2,000 tool calls: one record each, nothing lost, overhead flat, heap per call small and not growing', async () => {
    const result = await runLoad({ conversations: 20, turnsPerConversation: 4, stepsPerTurn: 5, callsPerStep: 5 });
    const { records: _records, plannedCallIds: _planned, conversations: _conversations, ...numbers } = result;
    console.info('[soak load]', JSON.stringify(numbers));

    expect(result.totalCalls).toBe(2_000);
    expectLoadHeld(result);
    // Steady state: the second half retains no more per call than the first (plus noise).
    expect(result.heapPerCallSecondHalf).toBeLessThan(Math.max(2 * result.heapPerCallFirstHalf, 8 * 1024));
  });
});
