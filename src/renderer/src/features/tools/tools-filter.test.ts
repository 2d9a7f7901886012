import { describe, expect, it } from 'vitest';
import { entry } from './catalog-fixtures';
import { countByState, entryKey, filterEntries, prepareEntries } from './tools-filter';


const entries = [
  entry('query_order', 'shop', 'bound', { remoteDescription: '查询当前账号的订单' }),
  entry('query_order', 'mirror', 'shadowed'),
  entry('query_coupons', 'shop', 'unmounted'),
  entry('query_invoice', null, 'unavailable'),
  entry('apply_refund', 'shop', 'gated', { reason: 'gated by skill after-sales' }),
];
const all = { query: '', state: null, server: null };

describe('tools filter', () => {
  const prepared = prepareEntries(entries);

  it('keys rows by server and name, so one name on two servers is two rows', () => {
    expect(new Set(prepared.map((p) => p.key)).size).toBe(5);
    expect(entryKey({ toolId: 'query_invoice', server: null })).toBe('\u0000query_invoice');
  });

  it('returns the same array when nothing filters', () => {
    expect(filterEntries(prepared, all)).toBe(prepared);
  });

  it('searches name, server, reason and descriptions, every word, case-insensitively', () => {
    const names = (query: string) => filterEntries(prepared, { ...all, query }).map((p) => `${p.entry.server}:${p.entry.toolId}`);
    expect(names('QUERY order')).toEqual(['shop:query_order', 'mirror:query_order']);
    expect(names('mirror')).toEqual(['mirror:query_order']);
    expect(names('after-sales')).toEqual(['shop:apply_refund']);
    expect(names('订单')).toEqual(['shop:query_order']);
    expect(names('nothing-matches')).toEqual([]);
  });

  it('filters by state and by server, including "no server"', () => {
    expect(filterEntries(prepared, { ...all, state: 'unmounted' }).map((p) => p.entry.toolId)).toEqual(['query_coupons']);
    expect(filterEntries(prepared, { ...all, server: 'shop' })).toHaveLength(3);
    expect(filterEntries(prepared, { ...all, server: '' }).map((p) => p.entry.toolId)).toEqual(['query_invoice']);
    expect(filterEntries(prepared, { query: 'query', state: 'bound', server: 'shop' }).map((p) => p.entry.toolId)).toEqual(['query_order']);
  });

  it('counts rows per state', () => {
    expect(Object.fromEntries(countByState(entries))).toEqual({ bound: 1, shadowed: 1, unmounted: 1, unavailable: 1, gated: 1 });
  });

  it('filters 10,000 rows fast enough to type into', () => {
    const many = prepareEntries(Array.from({ length: 10_000 }, (_, i) => entry(`tool_${i}`, `server_${i % 20}`, i % 3 ? 'bound' : 'unmounted')));
    const started = performance.now();
    const hits = filterEntries(many, { query: 'tool_99', state: 'bound', server: null });
    expect(performance.now() - started).toBeLessThan(200);
    expect(hits.length).toBeGreaterThan(0);
  });
});
