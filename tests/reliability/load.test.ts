import { describe, expect, it } from 'vitest';
import { runLoad } from './load';
import { expectLoadHeld } from './load-checks';

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
    const { records: _records, plannedCallIds, conversations: _conversations, ...numbers } = result;
    console.info('[load]', JSON.stringify(numbers));

    expect(result.totalCalls).toBe(400);
    expect(result.mcpCalls).toBe(plannedCallIds.length);
    expect(result.plannedWrites).toBeGreaterThanOrEqual(80);
    expectLoadHeld(result);
  });
});
