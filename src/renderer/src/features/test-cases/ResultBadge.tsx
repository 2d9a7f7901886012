import type { CaseResultSummary } from '../../../../shared/contract';
import { useTranslation } from 'react-i18next';

/** passed / failed / not run (or running), for a case's last result. */
export function ResultBadge({ last, running }: { last: CaseResultSummary | null; running?: boolean }) {
  const { t } = useTranslation(['tests', 'common']);
  if (running) return <span className="result-badge result-running">{t('resultBadge.running')}</span>;
  if (!last) return <span className="result-badge result-none">{t('resultBadge.notRun')}</span>;
  return (
    <span className={`result-badge ${last.passed ? 'result-passed' : 'result-failed'}`}>
      {last.passed ? t('common:shared.passed') : t('common:shared.failed')}
    </span>
  );
}
