import { useId, useState, type FormEvent } from 'react';
import { consoleToken, forgetConsoleToken } from '../lib/rpc';
import { Trans, useTranslation } from 'react-i18next';

/**
 * The browser console without a token the host takes: which token, where `switchboard serve` printed it, and how to
 * get a new one. Shown instead of the pages, which could only wait forever for a connection the host refuses.
 */
export function TokenRequired() {
  const { t } = useTranslation('common');
  const hadToken = consoleToken(window.location, window.sessionStorage) !== '';
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const token = tokenFrom(value.trim());
    if (!token) return setError(t('tokenRequired.pasteTheUrl'));
    forgetConsoleToken(window.sessionStorage);
    window.location.assign(`/?token=${encodeURIComponent(token)}${window.location.hash}`);
  };

  return (
    <main className="token-required" data-testid="token-required" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>
        {hadToken ? t('tokenRequired.thisConsoleSToken') : t('tokenRequired.thisConsoleNeedsIts')}
      </h1>
      {hadToken ? (
        <p data-testid="token-stale">
          <Trans t={t} i18nKey="tokenRequired.theTokenInThis" components={{ code: <code /> }} />
        </p>
      ) : (
        <p data-testid="token-missing">{t('tokenRequired.theAddressHasNo')}</p>
      )}
      <h2>{t('tokenRequired.whereToFindIt')}</h2>
      <ul>
        <li>
          <Trans
            t={t}
            i18nKey="tokenRequired.switchboardServePrintedThe"
            components={{ code: <code />, code2: <code /> }}
          />
        </li>
        <li>
          <Trans
            t={t}
            i18nKey="tokenRequired.theTokenIsKept"
            components={{ code: <code />, code2: <code />, code3: <code />, code4: <code /> }}
          />
        </li>
        <li>
          <Trans t={t} i18nKey="tokenRequired.toMakeANew" components={{ code: <code /> }} />
        </li>
      </ul>
      <form className="token-form" onSubmit={submit}>
        <label htmlFor={`${id}-token`}>{t('tokenRequired.consoleAddressOrToken')}</label>
        <div className="inline-field">
          <input
            id={`${id}-token`}
            value={value}
            spellCheck={false}
            autoComplete="off"
            placeholder={t('tokenRequired.httpToken')}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
          />
          <button type="submit" className="btn btn-primary" disabled={!value.trim()}>
            {t('tokenRequired.connect')}
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
