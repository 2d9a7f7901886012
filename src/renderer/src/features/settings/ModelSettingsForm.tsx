import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { Settings } from '../../../../shared/contract';
import { shownText } from '../../lib/i18n/messages';
import { useRpcMutation } from '../../lib/queries';
import {
  providerNamed,
  providerOptions,
  validateModelForm,
  valuesFromSettings,
  type ModelFormErrors,
  type ModelFormValues,
  type Provider,
} from './model-form';
import { Trans, useTranslation } from 'react-i18next';
import { ActionFailure } from '../../components/ActionFailure';

type Field = Exclude<keyof ModelFormValues, 'provider'>;
/** Each field's label is `modelFields.<field>` (settings.json); its hint and placeholder are named by key too. */
const FIELDS = [
  { field: 'baseUrl', placeholder: 'https://api.openai.com/v1', hint: 'modelFields.baseUrlHint' },
  { field: 'model', placeholder: 'gpt-4o-mini' },
  { field: 'temperature', inputMode: 'decimal', hint: 'modelFields.temperatureHint' },
  { field: 'apiKeyEnv', placeholder: 'OPENAI_API_KEY' },
  { field: 'timeoutMs', inputMode: 'numeric' },
  { field: 'maxSteps', inputMode: 'numeric' },
  { field: 'approvalTimeoutMs', inputMode: 'numeric', hint: 'modelFields.approvalTimeoutHint' },
] as const satisfies readonly {
  field: Field;
  placeholder?: string;
  inputMode?: 'decimal' | 'numeric';
  hint?: string;
}[];

/** The model section of switchboard.yaml, edited as a form (comments in the file are kept by main). */
export function ModelSettingsForm({ settings }: { settings: Settings }) {
  const { t, i18n } = useTranslation('settings');
  const { draft, values, changedOnDisk, change: edit, discard } = useModelDraft(settings);
  const [errors, setErrors] = useState<ModelFormErrors>({});
  const save = useRpcMutation('settings.saveModel'); // config.changed refreshes settings and config
  const id = useId();

  const change = (patch: Partial<ModelFormValues>) => {
    save.reset();
    edit(patch);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateModelForm(values);
    setErrors(result.errors);
    if (result.input) save.mutate(result.input, { onSuccess: discard });
  };

  return (
    <form className="settings-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>{t('modelSettingsForm.model')}</h2>
      <p className="muted">
        <Trans
          t={t}
          i18nKey="modelSettingsForm.inUseChangesApply"
          values={{ label: shownText(i18n, settings.model.label, settings.model.labelMessage) }}
          components={{ strong: <strong data-testid="model-in-use" /> }}
        />
      </p>
      {changedOnDisk && (
        <p className="notice" role="status">
          <Trans
            t={t}
            i18nKey="modelSettingsForm.theModelSettingsChanged"
            components={{ button: <button type="button" className="btn" onClick={discard} /> }}
          />
        </p>
      )}
      <ModelFields id={id} settings={settings} values={values} errors={errors} onChange={change} />
      {providerNamed(settings, values.provider)?.offline && (
        <p className="muted">{t('modelSettingsForm.runsOffline')}</p>
      )}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending || draft === null}>
          {t('modelSettingsForm.saveModelSettings')}
        </button>
        <button
          type="button"
          className="btn"
          disabled={draft === null}
          onClick={() => (discard(), setErrors({}), save.reset())}
        >
          {t('modelSettingsForm.discardEdits')}
        </button>
        {save.isPending && <span role="status">{t('modelSettingsForm.saving')}</span>}
        {save.isSuccess && <span role="status">{t('modelSettingsForm.saved')}</span>}
      </div>
      <ActionFailure action={save} say={(reason) => t('modelSettingsForm.notSaved', { errorMessage: reason })} />
    </form>
  );
}

/** Edits live here until saved; `base` is what they started from, to notice a change on disk meanwhile. */
function useModelDraft(settings: Settings) {
  const fromDisk = valuesFromSettings(settings);
  const [draft, setDraft] = useState<{ values: ModelFormValues; base: string } | null>(null);
  const change = (patch: Partial<ModelFormValues>) =>
    setDraft((current) => ({
      values: { ...(current?.values ?? fromDisk), ...patch },
      base: current?.base ?? JSON.stringify(fromDisk),
    }));
  return {
    draft,
    values: draft?.values ?? fromDisk,
    changedOnDisk: draft !== null && draft.base !== JSON.stringify(fromDisk),
    change,
    discard: () => setDraft(null),
  };
}

interface FieldsProps {
  id: string;
  /** Whose providers the list offers. */
  settings: Settings;
  values: ModelFormValues;
  errors: ModelFormErrors;
  onChange: (patch: Partial<ModelFormValues>) => void;
}

/** The provider and each field, with its error or hint. */
function ModelFields({ id, settings, values, errors, onChange: change }: FieldsProps) {
  const { t, i18n } = useTranslation('settings');
  return (
    <div className="form-grid">
      <label htmlFor={`${id}-provider`}>{t('modelSettingsForm.provider')}</label>
      <select
        id={`${id}-provider`}
        value={values.provider}
        onChange={(event) => change({ provider: event.target.value as Provider })}
      >
        {providerOptions(settings).map((provider) => (
          <option key={provider.name} value={provider.name}>
            {shownText(i18n, provider.label, provider.labelMessage)}
          </option>
        ))}
      </select>
      {FIELDS.map((row) => {
        const { field } = row;
        const placeholder = 'placeholder' in row ? row.placeholder : undefined;
        const inputMode = 'inputMode' in row ? row.inputMode : undefined;
        const hint = 'hint' in row ? t(row.hint) : undefined;
        return (
          <FieldRow
            key={field}
            id={`${id}-${field}`}
            label={t(`modelFields.${field}`)}
            error={errors[field]}
            hint={hint}
          >
            <input
              id={`${id}-${field}`}
              value={values[field]}
              placeholder={placeholder}
              inputMode={inputMode}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={Boolean(errors[field])}
              aria-describedby={errors[field] || hint ? `${id}-${field}-help` : undefined}
              onChange={(event) => change({ [field]: event.target.value })}
            />
          </FieldRow>
        );
      })}
    </div>
  );
}

function FieldRow({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <div className="field">
        {children}
        {(error || hint) && (
          <span id={`${id}-help`} className={error ? 'field-error' : 'muted small'}>
            {error ?? hint}
          </span>
        )}
      </div>
    </>
  );
}
