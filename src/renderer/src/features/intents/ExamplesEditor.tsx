import { useId, useState } from 'react';
import type { CaseResultSummary } from '../../../../shared/contract';
import { errorMessage } from '../../lib/format';
import { useRpcMutation, useRpcQuery } from '../../lib/queries';

interface Props {
  nodeId: string;
  /** An MCP or knowledge node: each saved example is a test case (a category's are not). */
  testable: boolean;
  examples: readonly string[];
  onChange: (next: string[]) => void;
}

/** The case id main gives an example (see shared/workbench/cases.ts exampleCaseId). */
const exampleCaseId = (nodeId: string, utterance: string) => `example:${nodeId}:${utterance}`;

/**
 * Example utterances for a node: a list with remove buttons and an input to add one (Enter adds). For a tool or
 * knowledge node each saved example is a test case: its last result shows beside it, and Run examples runs them.
 */
export function ExamplesEditor({ nodeId, testable, examples, onChange }: Props) {
  const [text, setText] = useState('');
  const inputId = useId();
  const cases = useRpcQuery('tests.list', {}, { enabled: testable });
  const run = useRpcMutation('tests.run', ['tests.list', 'tests.result']);
  const known = new Map((cases.data?.cases ?? []).filter((c) => c.nodeId === nodeId).map((c) => [c.id, c.last]));
  const runnable = examples.map((e) => exampleCaseId(nodeId, e)).filter((id) => known.has(id));
  const add = () => {
    const value = text.trim();
    if (!value) return;
    onChange([...examples, value]);
    setText('');
  };
  return (
    <fieldset className="examples-editor">
      <legend>Example utterances</legend>
      {examples.length === 0 ? (
        <p className="state-empty small">No examples yet.</p>
      ) : (
        <ul className="examples" aria-label="Examples">
          {examples.map((example, index) => (
            <li key={`${index}:${example}`} data-testid="example" data-example={example}>
              <span>{example}</span>
              {testable && <ExampleResult saved={known.has(exampleCaseId(nodeId, example))} last={known.get(exampleCaseId(nodeId, example)) ?? null} running={run.isPending} />}
              <button type="button" className="btn btn-small" aria-label={`Remove example: ${example}`} onClick={() => onChange(examples.filter((_, i) => i !== index))}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {testable && examples.length > 0 && (
        <div className="actions">
          <button type="button" className="btn btn-small" disabled={run.isPending || runnable.length === 0} onClick={() => run.mutate({ ids: runnable, approve: 'none' })}>
            {run.isPending ? 'Running examples…' : 'Run examples'}
          </button>
          <span className="muted small">Each saved example must lead to a call of this node’s tool within the turn (writes are rejected, not run).</span>
        </div>
      )}
      {run.isError && (
        <p role="alert" className="field-error">
          Could not run the examples: {errorMessage(run.error)}
        </p>
      )}
      <div className="inline-add">
        <label htmlFor={inputId} className="visually-hidden">
          New example
        </label>
        <input
          id={inputId}
          value={text}
          placeholder="e.g. 我的快递到哪了"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="btn" onClick={add} disabled={!text.trim()}>
          Add example
        </button>
      </div>
    </fieldset>
  );
}

function ExampleResult({ saved, last, running }: { saved: boolean; last: CaseResultSummary | null; running: boolean }) {
  if (!saved) return <span className="example-result muted small">unsaved: Preview runs it</span>;
  if (running) return <span className="example-result muted small">running…</span>;
  if (!last) return <span className="example-result muted small">not run</span>;
  return (
    <span className={`example-result small ${last.passed ? 'ok-text' : 'field-error'}`} title={last.failed.join('\n')} data-result={last.passed ? 'passed' : 'failed'}>
      {last.passed ? '✓ passed' : `✗ ${last.failed[0] ?? 'failed'}`}
    </span>
  );
}
