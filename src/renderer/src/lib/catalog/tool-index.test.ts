import { describe, expect, it } from 'vitest';
import type { CatalogListView } from '../../../../shared/contract';
import { describedServer, indexCatalog } from './tool-index';

/** A catalog.list answer with these rows (toolId, server, state), column by column. */
function view(rows: [string, string | null, string][]): CatalogListView {
  return {
    revision: 1,
    servers: [{ name: 'a', status: 'connected', error: null, toolCount: 2 }],
    entries: {
      toolId: rows.map((r) => r[0]),
      server: rows.map((r) => r[1]),
      state: rows.map((r) => r[2]),
      reasonCode: rows.map(() => 0),
      reasonParams: rows.map(() => null),
      readOnly: rows.map(() => true),
    },
    reasonCodes: ['ok'],
  } as unknown as CatalogListView;
}

describe('indexCatalog', () => {
  const index = indexCatalog(
    view([
      ['t1', 'a', 'shadowed'],
      ['t1', 'b', 'gated'],
      ['t1', 'c', 'bound'],
      ['t2', 'a', 'unmounted'],
      ['t3', null, 'missing'],
    ]),
  );

  it("gives the tree a tool's state: the first serving row's (bound or gated), else the first row's", () => {
    expect(index.stateOf('t1')).toBe('gated');
    expect(index.stateOf('t2')).toBe('unmounted');
    expect(index.stateOf('t3')).toBe('missing');
    expect(index.stateOf('nope')).toBeNull();
  });

  it('builds the entries, the bound rows and the offers on first use, from the same rows', () => {
    expect(index.entriesByToolId.get('t1')?.map((e) => e.server)).toEqual(['a', 'b', 'c']);
    expect(index.entriesByToolId).toBe(index.entriesByToolId);
    expect(index.boundByToolId.get('t1')?.server).toBe('c');
    expect(index.offers.map((o) => `${o.toolId}@${o.server}`)).toEqual(['t1@a', 't1@b', 't1@c', 't2@a']);
    expect(index.serverNames).toEqual(['a']);
    expect(describedServer(index, 't1', 'b')).toBe('b');
    expect(describedServer(index, 't1')).toBe('c');
  });
});
