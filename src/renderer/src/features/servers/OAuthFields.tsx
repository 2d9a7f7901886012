import { useId } from 'react';
import { TextField } from '../../components/FormField';
import type { AuthFormState, FormErrors } from './server-form';
import { useTranslation } from 'react-i18next';

interface Props {
  auth: AuthFormState;
  errors: FormErrors;
  onChange: (auth: AuthFormState) => void;
}

/**
 * The optional `auth:` block of a remote server. Left blank, a server that asks for OAuth is signed in to
 * with dynamic client registration; these name a pre-registered client, a client ID metadata document, the
 * scopes to ask for, or machine-to-machine credentials. Secrets belong in ${env:NAME}; tokens are never here.
 */
export function OAuthFields({ auth, errors, onChange }: Props) {
  const { t } = useTranslation(['servers', 'common']);
  const id = useId();
  const set = (patch: Partial<AuthFormState>) => onChange({ ...auth, ...patch });
  const errorsOf = (field: keyof AuthFormState) => errors[`auth.${field}`] ?? [];
  const filled =
    Object.entries(auth).some(([key, value]) => key !== 'grant' && value !== '') || auth.grant !== 'authorization_code';
  const machine = auth.grant !== 'authorization_code';
  return (
    <details className="oauth-fields" open={filled || undefined} data-testid="oauth-fields">
      <summary>{t('oAuthFields.oauthOptional')}</summary>
      <div className="form-field">
        <label htmlFor={`${id}-grant`}>{t('oAuthFields.grant')}</label>
        <select
          id={`${id}-grant`}
          value={auth.grant}
          onChange={(event) => set({ grant: event.target.value as AuthFormState['grant'] })}
        >
          <option value="authorization_code">{t('oAuthFields.authorizationCodeAnOperator')}</option>
          <option value="client_credentials">{t('oAuthFields.clientCredentialsMachineTo')}</option>
          {auth.idp && <option value="cross_app_access">{t('oAuthFields.crossAppAccess')}</option>}
        </select>
      </div>
      <div className="field-pair">
        <TextField
          label={t('oAuthFields.clientId')}
          value={auth.clientId}
          onChange={(clientId) => set({ clientId })}
          errors={errorsOf('clientId')}
          spellCheck={false}
          placeholder={machine ? t('common:shared.required') : t('oAuthFields.preRegisteredOptional')}
        />
        <TextField
          label={t('oAuthFields.clientSecret')}
          value={auth.clientSecret}
          onChange={(clientSecret) => set({ clientSecret })}
          errors={errorsOf('clientSecret')}
          spellCheck={false}
          placeholder={t('oAuthFields.envTrackerClientSecret')}
          hint={t('oAuthFields.useEnvNameMain')}
        />
      </div>
      {auth.grant === 'cross_app_access' ? null : machine ? (
        <TextField
          label={t('oAuthFields.privateKeyPrivateKey')}
          value={auth.privateKey}
          onChange={(privateKey) => set({ privateKey })}
          errors={errorsOf('privateKey')}
          spellCheck={false}
          placeholder={t('oAuthFields.envTrackerKeyOr')}
          hint={t('oAuthFields.insteadOfASecret')}
        />
      ) : (
        <TextField
          label={t('oAuthFields.clientIdMetadataDocument')}
          value={auth.clientMetadataUrl}
          onChange={(clientMetadataUrl) => set({ clientMetadataUrl })}
          errors={errorsOf('clientMetadataUrl')}
          spellCheck={false}
          placeholder={t('oAuthFields.httpsExampleComSwitchboard')}
          hint={t('oAuthFields.usedWhereTheAuthorization')}
        />
      )}
      <TextField
        label={t('oAuthFields.scopes')}
        value={auth.scopes}
        onChange={(scopes) => set({ scopes })}
        errors={errorsOf('scopes')}
        spellCheck={false}
        placeholder={t('oAuthFields.spaceSeparatedOptional')}
        hint={t('oAuthFields.askedForOnlyWhen')}
      />
    </details>
  );
}
