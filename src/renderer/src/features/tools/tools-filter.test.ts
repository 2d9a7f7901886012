import { describe, expect, it } from 'vitest';
import { row } from '../../../../../tests/support/renderer/catalog-fixtures';
import { entryKey } from '../../lib/catalog/descriptions';
import { countCatalog } from '../../../../shared/catalog/catalog-counts';
import { filterEntries, prepareEntries } from './tools-filter';

const entries = [
  row('query_order', 'shop', 'bound'),
  row('query_order', 'mirror', 'shadowed'),
  row('query_coupons', 'shop', 'unmounted'),
  row('query_invoice', null, 'unavailable'),
  row('apply_refund', 'shop', 'gated'), // "… gated by skill after-sales …"
];
// catalog.descriptions, keyed like the rows: searched once loaded.
const descriptions = new Map([
  [
    entryKey({ toolId: 'query_order', server: 'shop' }),
    { description: '按关键词查询订单', remoteDescription: '查询当前账号的订单' },
  ],
  [entryKey({ toolId: 'query_coupons', server: 'shop' }), { description: null, remoteDescription: 'List coupons' }],
]);
const all = { query: '', state: null, server: null };

describe('tools filter', () => {
  const prepared = prepareEntries(entries, descriptions);

  it('keys rows by server and name, so one name on two servers is two rows', () => {
    expect(new Set(prepared.map((p) => p.key)).size).toBe(5);
    expect(entryKey({ toolId: 'query_invoice', server: null })).toBe('\u0000query_invoice');
  });

  it('returns the same array when nothing filters', () => {
    expect(filterEntries(prepared, all)).toBe(prepared);
  });

  it('searches name, server, reason and descriptions, every word, case-insensitively', () => {
    const names = (query: string) =>
      filterEntries(prepared, { ...all, query }).map((p) => `${p.entry.server}:${p.entry.toolId}`);
    expect(names('QUERY order')).toEqual(['shop:query_order', 'mirror:query_order']);
    expect(names('mirror')).toEqual(['mirror:query_order']);
    expect(names('after-sales')).toEqual(['shop:apply_refund']);
    expect(names('订单')).toEqual(['shop:query_order']);
    expect(names('按关键词')).toEqual(['shop:query_order']); // a node's override too
    expect(names('coupons list')).toEqual(['shop:query_coupons']);
    expect(names('nothing-matches')).toEqual([]);
  });

  it('searches only the rows’ own text until the descriptions are loaded', () => {
    const bare = prepareEntries(entries);
    expect(filterEntries(bare, { ...all, query: '订单' })).toEqual([]);
    expect(filterEntries(bare, { ...all, query: 'after-sales' }).map((p) => p.entry.toolId)).toEqual(['apply_refund']);
  });

  it('filters by state and by server, including "no server"', () => {
    expect(filterEntries(prepared, { ...all, state: 'unmounted' }).map((p) => p.entry.toolId)).toEqual([
      'query_coupons',
    ]);
    expect(filterEntries(prepared, { ...all, server: 'shop' })).toHaveLength(3);
    expect(filterEntries(prepared, { ...all, server: '' }).map((p) => p.entry.toolId)).toEqual(['query_invoice']);
    expect(
      filterEntries(prepared, { query: 'query', state: 'bound', server: 'shop' }).map((p) => p.entry.toolId),
    ).toEqual(['query_order']);
  });

  it('counts rows per state', () => {
    expect(countCatalog(entries.map((e) => e.state)).byState).toEqual({
      bound: 1,
      appOnly: 0,
      shadowed: 1,
      unmounted: 1,
      unavailable: 1,
      gated: 1,
      reserved: 0,
      quarantined: 0,
    });
  });

  it('filters 10,000 rows by query and state together, exactly (its speed is the catalog bench)', () => {
    const many = prepareEntries(
      Array.from({ length: 10_000 }, (_, i) => row(`tool_${i}`, `server_${i % 20}`, i % 3 ? 'bound' : 'unmounted')),
    );
    const hits = filterEntries(many, { query: 'tool_99', state: 'bound', server: null });
    const expected = Array.from({ length: 10_000 }, (_, i) => i)
      .filter((i) => `tool_${i}`.includes('tool_99') && i % 3 !== 0)
      .map((i) => `tool_${i}`);
    expect(hits.map((prepared) => prepared.entry.toolId).sort()).toEqual(expected.sort());
  });
});
