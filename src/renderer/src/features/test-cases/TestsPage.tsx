import { useState } from 'react';
import type { RouteOutput } from '../../../../shared/contract';
import { Empty, LoadError, Loading } from '../../components/QueryState';
import { errorMessage, formatTime } from '../../lib/format';
import { useRpcMutation, useRpcQuery } from '../../lib/queries';
import { CaseDetail } from './CaseDetail';
import { ResultBadge } from './ResultBadge';
import './tests.css';

type CaseRow = RouteOutput<'tests.list'>['cases'][number];

/** The tool configuration's tests: cases.yaml and every intent node's examples, with their last results. */
export function TestsPage() {
  const list = useRpcQuery('tests.list', {});
  return (
    <section aria-labelledby="tests-title" className="tests-page">
      <h1 id="tests-title">Tests</h1>
      <p className="muted">
        Each case is sent to the configured model against today’s tools; its expectations say which tools it must (or must not) call and what the answer
        contains. <code>switchboard test</code> runs the same cases in CI.
      </p>
      {list.isPending ? (
        <Loading>Loading the cases…</Loading>
      ) : list.isError ? (
        <LoadError what="the test cases" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <TestsView data={list.data} />
      )}
    </section>
  );
}

function TestsView({ data }: { data: RouteOutput<'tests.list'> }) {
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
  const passed = data.cases.filter((c) => c.last?.passed).length;
  const failed = data.cases.filter((c) => c.last && !c.last.passed).length;

  return (
    <>
      <p className="muted small">
        Cases file: <code>{data.casesPath}</code> · {data.cases.length} case{data.cases.length === 1 ? '' : 's'} · last results: {passed} passed, {failed} failed,{' '}
        {data.cases.length - passed - failed} not run
      </p>
      {data.problems.length > 0 && (
        <div className="warn-notice" role="alert" data-testid="cases-problems">
          <p>The cases file has problems; only the intent nodes’ examples are listed until it is fixed (nothing is written to it meanwhile):</p>
          <ul>
            {data.problems.map((p) => (
              <li key={`${p.path}:${p.line}:${p.message}`}>
                <code>{p.path || '(file)'}</code>
                {p.line ? ` line ${p.line}` : ''}: {p.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="actions">
        <button type="button" className="btn btn-primary" disabled={run.isPending || data.cases.length === 0} onClick={() => start()}>
          {running === 'all' ? 'Running all…' : 'Run all'}
        </button>
        <label className="inline-label">
          Writes the model asks for:{' '}
          <select value={approve} onChange={(event) => setApprove(event.target.value as 'none' | 'all')}>
            <option value="none">rejected (nothing is changed)</option>
            <option value="all">approved (they run for real)</option>
          </select>
        </label>
      </div>
      {run.isError && (
        <p role="alert" className="field-error">
          The run failed: {errorMessage(run.error)}
        </p>
      )}
      {run.data && !run.isPending && (
        <p role="status" data-testid="tests-run-summary">
          Ran {run.data.passed + run.data.failed}: {run.data.passed} passed, {run.data.failed} failed.
        </p>
      )}
      {data.cases.length === 0 ? (
        <Empty>No cases yet: add examples to intent nodes, save a conversation as a case from the chat, or write {data.casesPath}.</Empty>
      ) : (
        <div className={current ? 'tests-columns with-detail' : 'tests-columns'}>
          <table className="tests-table" data-testid="tests-table">
            <thead>
              <tr>
                <th scope="col">Result</th>
                <th scope="col">Case</th>
                <th scope="col">From</th>
                <th scope="col">Last run</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.cases.map((c) => (
                <CaseRowView key={c.id} row={c} selected={c.id === selected} running={isRunning(c.id)} disabled={run.isPending} onSelect={() => setSelected(c.id)} onRun={() => start([c.id])} />
              ))}
            </tbody>
          </table>
          {current && <CaseDetail row={current} onClose={() => setSelected(null)} onRun={() => start([current.id])} running={isRunning(current.id)} />}
        </div>
      )}
    </>
  );
}

function CaseRowView({ row, selected, running, disabled, onSelect, onRun }: { row: CaseRow; selected: boolean; running: boolean; disabled: boolean; onSelect: () => void; onRun: () => void }) {
  return (
    <tr className={selected ? 'selected' : undefined} data-testid="case-row" data-case={row.id} data-result={row.last ? (row.last.passed ? 'passed' : 'failed') : 'none'}>
      <td>
        <ResultBadge last={row.last} running={running} />
      </td>
      <td>
        <button type="button" className="link case-name" onClick={onSelect}>
          {row.name}
        </button>
      </td>
      <td className="muted small">{row.source === 'file' ? 'cases file' : `node ${row.nodeId}`}</td>
      <td className="muted small">{row.last ? formatTime(row.last.ranAt) : '—'}</td>
      <td>
        <button type="button" className="btn btn-small" disabled={disabled} onClick={onRun} aria-label={`Run ${row.name}`}>
          Run
        </button>
      </td>
    </tr>
  );
}
