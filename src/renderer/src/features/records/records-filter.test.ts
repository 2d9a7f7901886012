import { describe, expect, it } from 'vitest';
import type { RecordSummary } from '../../../../shared/contract';
import { filterOptions, isFiltered, RECORDS_LIMIT, toListInput, withinWindow } from './records-filter';
import { EMPTY_FILTER } from './records-ui-store';

const summary = (over: Partial<RecordSummary>): RecordSummary => ({
  id: 'r1',
  conversationId: 'c1',
  turnId: 't1',
  callId: 'k1',
  tool: 'query_order',
  server: 'shop',
  nodeId: 'order-query',
  arguments: {},
  argumentsHash: 'h',
  status: 'success',
  startedAt: '2025-01-01T00:00:00.000Z',
  finishedAt: '2025-01-01T00:00:01.000Z',
  durationMs: 1000,
  ...over,
});

describe('records filter', () => {
  it('sends only the chosen fields to records.list', () => {
    expect(toListInput(EMPTY_FILTER)).toEqual({ limit: RECORDS_LIMIT });
    expect(toListInput({ ...EMPTY_FILTER, tool: 'cancel_order', status: 'rejected', window: '1h' })).toEqual({
      limit: RECORDS_LIMIT,
      tool: 'cancel_order',
      status: 'rejected',
    });
    expect(toListInput({ ...EMPTY_FILTER, server: 'shop', conversationId: 'c9' })).toEqual({
      limit: RECORDS_LIMIT,
      server: 'shop',
      conversationId: 'c9',
    });
  });

  it('keeps records that finished inside the time window', () => {
    const now = Date.parse('2025-01-01T12:00:00.000Z');
    const rows = [
      summary({ id: 'old', finishedAt: '2025-01-01T10:00:00.000Z' }),
      summary({ id: 'recent', finishedAt: '2025-01-01T11:50:00.000Z' }),
      summary({ id: 'lastweek', finishedAt: '2024-12-20T00:00:00.000Z' }),
    ];
    expect(withinWindow(rows, 'all', now).map((r) => r.id)).toEqual(['old', 'recent', 'lastweek']);
    expect(withinWindow(rows, '15m', now).map((r) => r.id)).toEqual(['recent']);
    expect(withinWindow(rows, '24h', now).map((r) => r.id)).toEqual(['old', 'recent']);
  });

  it('offers each tool, server and conversation once, sorted, and keeps the current choice', () => {
    const rows = [
      summary({ tool: 'query_order', conversationId: 'c2' }),
      summary({ tool: 'load_skill', server: null }),
      summary({ tool: 'query_order', server: 'shop' }),
    ];
    const options = filterOptions(rows, { ...EMPTY_FILTER, tool: 'gone_tool' });
    expect(options.tools).toEqual(['gone_tool', 'load_skill', 'query_order']);
    expect(options.servers).toEqual(['shop']);
    expect(options.conversationIds).toEqual(['c1', 'c2']);
  });

  it('knows when anything is filtered', () => {
    expect(isFiltered(EMPTY_FILTER)).toBe(false);
    expect(isFiltered({ ...EMPTY_FILTER, window: '7d' })).toBe(true);
  });
});
