import { useId } from 'react';
import { TextField } from '../../components/FormField';
import type { AuthFormState, FormErrors } from './server-form';

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
  const id = useId();
  const set = (patch: Partial<AuthFormState>) => onChange({ ...auth, ...patch });
  const errorsOf = (field: keyof AuthFormState) => errors[`auth.${field}`] ?? [];
  const filled = Object.entries(auth).some(([key, value]) => key !== 'grant' && value !== '') || auth.grant !== 'authorization_code';
  const machine = auth.grant === 'client_credentials';
  return (
    <details className="oauth-fields" open={filled || undefined} data-testid="oauth-fields">
      <summary>OAuth (optional)</summary>
      <div className="form-field">
        <label htmlFor={`${id}-grant`}>Grant</label>
        <select id={`${id}-grant`} value={auth.grant} onChange={(event) => set({ grant: event.target.value as AuthFormState['grant'] })}>
          <option value="authorization_code">authorization code (an operator signs in)</option>
          <option value="client_credentials">client credentials (machine to machine)</option>
        </select>
      </div>
      <div className="field-pair">
        <TextField label="Client ID" value={auth.clientId} onChange={(clientId) => set({ clientId })} errors={errorsOf('clientId')} spellCheck={false} placeholder={machine ? 'required' : 'pre-registered (optional)'} />
        <TextField
          label="Client secret"
          value={auth.clientSecret}
          onChange={(clientSecret) => set({ clientSecret })}
          errors={errorsOf('clientSecret')}
          spellCheck={false}
          placeholder="${env:TRACKER_CLIENT_SECRET}"
          hint="Use ${env:NAME}: main reads it at connect time and never writes it back."
        />
      </div>
      {machine ? (
        <TextField
          label="Private key (private_key_jwt)"
          value={auth.privateKey}
          onChange={(privateKey) => set({ privateKey })}
          errors={errorsOf('privateKey')}
          spellCheck={false}
          placeholder="${env:TRACKER_KEY} or /path/to/key.pem"
          hint="Instead of a secret: an RSA or EC key in PEM, from ${env:NAME} or a file."
        />
      ) : (
        <TextField
          label="Client ID metadata document"
          value={auth.clientMetadataUrl}
          onChange={(clientMetadataUrl) => set({ clientMetadataUrl })}
          errors={errorsOf('clientMetadataUrl')}
          spellCheck={false}
          placeholder="https://example.com/switchboard-client.json"
          hint="Used where the authorization server supports it, before dynamic registration."
        />
      )}
      <TextField
        label="Scopes"
        value={auth.scopes}
        onChange={(scopes) => set({ scopes })}
        errors={errorsOf('scopes')}
        spellCheck={false}
        placeholder="(space-separated; optional)"
        hint="Asked for only when the server names none itself (WWW-Authenticate, then scopes_supported)."
      />
    </details>
  );
}
