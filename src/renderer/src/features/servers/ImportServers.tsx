import { useId, useState, type ChangeEvent } from 'react';
import type { ServerConfig } from '../../../../shared/config/schema';
import type { ImportResult } from '../../../../shared/contract';
import { useRpcMutation } from '../../lib/queries';
import { useTranslation } from 'react-i18next';
import { importedSentence } from './import-sentence';
import { shownText } from '../../lib/i18n/messages';
import { ImportEnvConsent } from './ImportEnvConsent';
import { ActionFailure } from '../../components/ActionFailure';

type Choice = 'skip' | 'rename' | 'replace';

/** What to do with servers already configured; each one's text is `importServers.choices.<choice>`. */
const CHOICES: readonly Choice[] = ['skip', 'rename', 'replace'];

export const endpointOf = (config: ServerConfig): string =>
  'builtin' in config
    ? `builtin:${config.builtin}`
    : 'command' in config
      ? [config.command, ...config.args].join(' ')
      : config.url;

/**
 * Import `{"mcpServers": …}` (Claude Desktop, Cursor) or VS Code `mcp.json`, pasted or from a file. Main writes
 * nothing while an imported name clashes with a configured one: the preview shows the clash and the operator picks.
 */
export function ImportServers({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['servers', 'common']);
  const [text, setText] = useState('');
  const [choice, setChoice] = useState<Choice>('skip');
  const [result, setResult] = useState<ImportResult | null>(null);
  /** The `${env:NAME}` variables the operator ticked: none by default, and main leaves out every other reference. */
  const [allowEnv, setAllowEnv] = useState<string[]>([]);
  const importServers = useRpcMutation('config.import'); // config.changed and catalog.changed, when it writes
  const id = useId();

  // A preview (dryRun) writes nothing; the operator then imports as shown, or picks what a clash should do.
  const run = (onConflict: 'ask' | Choice, dryRun = false, allowed = allowEnv) =>
    importServers.mutate(
      { text, onConflict, dryRun, allowEnv: allowed },
      { onSuccess: setResult, onError: () => setResult(null) },
    );
  // A tick changes what would be written: the preview is asked again with it.
  const changeAllowed = (allowed: string[]) => {
    setAllowEnv(allowed);
    run('ask', true, allowed);
  };
  // New text: the preview and the ticks were for the old one.
  const changeText = (next: string) => {
    setText(next);
    setResult(null);
    setAllowEnv([]);
  };

  const needsChoice = result !== null && !result.applied && result.conflicts.length > 0;
  const readyToImport =
    result !== null && !result.applied && result.conflicts.length === 0 && result.servers.length > 0;
  return (
    <section className="import-servers" aria-labelledby={`${id}-title`} data-testid="import-servers">
      <div className="detail-head">
        <h2 id={`${id}-title`}>{t('importServers.importServers')}</h2>
        <button type="button" className="btn btn-small" onClick={onClose}>
          {t('importServers.close')}
        </button>
      </div>
      <ImportSource id={id} text={text} onText={changeText} />
      <div className="actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!text.trim() || importServers.isPending}
          onClick={() => run('ask', true)}
        >
          {importServers.isPending ? t('importServers.reading') : t('importServers.preview')}
        </button>
        {readyToImport && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={importServers.isPending}
            onClick={() => run('ask')}
          >
            {t('importServers.importServers', { count: result.servers.length })}
          </button>
        )}
        <span className="muted small">{t('importServers.thePreviewWritesNothing')}</span>
      </div>
      <ActionFailure action={importServers} say={(reason) => t('importServers.importFailed', { message: reason })} />
      {result && !result.applied && (
        <ImportEnvConsent references={result.environment} allowed={allowEnv} onChange={changeAllowed} />
      )}
      {result && <ImportPreview result={result} />}
      {needsChoice && (
        <ClashChoice
          id={id}
          conflicts={result.conflicts}
          choice={choice}
          onChoice={setChoice}
          pending={importServers.isPending}
          onImport={() => run(choice)}
        />
      )}
    </section>
  );
}

/** The text to import: pasted, or read from a file (a file that cannot be read says why). */
function ImportSource({ id, text, onText }: { id: string; text: string; onText: (text: string) => void }) {
  const { t } = useTranslation(['servers', 'common']);
  const [readError, setReadError] = useState<string | null>(null);
  const readFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setReadError(null);
    const reader = new FileReader();
    reader.onload = () => onText(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () =>
      setReadError(
        t('importServers.couldNotRead', {
          file: file.name,
          failure: reader.error?.message ?? t('importServers.unknownReadError'),
        }),
      );
    reader.readAsText(file);
  };
  return (
    <>
      <div className="form-field">
        <label htmlFor={`${id}-text`}>{t('importServers.pasteAnMcpserversJson')}</label>
        <textarea
          id={`${id}-text`}
          rows={8}
          spellCheck={false}
          className="mono"
          placeholder={t('importServers.mcpserversFilesCommandNpx')}
          value={text}
          onChange={(event) => onText(event.target.value)}
        />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-file`}>{t('importServers.orReadItFrom')}</label>
        <input id={`${id}-file`} type="file" accept=".json,.jsonc,application/json" onChange={readFile} />
        {readError && <p className="field-error">{readError}</p>}
      </div>
    </>
  );
}

interface ClashChoiceProps {
  id: string;
  conflicts: readonly string[];
  choice: Choice;
  onChoice: (choice: Choice) => void;
  pending: boolean;
  onImport: () => void;
}

/** Imported names that are already configured: skip them, rename them or replace the configured ones. */
function ClashChoice({ id, conflicts, choice, onChoice, pending, onImport }: ClashChoiceProps) {
  const { t } = useTranslation(['servers', 'common']);
  return (
    <fieldset className="editor-section" data-testid="import-conflicts">
      <legend>
        {conflicts.length === 1
          ? t('importServers.is', { conflicts: conflicts[0] })
          : t('importServers.are', { names: conflicts.join(', ') })}{' '}
        {t('importServers.alreadyConfiguredWhatShould')}
      </legend>
      {CHOICES.map((option) => (
        <label key={option} className="radio-row">
          <input
            type="radio"
            name={`${id}-choice`}
            value={option}
            checked={choice === option}
            onChange={() => onChoice(option)}
          />
          {t(`importServers.choices.${option}`)}
        </label>
      ))}
      <button type="button" className="btn btn-primary" disabled={pending} onClick={onImport}>
        {t('importServers.importWithThisChoice')}
      </button>
    </fieldset>
  );
}

function ImportPreview({ result }: { result: ImportResult }) {
  const { t, i18n } = useTranslation(['servers', 'common']);
  const { t: sentenceT } = useTranslation('servers');
  const clashes = new Set(result.conflicts);
  return (
    <div className="import-preview" data-testid="import-preview">
      <p role="status" className={result.applied ? 'ok-text' : undefined}>
        {result.applied
          ? importedSentence(sentenceT, result)
          : result.servers.length
            ? t('importServers.nothingWrittenYetFound', {
                count: result.servers.length,
                format: result.format === 'vscode' ? 'VS Code mcp.json' : 'mcpServers',
              })
            : t('importServers.nothingToImport')}
      </p>
      {result.servers.length > 0 && (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('importServers.name')}</th>
              <th scope="col">{t('importServers.action')}</th>
              <th scope="col">{t('importServers.runs')}</th>
              <th scope="col">{t('importServers.settings')}</th>
            </tr>
          </thead>
          <tbody>
            {result.servers.map((server) => (
              <tr key={`${server.originalName}:${server.name}`} data-server={server.name}>
                <td>
                  {server.name}
                  {server.originalName !== server.name && (
                    <span className="muted"> {t('importServers.was', { originalName: server.originalName })}</span>
                  )}
                </td>
                <td>
                  {!result.applied && clashes.has(server.name) ? (
                    <span className="warn-text">{t('importServers.nameClash')}</span>
                  ) : (
                    <span title={server.action}>{t(`importServers.actions.${server.action}`)}</span>
                  )}
                </td>
                <td>
                  <code>{endpointOf(server.config)}</code>
                </td>
                <td>
                  <ImportedSettings config={server.config} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {result.problems.length > 0 && (
        <ul className="problems" aria-label={t('importServers.importProblems')}>
          {result.problems.map((problem, index) => (
            <li key={index}>
              {problem.server ? `${problem.server}` : t('common:shared.file')}
              {problem.path ? ` · ${problem.path}` : ''}: {shownText(i18n, problem.message, problem.uiMessage)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Values that may be secrets (env, headers) are never shown: their names are, with the value masked. A value that
 * reads the environment is shown as main sent it, `${env:NAME}` by name (literal text beside it masked by main).
 */
const MASK = '••••••';
const shownValue = (value: string | undefined) => (value?.includes('${env:') ? value : MASK);

/** What the preview shows of an entry beyond its command: env and header names (values masked), and its timeout. */
function ImportedSettings({ config }: { config: ServerConfig }) {
  const { t } = useTranslation(['servers', 'common']);
  const envValues: Record<string, string> = 'env' in config ? config.env : {};
  const headerValues: Record<string, string> = 'headers' in config ? config.headers : {};
  const env = Object.keys(envValues);
  const headers = Object.keys(headerValues);
  return (
    <span className="imported-settings" data-testid="imported-settings">
      {env.length > 0 && (
        <span data-testid="imported-env">
          {t('importServers.env')}{' '}
          {env.map((key) => (
            <code key={key} className="masked-entry">
              {key}={shownValue(envValues[key])}
            </code>
          ))}
        </span>
      )}
      {headers.length > 0 && (
        <span data-testid="imported-headers">
          {t('importServers.headers')}{' '}
          {headers.map((key) => (
            <code key={key} className="masked-entry">
              {key}: {shownValue(headerValues[key])}
            </code>
          ))}
        </span>
      )}
      {config.timeoutMs !== undefined && (
        <span data-testid="imported-timeout">{t('importServers.timeoutms', { timeoutMs: config.timeoutMs })}</span>
      )}
      {env.length === 0 && headers.length === 0 && config.timeoutMs === undefined && <span className="muted">—</span>}
    </span>
  );
}
