import { describe, expect, it } from 'vitest';
import type { RecordSummary } from '../../../shared/contract';
import { executionRecord } from '../../../../tests/support/agent/execution-record';
import { summaryOf } from './records-summary';
import { RecordTable } from './records-table';

const summary = (id: string, over: Partial<RecordSummary> = {}): RecordSummary =>
  summaryOf(executionRecord(id, { nodeId: null, ...over }));

describe('RecordTable', () => {
  it('filters by coded keys as the summaries say: an absent actor is the model, a null server matches no server filter, an unknown value nothing', () => {
    const table = new RecordTable();
    table.addSummary(summary('r_1'), { offset: 0, length: 10 });
    table.addSummary(summary('r_2', { server: null, tool: 'search_knowledge', actor: 'operator' }), {
      offset: 10,
      length: 10,
    });
    table.addSummary(
      summary('r_3', { status: 'error', conversationId: 'c_2', actingIdentity: 'u1002' }),
      '{"id":"r_3"}',
    );
    // A summary read from the file as JSON text, with its keys coded by the caller.
    const text = summary('r_4', { actor: 'test', actingIdentity: 'u1001' });
    table.add(
      'r_4',
      JSON.stringify(text),
      ['query_order', 'shop', 'success', 'c_1', 'test', 'u1001'].map((k) => table.code(k)),
      0,
      { offset: 20, length: 5 },
    );

    const ids = (filter: Parameters<RecordTable['list']>[0]) => table.list(filter).map((r) => r.id);
    expect(ids({})).toEqual(['r_4', 'r_3', 'r_2', 'r_1']);
    expect(ids({ limit: 2 })).toEqual(['r_4', 'r_3']);
    expect(ids({ actor: 'model' })).toEqual(['r_3', 'r_1']);
    expect(ids({ server: 'shop' })).toEqual(['r_4', 'r_3', 'r_1']);
    expect(ids({ tool: 'query_order', status: 'error' })).toEqual(['r_3']);
    expect(ids({ conversationId: 'c_1', actor: 'test' })).toEqual(['r_4']);
    expect(ids({ tool: 'no_such_tool' })).toEqual([]);
    // The acting identity; records made before it was kept match no customer.
    expect(ids({ actingIdentity: 'u1002' })).toEqual(['r_3']);
    expect(ids({ actingIdentity: 'u1001', actor: 'test' })).toEqual(['r_4']);
    expect(ids({ actingIdentity: 'u9999' })).toEqual([]);
    expect(table.list({ actor: 'test' })[0]).toEqual(text);
  });

  it('keeps the first of two records with one id; an unwritten line is kept until it is written', () => {
    const table = new RecordTable();
    const slot = table.addSummary(summary('r_1'), '{"id":"r_1"}')!;
    expect(table.addSummary(summary('r_1', { tool: 'other' }), { offset: 0, length: 1 })).toBeUndefined();
    expect(table.size).toBe(1);
    expect(table.where(slot)).toBe('{"id":"r_1"}');
    table.written(slot, { offset: 40, length: 12 });
    expect(table.where(slot)).toEqual({ offset: 40, length: 12 });
    expect(table.summary(slot).tool).toBe('query_order');
  });
});
