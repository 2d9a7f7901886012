import { useId, useState, type FormEvent } from 'react';
import type { ServerConfig } from '../../../../shared/config/schema';
import { FieldErrors, TextField } from '../../components/FormField';
import { ClientFields } from './ClientFields';
import { useRpcMutation } from '../../lib/queries';
import { saveFailureOf } from '../../lib/rpc-problems';
import { ArgRows, KeyValueRows } from './KeyValueRows';
import { OAuthFields } from './OAuthFields';
import {
  configFromForm,
  emptyServerForm,
  errorsFromProblems,
  formFromConfig,
  hasErrors,
  validateServerForm,
  type FormErrors,
  type ServerFormState,
  type ServerKind,
} from './server-form';

interface Props {
  /** The entry being edited; absent to add a new server. */
  editing?: ServerConfig;
  existingNames: readonly string[];
  onDone: (name: string) => void;
  onCancel: () => void;
}

/**
 * Add or edit one server: HTTP (URL, transport, headers, OAuth) or stdio (command, arguments, environment). Checked as the
 * operator types once they have tried to save; main's refusal lands on the same fields.
 */
export function ServerForm({ editing, existingNames, onDone, onCancel }: Props) {
  const [form, setForm] = useState<ServerFormState>(() => (editing ? formFromConfig(editing) : emptyServerForm()));
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const add = useRpcMutation('servers.add');
  const update = useRpcMutation('servers.update');
  const id = useId();
  const local = validateServerForm(form, existingNames, editing?.name);
  const errors: FormErrors = tried ? mergeErrors(local, serverErrors) : serverErrors;
  const errorsOf = (field: string) => errors[field] ?? [];
  const set = (patch: Partial<ServerFormState>) => {
    setForm({ ...form, ...patch });
    setServerErrors({});
  };
  const pending = add.isPending || update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setFailure(null);
    if (hasErrors(local)) return;
    const server = configFromForm(form);
    const options = {
      onSuccess: () => onDone(server.name),
      onError: (error: Error) => {
        const result = saveFailureOf(error);
        setServerErrors(errorsFromProblems(result.problems));
        setFailure(result.message);
      },
    };
    if (editing) update.mutate({ name: editing.name, server }, options);
    else add.mutate({ server }, options);
  };

  const kinds: { value: ServerKind; label: string }[] = [
    { value: 'http', label: 'HTTP (Streamable HTTP or SSE)' },
    { value: 'stdio', label: 'stdio (a local command)' },
    ...(editing && 'builtin' in editing ? [{ value: 'builtin' as const, label: 'built-in demo shop' }] : []),
  ];

  return (
    <form className="server-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`} data-testid="server-form">
      <h2 id={`${id}-title`}>{editing ? `Edit ${editing.name}` : 'Add a server'}</h2>
      <fieldset className="kind-choice">
        <legend>Kind</legend>
        {kinds.map((kind) => (
          <label key={kind.value} className="radio-row">
            <input type="radio" name={`${id}-kind`} value={kind.value} checked={form.kind === kind.value} onChange={() => set({ kind: kind.value })} />
            {kind.label}
          </label>
        ))}
      </fieldset>
      <div className="field-pair">
        <TextField label="Name" value={form.name} onChange={(name) => set({ name })} errors={errorsOf('name')} spellCheck={false} />
        <TextField
          label="Timeout (ms)"
          value={form.timeoutMs}
          onChange={(timeoutMs) => set({ timeoutMs })}
          errors={errorsOf('timeoutMs')}
          inputMode="numeric"
          placeholder="10000"
          hint="For connect, initialize and the first tools/list. Empty = 10 s."
        />
      </div>
      <label className="check-row">
        <input type="checkbox" checked={form.enabled} onChange={(event) => set({ enabled: event.target.checked })} /> Enabled
      </label>

      {form.kind === 'http' && (
        <>
          <div className="field-pair">
            <TextField
              label="URL"
              value={form.url}
              onChange={(url) => set({ url })}
              errors={errorsOf('url')}
              spellCheck={false}
              placeholder="http://127.0.0.1:3001/mcp"
              hint="Streamable HTTP: /mcp is appended unless the URL ends with it. SSE: used as is."
            />
            <div className="form-field">
              <label htmlFor={`${id}-transport`}>Transport</label>
              <select id={`${id}-transport`} value={form.transport} onChange={(event) => set({ transport: event.target.value as ServerFormState['transport'] })}>
                <option value="streamable-http">Streamable HTTP</option>
                <option value="sse">SSE (legacy)</option>
              </select>
            </div>
          </div>
          <KeyValueRows
            legend="Headers"
            field="headers"
            keyLabel="Header"
            rows={form.headers}
            errors={errors}
            hint="Use ${env:NAME} in a value to read a secret from main’s environment at connect time; it is never written back."
            onChange={(headers) => set({ headers })}
          />
          <OAuthFields auth={form.auth} errors={errors} onChange={(auth) => set({ auth })} />
        </>
      )}
      {form.kind === 'stdio' && (
        <>
          <div className="field-pair">
            <TextField label="Command" value={form.command} onChange={(command) => set({ command })} errors={errorsOf('command')} spellCheck={false} placeholder="npx" />
            <TextField label="Working directory" value={form.cwd} onChange={(cwd) => set({ cwd })} errors={errorsOf('cwd')} spellCheck={false} placeholder="(optional)" />
          </div>
          <TextField
            label="First-start timeout (ms)"
            value={form.installTimeoutMs}
            onChange={(installTimeoutMs) => set({ installTimeoutMs })}
            errors={errorsOf('installTimeoutMs')}
            inputMode="numeric"
            placeholder="120000"
            hint="installTimeoutMs: for npx, uvx, pipx run, bunx or pnpm dlx, the first start may install the package. Empty = 120 s."
          />
          <ArgRows args={form.args} errors={errorsOf('args')} onChange={(args) => set({ args })} />
          <KeyValueRows
            legend="Environment"
            field="env"
            keyLabel="Variable"
            rows={form.env}
            errors={errors}
            hint="The child gets only PATH, HOME and these (never main’s whole environment). ${env:NAME} values are expanded at start."
            onChange={(env) => set({ env })}
          />
        </>
      )}
      {form.kind === 'builtin' && <p className="muted">The embedded 比特严选 demo shop, started by the app on a free loopback port with a random token.</p>}
      <ClientFields client={form.client} errors={errors} onChange={(client) => set({ client })} />

      <FieldErrors id={`${id}-general`} messages={errorsOf('')} />
      {failure && (
        <p role="alert" className="field-error">
          Not saved: {failure}
        </p>
      )}
      {tried && hasErrors(local) && (
        <p role="alert" className="field-error">
          Fix the marked fields first.
        </p>
      )}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? 'Saving…' : editing ? 'Save server' : 'Add server'}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function mergeErrors(a: FormErrors, b: FormErrors): FormErrors {
  const merged: FormErrors = { ...a };
  for (const [field, messages] of Object.entries(b)) merged[field] = [...(merged[field] ?? []), ...messages];
  return merged;
}
