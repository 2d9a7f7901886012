import { describe, expect, it } from 'vitest';
import { runLoad } from './load';

/**
 * Load, suite size: 20 concurrent conversations, 400 tool calls against the shop server in its own
 * process (the 2,000-call version is tests/soak/load.soak.ts). Strict on integrity: every call has
 * exactly one record, no conversation loses an item or a message, every write reached the shop.
 * On timing: the proxy's p99 overhead stays within 10% of the MCP call's p99 and does not grow with the
 * number of calls; the heap retained per call stays small. The numbers are printed for the record.
 */
describe('load: 20 concurrent conversations against the real shop', () => {
  it('400 tool calls: one record each, nothing lost, overhead flat, heap per call small', async () => {
    const result = await runLoad({ conversations: 20, turnsPerConversation: 2, stepsPerTurn: 2, callsPerStep: 5 });
    const { records, plannedCallIds, conversations, ...numbers } = result;
    console.info('[load]', JSON.stringify(numbers));

    expect(result.totalCalls).toBe(400);
    const callIds = records.map((r) => r.callId);
    expect(new Set(callIds).size).toBe(callIds.length);
    expect([...callIds].sort()).toEqual([...plannedCallIds].sort());
    expect(records.every((r) => r.status === 'success')).toBe(true);
    expect(result.mcpCalls).toBe(plannedCallIds.length);
    expect(result.writesExecuted).toBe(result.plannedWrites);
    expect(result.plannedWrites).toBeGreaterThanOrEqual(80);
    for (const c of conversations) {
      expect(c.items).toBe(c.expectedItems);
      expect(c.messages).toBe(c.expectedMessages);
      expect(c.statuses.every((s) => s === 'completed')).toBe(true);
    }
    // Overhead = proxy time minus the same call's MCP time. Under saturation it is mostly queueing for
    // the event loop, so the bound is on its growth, plus a ceiling that only a stall would break.
    expect(result.overheadP50SecondHalf).toBeLessThan(2 * result.overheadP50FirstHalf + 20);
    // p99 of what the proxy adds stays within 10% of a bare SDK call's p99 (or 50 ms, whichever is larger).
    expect(result.overheadP99).toBeLessThan(Math.max(0.1 * result.mcpP99, 50));
    // Records, items and messages stay in memory by design: a few KB per call.
    expect(result.heapPerCallSecondHalf).toBeLessThan(32 * 1024);
  });
});
