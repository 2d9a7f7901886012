import { expect } from 'vitest';
import type { LoadResult } from './load';

/**
 * What every load run must hold, the suite's (400 calls) and the soak's (2,000). Integrity: every planned call has
 * exactly one successful record, every write reached the shop, no conversation lost an item or a message. Timing:
 * the proxy's overhead does not grow with the number of calls, and its p99 stays within 10% of the MCP call's.
 * Memory: records, items and messages stay in memory by design, a few KB per call.
 */
export function expectLoadHeld(result: LoadResult): void {
  const callIds = result.records.map((r) => r.callId);
  expect(new Set(callIds).size).toBe(callIds.length);
  expect([...callIds].sort()).toEqual([...result.plannedCallIds].sort());
  expect(result.records.every((r) => r.status === 'success')).toBe(true);
  expect(result.writesExecuted).toBe(result.plannedWrites);
  for (const c of result.conversations) {
    expect(c.items).toBe(c.expectedItems);
    expect(c.messages).toBe(c.expectedMessages);
    expect(c.statuses.every((s) => s === 'completed')).toBe(true);
  }
  // Overhead = proxy time minus the same call's MCP time. Under saturation it is mostly queueing for
  // the event loop, so the bound is on its growth, plus a ceiling that only a stall would break.
  expect(result.overheadP50SecondHalf).toBeLessThan(2 * result.overheadP50FirstHalf + 20);
  // p99 of what the proxy adds stays within 10% of a bare SDK call's p99 (or 50 ms, whichever is larger).
  expect(result.overheadP99).toBeLessThan(Math.max(0.1 * result.mcpP99, 50));
  expect(result.heapPerCallSecondHalf).toBeLessThan(32 * 1024);
}
