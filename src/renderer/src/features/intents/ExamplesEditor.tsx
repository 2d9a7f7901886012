import { useId, useState } from 'react';
import type { CaseResultSummary } from '../../../../shared/contract';
import { failedTexts } from '../../lib/test-results';
import { useRpcMutation, useRpcQuery } from '../../lib/queries';
import { useTranslation } from 'react-i18next';
import { ActionFailure } from '../../components/ActionFailure';

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
  const { t } = useTranslation('intents');
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
      <legend>{t('examples.title')}</legend>
      {examples.length === 0 ? (
        <p className="state-empty small">{t('examples.none')}</p>
      ) : (
        <ul className="examples" aria-label={t('examples.list')}>
          {examples.map((example, index) => (
            <li key={`${index}:${example}`} data-testid="example" data-example={example}>
              <span>{example}</span>
              {testable && (
                <ExampleResult
                  saved={known.has(exampleCaseId(nodeId, example))}
                  last={known.get(exampleCaseId(nodeId, example)) ?? null}
                  running={run.isPending}
                />
              )}
              <button
                type="button"
                className="btn btn-small"
                aria-label={t('examples.removeExample', { example })}
                onClick={() => onChange(examples.filter((_, i) => i !== index))}
              >
                {t('examples.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {testable && examples.length > 0 && (
        <div className="actions">
          <button
            type="button"
            className="btn btn-small"
            disabled={run.isPending || runnable.length === 0}
            onClick={() => run.mutate({ ids: runnable, approve: 'none' })}
          >
            {run.isPending ? t('examples.running') : t('examples.run')}
          </button>
          <span className="muted small">{t('examples.eachMustLeadToACall')}</span>
        </div>
      )}
      <ActionFailure action={run} say={(reason) => t('examples.couldNotRun', { errorMessage: reason })} />
      <div className="inline-add">
        <label htmlFor={inputId} className="visually-hidden">
          {t('examples.newExample')}
        </label>
        <input
          id={inputId}
          value={text}
          placeholder={t('examples.placeholder')}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="btn" onClick={add} disabled={!text.trim()}>
          {t('examples.add')}
        </button>
      </div>
    </fieldset>
  );
}

function ExampleResult({ saved, last, running }: { saved: boolean; last: CaseResultSummary | null; running: boolean }) {
  const { t, i18n } = useTranslation(['intents', 'common']);
  if (!saved) return <span className="example-result muted small">{t('examples.unsaved')}</span>;
  if (running) return <span className="example-result muted small">{t('examples.runningOne')}</span>;
  if (!last) return <span className="example-result muted small">{t('examples.notRun')}</span>;
  return (
    <span
      className={`example-result small ${last.passed ? 'ok-text' : 'field-error'}`}
      title={failedTexts(i18n, last).join('\n')}
      data-result={last.passed ? 'passed' : 'failed'}
    >
      {last.passed ? `✓ ${t('common:shared.passed')}` : `✗ ${failedTexts(i18n, last)[0] ?? t('common:shared.failed')}`}
    </span>
  );
}
