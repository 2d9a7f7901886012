import { useId, useState, type FormEvent } from 'react';
import type { ServerConfig } from '../../../../shared/config/schema';
import { FieldErrors, TextField } from '../../components/FormField';
import { ClientFields } from './ClientFields';
import { useRpcMutation } from '../../lib/queries';
import { failureText, saveFailureOf, type FieldProblem, type SaveFailure } from '../../lib/rpc-problems';
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
  type ServerProtocol,
  type ServerKind,
} from './server-form';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation(['servers', 'common']);
  const [form, setForm] = useState<ServerFormState>(() => (editing ? formFromConfig(editing) : emptyServerForm()));
  const id = useId();
  const local = validateServerForm(form, existingNames, editing?.name);
  const saving = useServerSave(editing, onDone);
  const errors: FormErrors = saving.tried ? mergeErrors(local, saving.serverErrors) : saving.serverErrors;
  const section: SectionProps = {
    form,
    errors,
    errorsOf: (field) => errors[field] ?? [],
    set: (patch) => {
      setForm({ ...form, ...patch });
      saving.clearServerErrors();
    },
    id,
  };
  return (
    <form
      className="server-form"
      onSubmit={(event) => saving.submit(event, form, local)}
      noValidate
      aria-labelledby={`${id}-title`}
      data-testid="server-form"
    >
      <h2 id={`${id}-title`}>{editing ? t('serverForm.edit', { name: editing.name }) : t('serverForm.addAServer')}</h2>
      <KindChoice {...section} builtin={editing !== undefined && 'builtin' in editing} />
      <CommonFields {...section} />
      {form.kind === 'http' && <HttpFields {...section} />}
      {form.kind === 'stdio' && <StdioFields {...section} />}
      {form.kind === 'builtin' && <p className="muted">{t('serverForm.theEmbeddedServer', { name: form.builtin })}</p>}
      <ClientFields client={form.client} errors={errors} onChange={(client) => section.set({ client })} />

      <FieldErrors id={`${id}-general`} messages={section.errorsOf('')} />
      {saving.failure && (
        <p role="alert" className="field-error">
          {t('serverForm.notSaved', { failure: saving.failure })}
        </p>
      )}
      {saving.tried && hasErrors(local) && (
        <p role="alert" className="field-error">
          {t('serverForm.fixTheMarkedFields')}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={saving.pending}>
          {saving.pending ? t('serverForm.saving') : editing ? t('serverForm.saveServer') : t('serverForm.addServer')}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          {t('serverForm.cancel')}
        </button>
      </div>
    </form>
  );
}

/** Saving the form: nothing is sent while the local checks fail; main's refusal is placed on the fields. */
function useServerSave(editing: ServerConfig | undefined, onDone: (name: string) => void) {
  const [tried, setTried] = useState(false);
  // Main's refusal is kept as sent and put into words at render, so a language switch afterwards reaches it.
  const [serverProblems, setServerProblems] = useState<readonly FieldProblem[]>([]);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const add = useRpcMutation('servers.add');
  const update = useRpcMutation('servers.update');

  const submit = (event: FormEvent, form: ServerFormState, local: FormErrors) => {
    event.preventDefault();
    setTried(true);
    setFailure(null);
    if (hasErrors(local)) return;
    const server = configFromForm(form);
    const options = {
      onSuccess: () => onDone(server.name),
      onError: (error: Error) => {
        const result = saveFailureOf(error);
        setServerProblems(result.problems);
        setFailure(result);
      },
    };
    if (editing) update.mutate({ name: editing.name, server }, options);
    else add.mutate({ server }, options);
  };

  return {
    tried,
    serverErrors: errorsFromProblems(serverProblems),
    failure: failure && failureText(failure),
    pending: add.isPending || update.isPending,
    submit,
    clearServerErrors: () => setServerProblems([]),
  };
}

/** What each group of fields needs: the form, a patch setter, the errors by field and the form's id. */
interface SectionProps {
  form: ServerFormState;
  set: (patch: Partial<ServerFormState>) => void;
  errors: FormErrors;
  errorsOf: (field: string) => string[];
  id: string;
}

function KindChoice({ form, set, id, builtin }: SectionProps & { builtin: boolean }) {
  const { t } = useTranslation('servers');
  const kinds: { value: ServerKind; label: string }[] = [
    { value: 'http', label: t('serverForm.kindHttp') },
    { value: 'stdio', label: t('serverForm.kindStdio') },
    ...(builtin ? [{ value: 'builtin' as const, label: t('serverForm.kindBuiltin', { name: form.builtin }) }] : []),
  ];
  return (
    <fieldset className="kind-choice">
      <legend>{t('serverForm.kind')}</legend>
      {kinds.map((kind) => (
        <label key={kind.value} className="radio-row">
          <input
            type="radio"
            name={`${id}-kind`}
            value={kind.value}
            checked={form.kind === kind.value}
            onChange={() => set({ kind: kind.value })}
          />
          {kind.label}
        </label>
      ))}
    </fieldset>
  );
}

/** Name, timeout, protocol and enabled: every kind has them. */
function CommonFields({ form, set, errorsOf, id }: SectionProps) {
  const { t } = useTranslation('servers');
  return (
    <>
      <div className="field-pair">
        <TextField
          label={t('serverForm.name')}
          value={form.name}
          onChange={(name) => set({ name })}
          errors={errorsOf('name')}
          spellCheck={false}
        />
        <TextField
          label={t('serverForm.timeoutMs')}
          value={form.timeoutMs}
          onChange={(timeoutMs) => set({ timeoutMs })}
          errors={errorsOf('timeoutMs')}
          inputMode="numeric"
          placeholder="10000"
          hint={t('serverForm.forConnectInitializeAnd')}
        />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-protocol`}>{t('serverForm.protocol')}</label>
        <select
          id={`${id}-protocol`}
          value={form.protocol}
          onChange={(event) => set({ protocol: event.target.value as ServerProtocol })}
          aria-describedby={`${id}-protocol-hint`}
        >
          <option value="auto">{t('serverForm.protocolAuto')}</option>
          <option value="legacy">{t('serverForm.protocolLegacy')}</option>
          <option value="2026-07-28">{t('serverForm.protocolModern')}</option>
        </select>
        <p id={`${id}-protocol-hint`} className="muted small">
          {t('serverForm.protocolHint')}
        </p>
      </div>
      <label className="check-row">
        <input type="checkbox" checked={form.enabled} onChange={(event) => set({ enabled: event.target.checked })} />{' '}
        {t('serverForm.enabled')}
      </label>
    </>
  );
}

function HttpFields({ form, set, errors, errorsOf, id }: SectionProps) {
  const { t } = useTranslation(['servers', 'common']);
  return (
    <>
      <div className="field-pair">
        <TextField
          label={t('serverForm.url')}
          value={form.url}
          onChange={(url) => set({ url })}
          errors={errorsOf('url')}
          spellCheck={false}
          placeholder={t('serverForm.httpMcp')}
          hint={t('serverForm.streamableHttpMcpIs')}
        />
        <div className="form-field">
          <label htmlFor={`${id}-transport`}>{t('serverForm.transport')}</label>
          <select
            id={`${id}-transport`}
            value={form.transport}
            onChange={(event) => set({ transport: event.target.value as ServerFormState['transport'] })}
          >
            <option value="streamable-http">{t('serverForm.streamableHttp')}</option>
            <option value="sse">{`${t('serverForm.sseLegacy')} · ${t('common:deprecated.since')}`}</option>
          </select>
        </div>
      </div>
      <KeyValueRows
        legend={t('serverForm.headers')}
        field="headers"
        keyLabel={t('serverForm.header')}
        rows={form.headers}
        errors={errors}
        hint={t('serverForm.useEnvNameIn')}
        onChange={(headers) => set({ headers })}
      />
      <OAuthFields auth={form.auth} errors={errors} onChange={(auth) => set({ auth })} />
    </>
  );
}

function StdioFields({ form, set, errors, errorsOf }: SectionProps) {
  const { t } = useTranslation('servers');
  return (
    <>
      <div className="field-pair">
        <TextField
          label={t('serverForm.command')}
          value={form.command}
          onChange={(command) => set({ command })}
          errors={errorsOf('command')}
          spellCheck={false}
          placeholder={t('serverForm.npx')}
        />
        <TextField
          label={t('serverForm.workingDirectory')}
          value={form.cwd}
          onChange={(cwd) => set({ cwd })}
          errors={errorsOf('cwd')}
          spellCheck={false}
          placeholder={t('serverForm.optional')}
        />
      </div>
      <TextField
        label={t('serverForm.firstStartTimeoutMs')}
        value={form.installTimeoutMs}
        onChange={(installTimeoutMs) => set({ installTimeoutMs })}
        errors={errorsOf('installTimeoutMs')}
        inputMode="numeric"
        placeholder="120000"
        hint={t('serverForm.installtimeoutmsForNpxUvx')}
      />
      <ArgRows args={form.args} errors={errorsOf('args')} onChange={(args) => set({ args })} />
      <KeyValueRows
        legend={t('serverForm.environment')}
        field="env"
        keyLabel={t('serverForm.variable')}
        rows={form.env}
        errors={errors}
        hint={t('serverForm.theChildGetsOnly')}
        onChange={(env) => set({ env })}
      />
    </>
  );
}

function mergeErrors(a: FormErrors, b: FormErrors): FormErrors {
  const merged: FormErrors = { ...a };
  for (const [field, messages] of Object.entries(b)) merged[field] = [...(merged[field] ?? []), ...messages];
  return merged;
}
