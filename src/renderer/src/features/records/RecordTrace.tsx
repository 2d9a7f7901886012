import { useTranslation } from 'react-i18next';
import type { ExecutionRecord } from '../../../../shared/contract';
import { traceLink } from '../../../../shared/telemetry/trace-link';
import { useRpcQuery } from '../../lib/queries';

/** The call's OpenTelemetry trace and execute_tool span (kept when telemetry was on), linked by Settings' template. */
export function RecordTrace({ record }: { record: Pick<ExecutionRecord, 'traceId' | 'spanId'> }) {
  const { t } = useTranslation('records');
  const telemetry = useRpcQuery('telemetry.get', {}, { enabled: Boolean(record.traceId), staleTime: 60_000 });
  if (!record.traceId) return null;
  const link = traceLink(telemetry.data?.saved.traceUrlTemplate, record);
  return (
    <dl className="facts compact" data-testid="record-trace">
      <dt>{t('recordTrace.trace')}</dt>
      <dd>
        <code>{record.traceId}</code>
        {link && (
          <>
            {' '}
            <a href={link} target="_blank" rel="noopener noreferrer" data-testid="record-trace-link">
              {t('recordTrace.open')}
            </a>
          </>
        )}
      </dd>
      <dt>{t('recordTrace.span')}</dt>
      <dd>
        <code>{record.spanId}</code>
      </dd>
    </dl>
  );
}
