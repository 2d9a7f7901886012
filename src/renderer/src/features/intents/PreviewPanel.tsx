import { useState } from 'react';
import type { IntentNode } from '../../../../shared/config/schema';
import type { Preview } from '../../../../shared/contract';
import { errorMessage } from '../../lib/format';
import { useRpcMutation } from '../../lib/queries';

/**
 * What-if for the unsaved tree: against the saved configuration, the tools a turn would see (no skill loaded),
 * names added or removed and tokens before and after, and the affected nodes' examples run against the draft.
 * Nothing is saved; writes in the examples are not executed.
 */
export function PreviewPanel({ tree }: { tree: IntentNode[] }) {
  const preview = useRpcMutation('preview.run');
  const [previewed, setPreviewed] = useState<string | null>(null);
  const current = JSON.stringify(tree);
  const run = () => {
    setPreviewed(current);
    preview.mutate({ intents: tree });
  };
  return (
    <section className="preview-panel" aria-labelledby="preview-title" data-testid="preview-panel">
      <div className="actions">
        <h2 id="preview-title" className="preview-title">
          Preview
        </h2>
        <button type="button" className="btn" disabled={preview.isPending} onClick={run}>
          {preview.isPending ? 'Previewing…' : previewed ? 'Preview again' : 'Preview the draft'}
        </button>
        <span className="muted small">Against the saved configuration. Nothing is saved; writes in examples are not executed.</span>
      </div>
      {preview.isError && (
        <p role="alert" className="field-error">
          No preview: {errorMessage(preview.error)}
        </p>
      )}
      {preview.data && !preview.isPending && (
        <>
          {previewed !== current && <p className="warn-notice small">The draft changed since this preview.</p>}
          <PreviewResult preview={preview.data} />
        </>
      )}
    </section>
  );
}

function PreviewResult({ preview }: { preview: Preview }) {
  const delta = preview.after.totalTokens - preview.before.totalTokens;
  const unchanged = preview.added.length === 0 && preview.removed.length === 0 && preview.changedDescriptions.length === 0;
  return (
    <div data-testid="preview-result">
      <h3>Tools visible on a turn (no skill loaded)</h3>
      <p data-testid="preview-tokens">
        Saved: {preview.before.tools.length} tools, ~{preview.before.totalTokens} tokens → draft: {preview.after.tools.length} tools, ~{preview.after.totalTokens}{' '}
        tokens ({delta >= 0 ? '+' : ''}
        {delta}).
      </p>
      {unchanged ? (
        <p className="muted small">The draft changes no tool the model sees.</p>
      ) : (
        <ul className="plain-list" data-testid="preview-changes">
          {preview.added.map((name) => (
            <li key={`+${name}`} className="tool-added">
              + <code>{name}</code> becomes visible
            </li>
          ))}
          {preview.removed.map((name) => (
            <li key={`-${name}`} className="tool-removed">
              − <code>{name}</code> is no longer visible
            </li>
          ))}
          {preview.changedDescriptions.map((name) => (
            <li key={`~${name}`}>
              ~ <code>{name}</code>: the model reads a different description
            </li>
          ))}
        </ul>
      )}
      <h3>Examples of the affected nodes, against the draft</h3>
      {preview.examples.length === 0 ? (
        <p className="muted small">{preview.affectedNodes.length ? `The affected nodes (${preview.affectedNodes.join(', ')}) have no examples.` : 'No node with examples is affected.'}</p>
      ) : (
        <ul className="plain-list" data-testid="preview-examples">
          {preview.examples.map((result) => (
            <li key={result.id} data-passed={result.passed} className={result.passed ? 'ok-text' : 'field-error'}>
              {result.passed ? '✓' : '✗'} {result.name}
              {!result.passed && <span className="small"> — {result.failed.join('; ')}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
