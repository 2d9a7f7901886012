import { useMemo, useRef, useState, type Ref } from 'react';
import type { ConfigSnapshot } from '../../../../shared/contract';
import { shownValue, type SaveOutcome } from '../../lib/drafts/draft-store';
import { useDraftSave, type DraftSave } from '../../lib/drafts/use-draft-save';
import { useRpcMutation } from '../../lib/queries';
import { failureText } from '../../lib/rpc-problems';
import { ConfigDiff } from './ConfigDiff';
import { savedValueOf, useConfigDraftStore } from './config-draft-store';
import { ProblemList } from './ProblemList';
import { Trans, useTranslation } from 'react-i18next';

const LINE_HEIGHT = 20; // px, matches .yaml-editor in settings.css

/**
 * switchboard.yaml as text. Save is validated by main and refused (file untouched) while it has problems;
 * if the file changes on disk during an edit, the edit is kept and the operator chooses what happens.
 */
export function ConfigEditor({ snapshot }: { snapshot: ConfigSnapshot }) {
  const { t } = useTranslation('settings');
  const saved = useMemo(() => savedValueOf(snapshot), [snapshot]);
  const value = useConfigDraftStore((state) => shownValue(state, saved));
  const outcome = useConfigDraftStore((state) => state.outcome);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const jumpTo = (line: number) => selectLine(textarea.current, value, line);
  const save = useDraftSave(useConfigDraftStore, saved, {
    mutation: useRpcMutation('config.save'), // config.changed refreshes config and settings
    toInput: (raw, baseRevision) => ({ raw, baseRevision }),
    // The cursor goes to the first problem: the place to fix first (a YAML cascade follows from it).
    onRefused: (failure) => {
      const line = failure.kind === 'invalid' ? failure.problems[0]?.line : undefined;
      if (line !== undefined) jumpTo(line);
    },
  });

  return (
    <section className="config-editor" aria-labelledby="raw-yaml-title">
      <h2 id="raw-yaml-title">{t('configEditor.rawYaml')}</h2>
      {save.status === 'stale' && <ChangedOnDisk snapshot={snapshot} save={save} />}
      <YamlText
        ref={textarea}
        value={value}
        save={save}
        onEdit={(text) => useConfigDraftStore.getState().edit(text, saved)}
      />
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
      <SaveActions save={save} />
      <SaveResult outcome={outcome} onJump={jumpTo} onReload={save.discard} />
    </section>
  );
}

/** Selects a line in the editor and scrolls it into view, a few lines below the top. */
function selectLine(el: HTMLTextAreaElement | null, value: string, line: number) {
  if (!el) return;
  const lines = value.split('\n');
  const start = lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0);
  el.focus();
  el.setSelectionRange(start, start + (lines[line - 1]?.length ?? 0));
  el.scrollTop = Math.max(0, (line - 4) * LINE_HEIGHT);
}

/** The file changed on disk under an edit: reload, see what changed, or save over it. */
function ChangedOnDisk({ snapshot, save }: { snapshot: ConfigSnapshot; save: DraftSave }) {
  const { t } = useTranslation('settings');
  const [showDiff, setShowDiff] = useState(false);
  const baseRevision = useConfigDraftStore((state) => state.baseRevision);
  const baseRaw = useConfigDraftStore((state) => state.base);
  return (
    <div className="notice" role="alert" data-testid="config-changed-notice">
      <p>{t('configEditor.switchboardYamlChangedOn', { baseRevision, revision: snapshot.revision })}</p>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={save.discard}>
          {t('configEditor.reloadFromDiskDiscard')}
        </button>
        <button type="button" className="btn" aria-expanded={showDiff} onClick={() => setShowDiff(!showDiff)}>
          {showDiff ? t('configEditor.hide') : t('configEditor.show')} {t('configEditor.whatChangedOnDisk')}
        </button>
        <button type="button" className="btn btn-danger-quiet" disabled={save.saving} onClick={save.saveOver}>
          {t('configEditor.saveMineOverIt')}
        </button>
      </div>
      {showDiff && <ConfigDiff before={baseRaw ?? ''} after={snapshot.raw} />}
    </div>
  );
}

interface YamlTextProps {
  ref: Ref<HTMLTextAreaElement>;
  value: string;
  save: DraftSave;
  onEdit: (text: string) => void;
}

/** The YAML with a line-number gutter that scrolls along; Ctrl/⌘+S saves. */
function YamlText({ ref, value, save, onEdit }: YamlTextProps) {
  const gutter = useRef<HTMLDivElement>(null);
  const lineCount = value.split('\n').length;
  return (
    <div className="yaml-frame">
      <div className="yaml-gutter" ref={gutter} aria-hidden="true">
        {Array.from({ length: lineCount }, (_, i) => (
          <div key={i}>{i + 1}</div>
        ))}
      </div>
      <textarea
        ref={ref}
        className="yaml-editor"
        data-testid="raw-yaml"
        aria-labelledby="raw-yaml-title"
        aria-describedby="raw-yaml-help"
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        wrap="off"
        value={value}
        onChange={(event) => onEdit(event.target.value)}
        onScroll={(event) => {
          if (gutter.current) gutter.current.scrollTop = event.currentTarget.scrollTop;
        }}
        onKeyDown={(event) => {
          if (event.key === 's' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            if (save.status === 'dirty') save.save();
          }
        }}
      />
    </div>
  );
}

function SaveActions({ save }: { save: DraftSave }) {
  const { t } = useTranslation('settings');
  return (
    <div className="actions">
      <button
        type="button"
        className="btn btn-primary"
        disabled={save.status !== 'dirty' || save.saving}
        onClick={save.save}
      >
        {t('configEditor.saveYaml')}
      </button>
      <button type="button" className="btn" disabled={save.status === 'clean' || save.saving} onClick={save.discard}>
        {t('configEditor.discardEdits')}
      </button>
      {save.status !== 'clean' && <span className="muted">{t('configEditor.unsavedEdits')}</span>}
      {save.saving && <span role="status">{t('configEditor.validatingAndSaving')}</span>}
    </div>
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
  if (!outcome || outcome.kind === 'blocked') return null;
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
        {outcome.kind === 'invalid'
          ? outcome.problems[0]?.line !== undefined
            ? t('configEditor.theFirstProblemIs', { line: outcome.problems[0].line })
            : outcome.problems.length
              ? t('configEditor.yamlProblems', { count: outcome.problems.length })
              : t('configEditor.yamlSomeProblems')
          : failureText(outcome)}
      </p>
      {outcome.kind === 'invalid' &&
        (outcome.problems.length ? (
          <ProblemList problems={outcome.problems} onJump={onJump} testId="save-problems" />
        ) : (
          <p>{failureText(outcome)}</p>
        ))}
      {outcome.kind === 'conflict' && (
        <button type="button" className="btn" onClick={onReload}>
          {t('configEditor.reloadFromDiskDiscard')}
        </button>
      )}
    </div>
  );
}
