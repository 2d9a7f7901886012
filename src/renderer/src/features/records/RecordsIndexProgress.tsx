import { useTranslation } from 'react-i18next';
import { useRpcQuery } from '../../lib/queries';

/**
 * While main is still indexing a large records file, the list shows only its newest records: "loading N of M" says so.
 * Kept fresh by records.indexProgressed (lib/invalidation.ts); nothing is shown once the index is full.
 */
export function RecordsIndexProgress() {
  const { t, i18n } = useTranslation('records');
  const status = useRpcQuery('records.indexStatus', {});
  if (!status.data || status.data.done) return null;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <p role="status" className="records-index-progress" data-testid="records-index-progress">
      {t('recordsPage.indexLoading', {
        loaded: number.format(status.data.loaded),
        total: number.format(status.data.total),
      })}
    </p>
  );
}
