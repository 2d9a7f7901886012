import { useId, useState, type FormEvent } from 'react';
import type { Settings } from '../../../../shared/contract';
import { errorMessage } from '../../lib/format';
import { useRpcMutation } from '../../lib/queries';

/**
 * Write-only: the key goes to main and never comes back; the page only learns whether one is set, and from where.
 * The browser console can store no key: it says how to set one (the environment, `apiKeyEnv`) instead of a form.
 */
export function ApiKeyForm({ status, provider = 'openai-compatible' }: { status: Settings['apiKey']; provider?: Settings['model']['provider'] }) {
  if (status.storage === 'environment') return <EnvironmentKeyHelp status={status} provider={provider} />;
  return <StoredKeyForm status={status} provider={provider} />;
}

/** No key is missing while the offline demo model answers: it needs none. */
const keyText = (status: Settings['apiKey'], provider: Settings['model']['provider']) =>
  status.set
    ? `set, ${status.source === 'env' ? `from the environment variable ${status.envVar}` : status.storage === 'plain-text' ? `stored on this machine without a keyring (for ${status.envVar})` : `stored encrypted on this machine (for ${status.envVar})`}`
    : provider === 'demo'
      ? 'not needed: the offline demo model answers without one'
      : `not set (looked for ${status.envVar})`;

function EnvironmentKeyHelp({ status, provider }: { status: Settings['apiKey']; provider: Settings['model']['provider'] }) {
  const id = useId();
  const warn = !status.set && provider !== 'demo';
  return (
    <section className="settings-form" aria-labelledby={`${id}-title`} data-testid="api-key-env-help">
      <h2 id={`${id}-title`}>API key</h2>
      <p data-testid="api-key-status">
        Key: <strong className={status.set ? 'ok-text' : warn ? 'warn-text' : 'muted'}>{keyText(status, provider)}</strong>
      </p>
      <p>The browser console reads the model’s key from the environment of <code>switchboard serve</code>; it never stores one. To set it:</p>
      <pre className="json-block" data-testid="api-key-env-command">{`${status.envVar}=sk-… npx switchboard serve`}</pre>
      <p className="muted small">
        PowerShell: <code>{`$env:${status.envVar}='sk-…'; npx switchboard serve`}</code>. To read the key from another variable, set “API key
        environment variable” in the model settings (<code>agent.model.apiKeyEnv</code> in switchboard.yaml), then restart the console. The
        desktop app can store a key encrypted instead.
      </p>
    </section>
  );
}

function StoredKeyForm({ status, provider }: { status: Settings['apiKey']; provider: Settings['model']['provider'] }) {
  const [key, setKey] = useState('');
  const [plainTextConsent, setPlainTextConsent] = useState(false);
  const needsConsent = status.storage === 'no-keyring';
  const setApiKey = useRpcMutation('settings.setApiKey', ['settings.get']);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!key.trim()) return;
    if (needsConsent && !plainTextConsent) return;
    setApiKey.mutate({ apiKey: key, ...(needsConsent && { allowPlainText: true }) }, { onSuccess: () => setKey('') });
  };

  const statusText = keyText(status, provider);
  const warn = !status.set && provider !== 'demo';

  return (
    <form className="settings-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>API key</h2>
      <p data-testid="api-key-status">
        Key: <strong className={status.set ? 'ok-text' : warn ? 'warn-text' : 'muted'}>{statusText}</strong>
      </p>
      {status.problem && (
        <p className="field-error" role="alert" data-testid="api-key-problem">
          The stored key can’t be used: {status.problem}.
        </p>
      )}
      {status.storage === 'plain-text' && (
        <p className="muted">This system has no keyring: stored keys use Electron’s plain-text fallback, as you agreed.</p>
      )}
      {needsConsent && (
        <div className="notice" data-testid="api-key-no-keyring">
          <p>
            This system offers no keyring (no GNOME Keyring, KWallet or other Secret Service), so the operating system
            can’t protect a stored key. Electron can still store it, encrypted with a key built into Electron: anyone
            who can read your files can read the key. The safer choice is to set {status.envVar} in the environment
            before starting Switchboard.
          </p>
          <label>
            <input type="checkbox" checked={plainTextConsent} onChange={(event) => setPlainTextConsent(event.target.checked)} /> Store
            the key anyway, readable by anyone with access to my files
          </label>
        </div>
      )}
      <div className="inline-field">
        <label htmlFor={`${id}-key`} className="visually-hidden">
          New API key
        </label>
        <input
          id={`${id}-key`}
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder="Paste a new key"
          value={key}
          maxLength={1000}
          onChange={(event) => {
            setKey(event.target.value);
            setApiKey.reset();
          }}
        />
        <button type="submit" className="btn btn-primary" disabled={!key.trim() || setApiKey.isPending || (needsConsent && !plainTextConsent)}>
          Save key
        </button>
        {status.source === 'stored' && (
          <button type="button" className="btn" disabled={setApiKey.isPending} onClick={() => setApiKey.mutate({ apiKey: '' })}>
            Clear stored key
          </button>
        )}
      </div>
      {setApiKey.isSuccess && <p role="status">Key updated: {setApiKey.data.set ? 'set' : 'not set'}.</p>}
      {setApiKey.isError && (
        <p className="field-error" role="alert" data-testid="api-key-error">
          Not saved: {errorMessage(setApiKey.error)}
        </p>
      )}
    </form>
  );
}
