import { nodeAt, type NodePath } from './tree-ops';
import type { IntentEditing } from './use-intent-editing';

const STATUS_TEXT = { clean: 'No unsaved changes', dirty: 'Unsaved changes', stale: 'Unsaved changes, and the saved tree changed since you started' } as const;

/** Save / discard, the save outcome, and every problem by node (each one selects its node). */
export function SaveBar({ editing }: { editing: IntentEditing }) {
  const { status, outcome } = editing;
  const problemRows = [...editing.problems.entries()];
  return (
    <div className="save-bar">
      <div className="actions">
        <span className={`save-status save-${status}`} data-testid="intents-status">
          {STATUS_TEXT[status]}
        </span>
        <button type="button" className="btn btn-primary" disabled={status === 'clean' || editing.saving} onClick={editing.save}>
          {editing.saving ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="btn" disabled={status === 'clean' || editing.saving} onClick={editing.discard}>
          Discard changes
        </button>
        <span className="muted small" role="note">
          A saved change takes effect from the next turn, never in the middle of one.
        </span>
      </div>
      {outcome?.kind === 'saved' && (
        <p role="status" className="ok-text" data-testid="intents-saved">
          Saved (config revision {outcome.revision}). It takes effect from the next turn.
        </p>
      )}
      {outcome?.kind === 'blocked' && (
        <p role="alert" className="field-error">
          Not saved: fix the {outcome.count} problem{outcome.count > 1 ? 's' : ''} below first.
        </p>
      )}
      {outcome?.kind === 'invalid' && (
        <p role="alert" className="field-error">
          Main refused the tree: {outcome.message}
        </p>
      )}
      {outcome?.kind === 'failed' && (
        <p role="alert" className="field-error">
          Could not save: {outcome.message}
        </p>
      )}
      {(outcome?.kind === 'conflict' || status === 'stale') && (
        <div className="warn-notice" role="alert" data-testid="intents-conflict">
          <p>The intent tree was changed elsewhere (another window or the YAML file) after you started editing. Your edits are kept and nothing was overwritten.</p>
          <div className="actions">
            <button type="button" className="btn" onClick={editing.discard}>
              Reload (discard my edits)
            </button>
            <button type="button" className="btn btn-danger-quiet" disabled={editing.saving} onClick={editing.saveOver}>
              Save mine over it
            </button>
          </div>
        </div>
      )}
      {(problemRows.length > 0 || editing.generalProblems.length > 0) && (
        <ul className="problems" data-testid="intent-problems" aria-label="Problems">
          {problemRows.flatMap(([key, list]) => {
            const path: NodePath = key.split('/').map(Number);
            const node = nodeAt(editing.tree, path);
            return list.map((problem, index) => (
              <li key={`${key}:${index}`}>
                <button type="button" className="link" onClick={() => editing.reveal(path)}>
                  {node ? `${node.name || '(no name)'} [${node.id || 'no id'}]` : `node ${key}`}
                </button>
                {problem.field ? ` · ${problem.field}` : ''}: {problem.message}
              </li>
            ));
          })}
          {editing.generalProblems.map((problem, index) => (
            <li key={`general:${index}`}>
              <code>{problem.path || '(config)'}</code>: {problem.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
