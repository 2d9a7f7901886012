import { useRef, useState } from 'react';
import type { ConfigSnapshot } from '../../../../shared/contract';
import { useRpcMutation } from '../../lib/queries';
import { ConfigDiff } from './ConfigDiff';
import { draftStatus, useConfigDraftStore } from './config-draft-store';
import { ProblemList } from './ProblemList';
import { outcomeOfError, type SaveOutcome } from './save-outcome';

const LINE_HEIGHT = 20; // px, matches .yaml-editor in settings.css

/**
 * switchboard.yaml as text. Save is validated by main and refused (file untouched) while it has problems;
 * if the file changes on disk during an edit, the edit is kept and the operator chooses what happens.
 */
export function ConfigEditor({ snapshot }: { snapshot: ConfigSnapshot }) {
  const store = useConfigDraftStore();
  const status = draftStatus(store, snapshot.revision);
  const value = status === 'clean' ? snapshot.raw : store.draft!;
  const save = useRpcMutation('config.save'); // config.changed refreshes config and settings
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const [showDiff, setShowDiff] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const gutter = useRef<HTMLDivElement>(null);
  const lineCount = value.split('\n').length;

  const submit = (baseRevision: number) => {
    if (status === 'clean') return;
    setOutcome(null);
    save.mutate(
      { raw: value, baseRevision },
      {
        onSuccess: (saved) => {
          store.discard();
          setShowDiff(false);
          setOutcome({ kind: 'saved', revision: saved.revision });
        },
        onError: (error) => {
          const next = outcomeOfError(error);
          setOutcome(next);
          // The cursor goes to the first problem: the place to fix first (a YAML cascade follows from it).
          const line = next.kind === 'refused' ? next.problems[0]?.line : undefined;
          if (line !== undefined) jumpTo(line);
        },
      },
    );
  };

  const jumpTo = (line: number) => {
    const el = textarea.current;
    if (!el) return;
    const lines = value.split('\n');
    const start = lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0);
    el.focus();
    el.setSelectionRange(start, start + (lines[line - 1]?.length ?? 0));
    el.scrollTop = Math.max(0, (line - 4) * LINE_HEIGHT);
  };

  const reload = () => {
    store.discard();
    setOutcome(null);
    setShowDiff(false);
  };

  return (
    <section className="config-editor" aria-labelledby="raw-yaml-title">
      <h2 id="raw-yaml-title">Raw YAML</h2>
      {status === 'stale' && (
        <div className="notice" role="alert" data-testid="config-changed-notice">
          <p>
            switchboard.yaml changed on disk while you were editing (revision {store.baseRevision} → {snapshot.revision}). Your edits are kept
            below and nothing was overwritten.
          </p>
          <div className="actions">
            <button type="button" className="btn btn-primary" onClick={reload}>
              Reload from disk (discard my edits)
            </button>
            <button type="button" className="btn" aria-expanded={showDiff} onClick={() => setShowDiff(!showDiff)}>
              {showDiff ? 'Hide' : 'Show'} what changed on disk
            </button>
            <button type="button" className="btn btn-danger-quiet" disabled={save.isPending} onClick={() => submit(snapshot.revision)}>
              Save mine over it
            </button>
          </div>
          {showDiff && <ConfigDiff before={store.baseRaw ?? ''} after={snapshot.raw} />}
        </div>
      )}
      <div className="yaml-frame">
        <div className="yaml-gutter" ref={gutter} aria-hidden="true">
          {Array.from({ length: lineCount }, (_, i) => (
            <div key={i}>{i + 1}</div>
          ))}
        </div>
        <textarea
          ref={textarea}
          className="yaml-editor"
          data-testid="raw-yaml"
          aria-labelledby="raw-yaml-title"
          aria-describedby="raw-yaml-help"
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          wrap="off"
          value={value}
          onChange={(event) => {
            store.edit(event.target.value, snapshot);
            if (outcome?.kind === 'saved') setOutcome(null);
          }}
          onScroll={(event) => {
            if (gutter.current) gutter.current.scrollTop = event.currentTarget.scrollTop;
          }}
          onKeyDown={(event) => {
            if (event.key === 's' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              if (status === 'dirty') submit(store.baseRevision ?? snapshot.revision);
            }
          }}
        />
      </div>
      <p id="raw-yaml-help" className="muted small">
        Saved only if it parses and validates; otherwise the file on disk is left as it is. Ctrl+S saves.
      </p>
      <p className="muted small" data-testid="raw-yaml-file">
        The file: <code>{snapshot.path}</code>. Secrets written literally in a server entry are shown masked (••••): leave a mask as it is
        to keep its secret, or replace it whole, better with <code>{'${env:NAME}'}</code>. To see a secret, open the file itself.
      </p>
      <div className="actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={status !== 'dirty' || save.isPending}
          onClick={() => submit(store.baseRevision ?? snapshot.revision)}
        >
          Save YAML
        </button>
        <button type="button" className="btn" disabled={status === 'clean' || save.isPending} onClick={reload}>
          Discard edits
        </button>
        {status !== 'clean' && <span className="muted">Unsaved edits</span>}
        {save.isPending && <span role="status">Validating and saving…</span>}
      </div>
      <SaveResult outcome={outcome} onJump={jumpTo} onReload={reload} />
    </section>
  );
}

function SaveResult({ outcome, onJump, onReload }: { outcome: SaveOutcome | null; onJump: (line: number) => void; onReload: () => void }) {
  if (!outcome) return null;
  if (outcome.kind === 'saved')
    return (
      <p className="ok-text" role="status" data-testid="config-saved">
        Saved and applied (revision {outcome.revision}).
      </p>
    );
  return (
    <div className="save-refused" role="alert" data-testid="config-save-error">
      <p>
        <strong>Not saved</strong> — the file on disk is unchanged.{' '}
        {outcome.kind === 'refused'
          ? outcome.problems[0]?.line !== undefined
            ? `The first problem is on line ${outcome.problems[0].line}:`
            : `The YAML has ${outcome.problems.length || 'some'} problem${outcome.problems.length === 1 ? '' : 's'}:`
          : outcome.message}
      </p>
      {outcome.kind === 'refused' &&
        (outcome.problems.length ? <ProblemList problems={outcome.problems} onJump={onJump} testId="save-problems" /> : <p>{outcome.message}</p>)}
      {outcome.kind === 'conflict' && (
        <button type="button" className="btn" onClick={onReload}>
          Reload from disk (discard my edits)
        </button>
      )}
    </div>
  );
}
