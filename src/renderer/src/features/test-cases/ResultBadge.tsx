import type { CaseResultSummary } from '../../../../shared/contract';

/** passed / failed / not run (or running), for a case's last result. */
export function ResultBadge({ last, running }: { last: CaseResultSummary | null; running?: boolean }) {
  if (running) return <span className="result-badge result-running">running…</span>;
  if (!last) return <span className="result-badge result-none">not run</span>;
  return <span className={`result-badge ${last.passed ? 'result-passed' : 'result-failed'}`}>{last.passed ? 'passed' : 'failed'}</span>;
}
