import { useId, useState, type FormEvent } from 'react';
import type { Settings } from '../../../../shared/contract';
import { errorMessage } from '../../lib/format';
import { useRpcMutation } from '../../lib/queries';

/** Write-only: the key goes to main and never comes back; the page only learns whether one is set, and from where. */
export function ApiKeyForm({ status }: { status: Settings['apiKey'] }) {
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

  const statusText = status.set
    ? `set, ${status.source === 'env' ? `from the environment variable ${status.envVar}` : status.storage === 'plain-text' ? `stored on this machine without a keyring (for ${status.envVar})` : `stored encrypted on this machine (for ${status.envVar})`}`
    : `not set (looked for ${status.envVar})`;

  return (
    <form className="settings-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>API key</h2>
      <p data-testid="api-key-status">
        Key: <strong className={status.set ? 'ok-text' : 'warn-text'}>{statusText}</strong>
      </p>
      {status.problem && (
        <p className="field-error" role="alert" data-testid="api-key-problem">
          The stored key can’t be used: {status.problem}.
        </p>
      )}
      {status.storage === 'environment' && (
        <p className="muted">This console cannot store keys: set {status.envVar} in the environment before starting it.</p>
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
