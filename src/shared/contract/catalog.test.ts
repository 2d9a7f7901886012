import { describe, expect, it } from 'vitest';
import { catalogListColumnsSchema, catalogRoutes } from './catalog';

describe('catalog contract', () => {
  it('takes a row as a tool name and a server, or null for a tool no server offers', () => {
    const input = catalogRoutes['catalog.tool'].input;
    expect(input.parse({ toolId: 'query_order', server: 'shop' })).toEqual({ toolId: 'query_order', server: 'shop' });
    expect(input.parse({ toolId: 'query_invoice', server: null })).toEqual({ toolId: 'query_invoice', server: null });
    for (const bad of [
      {},
      { toolId: 'query_order' },
      { toolId: '', server: 'shop' },
      { toolId: 'query_order', server: '' },
      { toolId: 'a', server: 'b', c: 1 },
    ])
      expect(input.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(catalogRoutes['catalog.list'].input.parse(undefined)).toEqual({});
    expect(catalogRoutes['catalog.list'].kind).toBe('query');
    expect(catalogRoutes['catalog.tool'].kind).toBe('query');
  });

  it('holds the list’s columns to one value per row', () => {
    const columns = {
      toolId: ['a', 'b'],
      server: ['s', null],
      state: ['bound', 'unavailable'],
      reasonCode: [0, 1],
      reasonParams: [{ nodes: ['n'] }, null],
      readOnly: [true, null],
    };
    expect(catalogListColumnsSchema.safeParse(columns).success).toBe(true);
    expect(catalogListColumnsSchema.safeParse({ ...columns, reasonCode: [0] }).success).toBe(false);
    expect(catalogListColumnsSchema.safeParse({ ...columns, reasonParams: [null] }).success).toBe(false);
    expect(catalogListColumnsSchema.safeParse({ ...columns, state: ['bound', 'nonsense'] }).success).toBe(false);
  });
});
