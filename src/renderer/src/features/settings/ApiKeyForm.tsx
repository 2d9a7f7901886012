import { useId, useState, type FormEvent } from 'react';
import type { Settings } from '../../../../shared/contract';
import { errorMessage } from '../../lib/format';
import { useRpcMutation } from '../../lib/queries';

/** Write-only: the key goes to main and never comes back; the page only learns whether one is set, and from where. */
export function ApiKeyForm({ status }: { status: Settings['apiKey'] }) {
  const [key, setKey] = useState('');
  const setApiKey = useRpcMutation('settings.setApiKey', ['settings.get']);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!key.trim()) return;
    setApiKey.mutate({ apiKey: key }, { onSuccess: () => setKey('') });
  };

  const statusText = status.set
    ? `set, ${status.source === 'env' ? `from the environment variable ${status.envVar}` : `stored encrypted on this machine (for ${status.envVar})`}`
    : `not set (looked for ${status.envVar})`;

  return (
    <form className="settings-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>API key</h2>
      <p data-testid="api-key-status">
        Key: <strong className={status.set ? 'ok-text' : 'warn-text'}>{statusText}</strong>
      </p>
      {!status.canStore && (
        <p className="muted">This console cannot store keys: set {status.envVar} in the environment before starting it.</p>
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
        <button type="submit" className="btn btn-primary" disabled={!key.trim() || setApiKey.isPending}>
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
