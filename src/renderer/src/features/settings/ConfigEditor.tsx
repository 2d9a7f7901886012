import { useRef, useState } from 'react';
import type { ConfigSnapshot } from '../../../../shared/contract';
import { useRpcMutation } from '../../lib/queries';
import { ConfigDiff } from './ConfigDiff';
import { draftStatus, useConfigDraftStore } from './config-draft-store';
import { ProblemList } from './ProblemList';
import { outcomeOfError, type SaveOutcome } from './save-outcome';
import { Trans, useTranslation } from 'react-i18next';

const LINE_HEIGHT = 20; // px, matches .yaml-editor in settings.css

/**
 * switchboard.yaml as text. Save is validated by main and refused (file untouched) while it has problems;
 * if the file changes on disk during an edit, the edit is kept and the operator chooses what happens.
 */
export function ConfigEditor({ snapshot }: { snapshot: ConfigSnapshot }) {
  const { t } = useTranslation('settings');
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
          setOutcome({ kind: 'saved', revision: saved.revision, keptBrokenText: saved.keptBrokenText });
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
      <h2 id="raw-yaml-title">{t('configEditor.rawYaml')}</h2>
      {status === 'stale' && (
        <div className="notice" role="alert" data-testid="config-changed-notice">
          <p>
            {t('configEditor.switchboardYamlChangedOn', {
              baseRevision: store.baseRevision,
              revision: snapshot.revision,
            })}
          </p>
          <div className="actions">
            <button type="button" className="btn btn-primary" onClick={reload}>
              {t('configEditor.reloadFromDiskDiscard')}
            </button>
            <button type="button" className="btn" aria-expanded={showDiff} onClick={() => setShowDiff(!showDiff)}>
              {showDiff ? t('configEditor.hide') : t('configEditor.show')} {t('configEditor.whatChangedOnDisk')}
            </button>
            <button
              type="button"
              className="btn btn-danger-quiet"
              disabled={save.isPending}
              onClick={() => submit(snapshot.revision)}
            >
              {t('configEditor.saveMineOverIt')}
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
        {t('configEditor.savedOnlyIfIt')}
      </p>
      <p className="muted small" data-testid="raw-yaml-file">
        <Trans
          t={t}
          i18nKey="configEditor.theFileSecretsWritten"
          values={{ path: snapshot.path }}
          components={{ code: <code />, code2: <code /> }}
        />
      </p>
      <div className="actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={status !== 'dirty' || save.isPending}
          onClick={() => submit(store.baseRevision ?? snapshot.revision)}
        >
          {t('configEditor.saveYaml')}
        </button>
        <button type="button" className="btn" disabled={status === 'clean' || save.isPending} onClick={reload}>
          {t('configEditor.discardEdits')}
        </button>
        {status !== 'clean' && <span className="muted">{t('configEditor.unsavedEdits')}</span>}
        {save.isPending && <span role="status">{t('configEditor.validatingAndSaving')}</span>}
      </div>
      <SaveResult outcome={outcome} onJump={jumpTo} onReload={reload} />
    </section>
  );
}

function SaveResult({
  outcome,
  onJump,
  onReload,
}: {
  outcome: SaveOutcome | null;
  onJump: (line: number) => void;
  onReload: () => void;
}) {
  const { t } = useTranslation('settings');
  if (!outcome) return null;
  if (outcome.kind === 'saved')
    return (
      <p className="ok-text" role="status" data-testid="config-saved">
        {t('configEditor.savedAndAppliedRevision', { revision: outcome.revision })}
        {outcome.keptBrokenText && (
          <span data-testid="config-kept-broken">
            {' '}
            {t('configEditor.keptBrokenText', { path: outcome.keptBrokenText })}
          </span>
        )}
      </p>
    );
  return (
    <div className="save-refused" role="alert" data-testid="config-save-error">
      <p>
        <Trans t={t} i18nKey="configEditor.notSavedTheFile" components={{ strong: <strong /> }} />{' '}
        {outcome.kind === 'refused'
          ? outcome.problems[0]?.line !== undefined
            ? t('configEditor.theFirstProblemIs', { line: outcome.problems[0].line })
            : outcome.problems.length
              ? t('configEditor.yamlProblems', { count: outcome.problems.length })
              : t('configEditor.yamlSomeProblems')
          : outcome.message}
      </p>
      {outcome.kind === 'refused' &&
        (outcome.problems.length ? (
          <ProblemList problems={outcome.problems} onJump={onJump} testId="save-problems" />
        ) : (
          <p>{outcome.message}</p>
        ))}
      {outcome.kind === 'conflict' && (
        <button type="button" className="btn" onClick={onReload}>
          {t('configEditor.reloadFromDiskDiscard')}
        </button>
      )}
    </div>
  );
}
