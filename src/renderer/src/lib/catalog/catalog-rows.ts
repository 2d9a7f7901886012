import type { CatalogListView } from '../../../../shared/contract';
import type { Message } from '../../../../shared/i18n-message';
import type { CatalogRow } from './tool-states';

const memo = new WeakMap<CatalogListView['entries'], CatalogRow[]>();

/**
 * catalog.list sends its rows column by column (smaller on the wire); the pages want one object per row. Built once
 * per answer and shared by every page showing the same answer. The few rows with a
 * title or an icon (catalog.list's sparse `looks`) get them.
 */
export function catalogRows(view: Pick<CatalogListView, 'entries' | 'looks' | 'reasonCodes'>): CatalogRow[] {
  const columns = view.entries;
  let rows = memo.get(columns);
  if (!rows) {
    const { toolId, server, state, reasonCode, reasonParams, readOnly } = columns;
    const codes = view.reasonCodes;
    rows = new Array<CatalogRow>(toolId.length);
    for (let i = 0; i < toolId.length; i++) {
      const params = reasonParams[i];
      const reason: Message = params
        ? { code: codes[reasonCode[i]], params: params as Message['params'] }
        : { code: codes[reasonCode[i]] };
      rows[i] = { toolId: toolId[i], server: server[i], state: state[i], reason, readOnly: readOnly[i] };
    }
    const looks = view.looks;
    if (looks) {
      looks.rows.forEach((row, k) => {
        const icon = looks.icon[k];
        if (rows![row])
          rows![row] = {
            ...rows![row],
            title: looks.title[k],
            icon: icon === null ? null : (looks.icons[icon] ?? null),
          };
      });
    }
    memo.set(columns, rows);
  }
  return rows;
}
