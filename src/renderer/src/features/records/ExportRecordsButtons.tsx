import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RecordSummary } from '../../../../shared/contract';
import { errorMessage } from '../../lib/format';
import { useRpc } from '../../lib/rpc-context';
import { buildExport, downloadJson, exportFileName, loadAll } from './export-records';
import type { RecordsFilterState } from './records-ui-store';
import { useTranslation } from 'react-i18next';

/**
 * Two exports of exactly the rows shown: full records (each fetched with records.get, results included)
 * or the summaries as listed (no results).
 */
export function ExportRecordsButtons({ rows, filter }: { rows: RecordSummary[]; filter: RecordsFilterState }) {
  const { t } = useTranslation('records');
  const rpc = useRpc();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const exportFull = async () => {
    setError(null);
    setProgress(`Fetching 0 of ${rows.length}…`);
    try {
      const records = await loadAll(
        rows.map((row) => row.id),
        (id) =>
          queryClient.fetchQuery({
            queryKey: ['records.get', { id }],
            queryFn: () => rpc.request('records.get', { id }),
          }),
        8,
        (done) => setProgress(`Fetching ${done} of ${rows.length}…`),
      );
      downloadJson(exportFileName('full'), buildExport('full', { ...filter }, records));
    } catch (caught) {
      setError(`Export failed: ${errorMessage(caught)}`);
    } finally {
      setProgress(null);
    }
  };

  const exportSummaries = () =>
    downloadJson(exportFileName('summaries'), buildExport('summaries', { ...filter }, rows));

  return (
    <div className="actions">
      <button
        type="button"
        className="btn"
        disabled={rows.length === 0 || progress !== null}
        onClick={() => void exportFull()}
      >
        {t('exportRecordsButtons.exportJsonFullRecords')}
      </button>
      <button type="button" className="btn" disabled={rows.length === 0 || progress !== null} onClick={exportSummaries}>
        {t('exportRecordsButtons.exportJsonSummaries')}
      </button>
      {progress && <span role="status">{progress}</span>}
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
