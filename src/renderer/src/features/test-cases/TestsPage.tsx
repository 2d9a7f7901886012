import { useState } from 'react';
import type { RouteOutput } from '../../../../shared/contract';
import { Empty, LoadError, Loading } from '../../components/QueryState';
import { formatTime } from '../../lib/format';
import { useRpcMutation, useRpcQuery } from '../../lib/queries';
import { shownText } from '../../lib/i18n/messages';
import { CaseDetail } from './CaseDetail';
import { ResultBadge } from './ResultBadge';
import './tests.css';
import { Trans, useTranslation } from 'react-i18next';
import { ActionFailure } from '../../components/ActionFailure';

type CaseRow = RouteOutput<'tests.list'>['cases'][number];

/** The tool configuration's tests: cases.yaml and every intent node's examples, with their last results. */
export function TestsPage() {
  const { t } = useTranslation(['tests', 'common']);
  const list = useRpcQuery('tests.list', {});
  return (
    <section aria-labelledby="tests-title" className="tests-page">
      <h1 id="tests-title">{t('testsPage.tests')}</h1>
      <p className="muted">
        <Trans t={t} i18nKey="testsPage.eachCaseIsSent" components={{ code: <code /> }} />
      </p>
      {list.isPending ? (
        <Loading>{t('testsPage.loadingTheCases')}</Loading>
      ) : list.isError ? (
        <LoadError what={t('testsPage.theTestCases')} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <TestsView data={list.data} />
      )}
    </section>
  );
}

function TestsView({ data }: { data: RouteOutput<'tests.list'> }) {
  const { t } = useTranslation(['tests', 'common']);
  const run = useRpcMutation('tests.run', ['tests.list', 'tests.result']);
  const [approve, setApprove] = useState<'none' | 'all'>('none');
  const [selected, setSelected] = useState<string | null>(null);
  const [running, setRunning] = useState<readonly string[] | 'all' | null>(null);
  const start = (ids?: string[]) => {
    setRunning(ids ?? 'all');
    run.mutate({ ...(ids ? { ids } : {}), approve }, { onSettled: () => setRunning(null) });
  };
  const isRunning = (id: string) => running === 'all' || (Array.isArray(running) && running.includes(id));
  const current = data.cases.find((c) => c.id === selected) ?? null;

  return (
    <>
      <CasesSummary data={data} />
      <div className="actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={run.isPending || data.cases.length === 0}
          onClick={() => start()}
        >
          {running === 'all' ? t('testsPage.runningAll') : t('testsPage.runAll')}
        </button>
        <label className="inline-label">
          {t('testsPage.writesTheModelAsks')}{' '}
          <select value={approve} onChange={(event) => setApprove(event.target.value as 'none' | 'all')}>
            <option value="none">{t('testsPage.rejectedNothingIsChanged')}</option>
            <option value="all">{t('testsPage.approvedTheyRunFor')}</option>
          </select>
        </label>
      </div>
      <ActionFailure action={run} say={(reason) => t('testsPage.theRunFailed', { errorMessage: reason })} />
      {run.data && !run.isPending && (
        <p role="status" data-testid="tests-run-summary">
          {t('testsPage.ranPassedFailed', {
            number: run.data.passed + run.data.failed,
            passed: run.data.passed,
            failed: run.data.failed,
          })}
        </p>
      )}
      {data.cases.length === 0 ? (
        <Empty>{t('testsPage.noCasesYetAdd', { casesPath: data.casesPath })}</Empty>
      ) : (
        <div className={current ? 'tests-columns with-detail' : 'tests-columns'}>
          <CasesTable
            cases={data.cases}
            selected={selected}
            isRunning={isRunning}
            disabled={run.isPending}
            onSelect={setSelected}
            onRun={(id) => start([id])}
          />
          {current && (
            <CaseDetail
              row={current}
              onClose={() => setSelected(null)}
              onRun={() => start([current.id])}
              running={isRunning(current.id)}
            />
          )}
        </div>
      )}
    </>
  );
}

type Cases = RouteOutput<'tests.list'>;

/** Where the cases come from, how many, how the last results went, and what in the file main could not read. */
function CasesSummary({ data }: { data: Cases }) {
  const { t, i18n } = useTranslation(['tests', 'common']);
  const passed = data.cases.filter((c) => c.last?.passed).length;
  const failed = data.cases.filter((c) => c.last && !c.last.passed).length;
  return (
    <>
      <p className="muted small">
        <Trans
          t={t}
          i18nKey="testsPage.casesFile"
          values={{ casesPath: data.casesPath }}
          components={{ code: <code /> }}
        />{' '}
        · {t('testsPage.caseCount', { count: data.cases.length })} ·{' '}
        {t('testsPage.lastResultsPassedFailed', { passed, failed, number: data.cases.length - passed - failed })}
      </p>
      {data.problems.length > 0 && (
        <div className="warn-notice" role="alert" data-testid="cases-problems">
          <p>{t('testsPage.theCasesFileHas')}</p>
          <ul>
            {data.problems.map((p) => (
              <li key={`${p.path}:${p.line}:${p.message}`}>
                <code>{p.path || t('common:shared.file')}</code>
                {p.line ? t('testsPage.line', { line: p.line }) : ''}: {shownText(i18n, p.message, p.uiMessage)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

interface TableProps {
  cases: Cases['cases'];
  selected: string | null;
  isRunning: (id: string) => boolean;
  disabled: boolean;
  onSelect: (id: string) => void;
  onRun: (id: string) => void;
}

/** One row a case, with its last result; a row opens its detail and runs alone. */
function CasesTable({ cases, selected, isRunning, disabled, onSelect, onRun }: TableProps) {
  const { t } = useTranslation(['tests', 'common']);
  return (
    <table className="tests-table" data-testid="tests-table">
      <thead>
        <tr>
          <th scope="col">{t('testsPage.result')}</th>
          <th scope="col">{t('testsPage.case')}</th>
          <th scope="col">{t('testsPage.from')}</th>
          <th scope="col">{t('testsPage.lastRun')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('testsPage.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {cases.map((c) => (
          <CaseRowView
            key={c.id}
            row={c}
            selected={c.id === selected}
            running={isRunning(c.id)}
            disabled={disabled}
            onSelect={() => onSelect(c.id)}
            onRun={() => onRun(c.id)}
          />
        ))}
      </tbody>
    </table>
  );
}

function CaseRowView({
  row,
  selected,
  running,
  disabled,
  onSelect,
  onRun,
}: {
  row: CaseRow;
  selected: boolean;
  running: boolean;
  disabled: boolean;
  onSelect: () => void;
  onRun: () => void;
}) {
  const { t } = useTranslation(['tests', 'common']);
  return (
    <tr
      className={selected ? 'selected' : undefined}
      data-testid="case-row"
      data-case={row.id}
      data-result={row.last ? (row.last.passed ? 'passed' : 'failed') : 'none'}
    >
      <td>
        <ResultBadge last={row.last} running={running} />
      </td>
      <td>
        <button type="button" className="link case-name" onClick={onSelect}>
          {row.name}
        </button>
      </td>
      <td className="muted small">
        {row.source === 'file' ? t('testsPage.casesFileColumn') : t('testsPage.node', { nodeId: row.nodeId })}
      </td>
      <td className="muted small">{row.last ? formatTime(row.last.ranAt) : '—'}</td>
      <td>
        <button
          type="button"
          className="btn btn-small"
          disabled={disabled}
          onClick={onRun}
          aria-label={t('testsPage.runCase', { name: row.name })}
        >
          {t('testsPage.run')}
        </button>
      </td>
    </tr>
  );
}
