import type { CatalogListView } from '../../../../shared/contract';
import type { CatalogRow } from './tool-states';

const memo = new WeakMap<CatalogListView['entries'], CatalogRow[]>();

/**
 * catalog.list sends its rows column by column (smaller on the wire); the pages want one object per row. Built once
 * per answer (10,000 small objects, ~1 ms) and shared by every page showing the same answer.
 */
export function catalogRows(view: Pick<CatalogListView, 'entries'>): CatalogRow[] {
  const columns = view.entries;
  let rows = memo.get(columns);
  if (!rows) {
    const { toolId, server, state, reason, readOnly } = columns;
    rows = new Array<CatalogRow>(toolId.length);
    for (let i = 0; i < toolId.length; i++) rows[i] = { toolId: toolId[i], server: server[i], state: state[i], reason: reason[i], readOnly: readOnly[i] };
    memo.set(columns, rows);
  }
  return rows;
}
