import type { ExecutionRecord } from '../../../src/shared/contract';

/** A finished query_order call's record (a text result), with `over` on top. */
export function executionRecord(id: string, over: Partial<ExecutionRecord> = {}): ExecutionRecord {
  return {
    id,
    conversationId: 'c_1',
    turnId: 't_1',
    callId: `call_${id}`,
    tool: 'query_order',
    server: 'shop',
    nodeId: 'n',
    arguments: { keyword: '耳机' },
    argumentsHash: 'sha256:x',
    status: 'success',
    result: { content: [{ type: 'text', text: `结果 ${id}` }] },
    startedAt: '2026-12-02T00:00:00.000Z',
    finishedAt: '2026-12-02T00:00:00.001Z',
    durationMs: 1,
    ...over,
  };
}
