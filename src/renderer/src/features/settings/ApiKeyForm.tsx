import { useId, useState, type FormEvent } from 'react';
import type { ModelProviderChoice, Settings } from '../../../../shared/contract';
import { useRpcMutation } from '../../lib/queries';
import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { shownText } from '../../lib/i18n/messages';
import { ActionFailure } from '../../components/ActionFailure';

/**
 * Write-only: the key goes to main and never comes back; the page only learns whether one is set, and from where.
 * The browser console can store no key: it says how to set one (the environment, `apiKeyEnv`) instead of a form.
 */
export function ApiKeyForm({
  status,
  provider,
}: {
  status: Settings['apiKey'];
  /** The provider in use; without one, a key is needed. */
  provider?: ModelProviderChoice;
}) {
  if (status.storage === 'environment') return <EnvironmentKeyHelp status={status} provider={provider} />;
  return <StoredKeyForm status={status} provider={provider} />;
}

/** Whether the model in use asks for a key: no key is missing for one that answers without (an offline model). */
const needsKey = (provider: ModelProviderChoice | undefined) => provider?.needsApiKey !== false;

/** Where the key is, in the console's language. */
const keyText = (t: TFunction<'settings'>, status: Settings['apiKey'], provider: ModelProviderChoice | undefined) =>
  status.set
    ? status.source === 'env'
      ? t('apiKeyForm.keyState.fromEnvironment', { envVar: status.envVar })
      : status.storage === 'plain-text'
        ? t('apiKeyForm.keyState.storedWithoutKeyring', { envVar: status.envVar })
        : t('apiKeyForm.keyState.storedEncrypted', { envVar: status.envVar })
    : needsKey(provider)
      ? t('apiKeyForm.keyState.notSet', { envVar: status.envVar })
      : t('apiKeyForm.keyState.notNeeded');

function EnvironmentKeyHelp({
  status,
  provider,
}: {
  status: Settings['apiKey'];
  provider: ModelProviderChoice | undefined;
}) {
  const { t } = useTranslation('settings');
  const id = useId();
  return (
    <section className="settings-form" aria-labelledby={`${id}-title`} data-testid="api-key-env-help">
      <h2 id={`${id}-title`}>{t('apiKeyForm.apiKey')}</h2>
      <KeyStatusLine status={status} provider={provider} sentence="environment" />
      <p>
        <Trans t={t} i18nKey="apiKeyForm.theBrowserConsoleReads" components={{ code: <code /> }} />
      </p>
      <pre className="json-block" data-testid="api-key-env-command">
        {t('apiKeyForm.skNpxSwitchboardServe', { envVar: status.envVar })}
      </pre>
      <p className="muted small">
        {t('apiKeyForm.powershell')} <code>{t('apiKeyForm.envSkNpxSwitchboard', { envVar: status.envVar })}</code>
        <Trans t={t} i18nKey="apiKeyForm.toReadTheKey" components={{ code: <code /> }} />
      </p>
    </section>
  );
}

/**
 * "Key: <where it is>", in the sentence each form uses; green when set, a warning when a model needs one and there is
 * none.
 */
function KeyStatusLine({
  status,
  provider,
  sentence,
}: {
  status: Settings['apiKey'];
  provider: ModelProviderChoice | undefined;
  sentence: 'environment' | 'stored';
}) {
  const { t } = useTranslation('settings');
  const warn = !status.set && needsKey(provider);
  const text = keyText(t, status, provider);
  return (
    <p data-testid="api-key-status">
      <Trans
        t={t}
        i18nKey={sentence === 'environment' ? 'apiKeyForm.key' : 'apiKeyForm.keyStatus'}
        values={sentence === 'environment' ? { keyText: text } : { statusText: text }}
        components={{ strong: <strong className={status.set ? 'ok-text' : warn ? 'warn-text' : 'muted'} /> }}
      />
    </p>
  );
}

const useSetApiKey = () => useRpcMutation('settings.setApiKey', ['settings.get']);
type SetApiKey = ReturnType<typeof useSetApiKey>;

function StoredKeyForm({
  status,
  provider,
}: {
  status: Settings['apiKey'];
  provider: ModelProviderChoice | undefined;
}) {
  const { t } = useTranslation('settings');
  const [key, setKey] = useState('');
  const [plainTextConsent, setPlainTextConsent] = useState(false);
  const needsConsent = status.storage === 'no-keyring';
  const setApiKey = useSetApiKey();
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!key.trim()) return;
    if (needsConsent && !plainTextConsent) return;
    setApiKey.mutate({ apiKey: key, ...(needsConsent && { allowPlainText: true }) }, { onSuccess: () => setKey('') });
  };

  return (
    <form className="settings-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('apiKeyForm.apiKey')}</h2>
      <KeyStatusLine status={status} provider={provider} sentence="stored" />
      <StoredKeyNotes status={status} />
      {needsConsent && (
        <PlainTextConsent envVar={status.envVar} checked={plainTextConsent} onChange={setPlainTextConsent} />
      )}
      <div className="inline-field">
        <label htmlFor={`${id}-key`} className="visually-hidden">
          {t('apiKeyForm.newApiKey')}
        </label>
        <input
          id={`${id}-key`}
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('apiKeyForm.pasteANewKey')}
          value={key}
          maxLength={1000}
          onChange={(event) => {
            setKey(event.target.value);
            setApiKey.reset();
          }}
        />
        <button
          type="submit"
          className="btn btn-primary"
          disabled={!key.trim() || setApiKey.isPending || (needsConsent && !plainTextConsent)}
        >
          {t('apiKeyForm.saveKey')}
        </button>
        {status.source === 'stored' && (
          <button
            type="button"
            className="btn"
            disabled={setApiKey.isPending}
            onClick={() => setApiKey.mutate({ apiKey: '' })}
          >
            {t('apiKeyForm.clearStoredKey')}
          </button>
        )}
      </div>
      <SaveOutcome setApiKey={setApiKey} />
    </form>
  );
}

/** Why the stored key may not be usable, or that it is kept without a keyring. */
function StoredKeyNotes({ status }: { status: Settings['apiKey'] }) {
  const { t, i18n } = useTranslation('settings');
  return (
    <>
      {status.problem && (
        <p className="field-error" role="alert" data-testid="api-key-problem">
          {t('apiKeyForm.theStoredKeyCan', { problem: shownText(i18n, status.problem, status.problemMessage) })}
        </p>
      )}
      {status.storage === 'plain-text' && <p className="muted">{t('apiKeyForm.thisSystemHasNo')}</p>}
    </>
  );
}

/** No keyring on this system: the key is stored in plain text only if the operator says so. */
function PlainTextConsent(props: { envVar: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation('settings');
  return (
    <div className="notice" data-testid="api-key-no-keyring">
      <p>{t('apiKeyForm.thisSystemOffersNo', { envVar: props.envVar })}</p>
      <label>
        <input type="checkbox" checked={props.checked} onChange={(event) => props.onChange(event.target.checked)} />{' '}
        {t('apiKeyForm.storeTheKeyAnyway')}
      </label>
    </div>
  );
}

function SaveOutcome({ setApiKey }: { setApiKey: SetApiKey }) {
  const { t } = useTranslation('settings');
  if (setApiKey.isSuccess) {
    return <p role="status">{setApiKey.data.set ? t('apiKeyForm.keyUpdatedSet') : t('apiKeyForm.keyUpdatedNotSet')}</p>;
  }
  return (
    <ActionFailure
      action={setApiKey}
      say={(reason) => t('apiKeyForm.notSaved', { errorMessage: reason })}
      testId="api-key-error"
    />
  );
}
