import { useTranslation } from 'react-i18next';
import type { CatalogListView } from '../../../../shared/contract';

/**
 * Tool definitions a server listed that are not valid tools (a broken annotation, an input schema that is not an
 * object schema, a bad or repeated name): never offered to the model, and shown here with why instead of missing.
 */
export function RefusedDefinitions({ servers }: { servers: CatalogListView['servers'] }) {
  const { t } = useTranslation('tools');
  const rows = servers.flatMap((s) => (s.refused ?? []).map((r) => ({ server: s.name, ...r })));
  if (rows.length === 0) return null;
  return (
    <details className="card refused-definitions" data-testid="refused-definitions" open>
      <summary>{t('refused.title', { count: rows.length })}</summary>
      <p className="muted">{t('refused.why')}</p>
      <table className="table">
        <thead>
          <tr>
            <th>{t('refused.name')}</th>
            <th>{t('refused.server')}</th>
            <th>{t('refused.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.server}:${r.index}`}>
              <td>
                <code>{r.name ?? t('refused.unnamed', { index: r.index })}</code>
              </td>
              <td>{r.server}</td>
              <td>{r.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
