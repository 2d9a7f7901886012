import { useId, useState, type FormEvent } from 'react';
import { consoleToken, forgetConsoleToken } from '../lib/rpc';

/**
 * The browser console without a token the host takes: which token, where `switchboard serve` printed it, and how to
 * get a new one. Shown instead of the pages, which could only wait forever for a connection the host refuses.
 */
export function TokenRequired() {
  const hadToken = consoleToken(window.location, window.sessionStorage) !== '';
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const token = tokenFrom(value.trim());
    if (!token) return setError('Paste the whole URL `switchboard serve` printed, or the token after ?token=.');
    forgetConsoleToken(window.sessionStorage);
    window.location.assign(`/?token=${encodeURIComponent(token)}${window.location.hash}`);
  };

  return (
    <main className="token-required" data-testid="token-required" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{hadToken ? 'This console’s token has changed' : 'This console needs its access token'}</h1>
      {hadToken ? (
        <p data-testid="token-stale">
          The token in this address is not the one this console takes. It was replaced (<code>switchboard serve --new-token</code>), or the
          address belongs to another data directory.
        </p>
      ) : (
        <p data-testid="token-missing">The address has no token, so the console cannot connect. Only someone who can read your data directory has it.</p>
      )}
      <h2>Where to find it</h2>
      <ul>
        <li>
          <code>switchboard serve</code> printed the console’s address with its token when it started:{' '}
          <code>Switchboard console: http://127.0.0.1:7345/?token=…</code>. Open that address.
        </li>
        <li>
          The token is kept in the file <code>console-token</code> in the data directory (<code>~/.switchboard</code> unless{' '}
          <code>--data-dir</code> or <code>SWITCHBOARD_DATA_DIR</code> says otherwise), so the address stays the same across restarts and can be
          bookmarked.
        </li>
        <li>
          To make a new one (the old address stops working): stop the console and run <code>switchboard serve --new-token</code>.
        </li>
      </ul>
      <form className="token-form" onSubmit={submit}>
        <label htmlFor={`${id}-token`}>Console address or token</label>
        <div className="inline-field">
          <input
            id={`${id}-token`}
            value={value}
            spellCheck={false}
            autoComplete="off"
            placeholder="http://127.0.0.1:7345/?token=…"
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
          />
          <button type="submit" className="btn btn-primary" disabled={!value.trim()}>
            Connect
          </button>
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </main>
  );
}

/** The token in a pasted console address, or the pasted text itself when it is a bare token. */
export function tokenFrom(text: string): string | undefined {
  if (!text) return undefined;
  try {
    const fromUrl = new URL(text).searchParams.get('token');
    if (fromUrl) return fromUrl;
  } catch {
    // not a URL: a bare token
  }
  return /^[A-Za-z0-9_-]{16,}$/.test(text) ? text : undefined;
}
