import { describe, expect, it } from 'vitest';
import { runLoad } from '../reliability/load';

/** The full-size load run: 20 concurrent conversations, 2,000 tool calls (the suite runs 400). */
describe('soak: load', () => {
  it('2,000 tool calls: one record each, nothing lost, overhead flat, heap per call small and not growing', async () => {
    const result = await runLoad({ conversations: 20, turnsPerConversation: 4, stepsPerTurn: 5, callsPerStep: 5 });
    const { records, plannedCallIds, conversations, ...numbers } = result;
    console.info('[soak load]', JSON.stringify(numbers));

    expect(result.totalCalls).toBe(2_000);
    const callIds = records.map((r) => r.callId);
    expect(new Set(callIds).size).toBe(callIds.length);
    expect([...callIds].sort()).toEqual([...plannedCallIds].sort());
    expect(records.every((r) => r.status === 'success')).toBe(true);
    expect(result.writesExecuted).toBe(result.plannedWrites);
    for (const c of conversations) {
      expect(c.items).toBe(c.expectedItems);
      expect(c.messages).toBe(c.expectedMessages);
      expect(c.statuses.every((s) => s === 'completed')).toBe(true);
    }
    expect(result.overheadP50SecondHalf).toBeLessThan(2 * result.overheadP50FirstHalf + 20);
    // p99 of what the proxy adds stays within 10% of a bare SDK call's p99 (or 50 ms, whichever is larger).
    expect(result.overheadP99).toBeLessThan(Math.max(0.1 * result.mcpP99, 50));
    expect(result.heapPerCallSecondHalf).toBeLessThan(32 * 1024);
    // Steady state: the second half retains no more per call than the first (plus noise).
    expect(result.heapPerCallSecondHalf).toBeLessThan(Math.max(2 * result.heapPerCallFirstHalf, 8 * 1024));
  });
});
