import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import {
  checkContent,
  defaultContent,
  elicitationFields,
  valueFromText,
  type ElicitField,
} from '../../../../shared/elicitation/fields';
import type { i18n as I18n, TFunction } from 'i18next';
import type { UiMessage } from '../../../../shared/i18n-message';
import { shownText } from '../../lib/i18n/messages';
import { FieldErrors } from '../FormField';
import { useTranslation } from 'react-i18next';

type Draft = Record<string, string | boolean | string[]>;

interface Props {
  schema: Record<string, unknown> | undefined;
  busy: boolean;
  /** Problems main found in the last answer, by field. */
  serverProblems?: Record<string, string[]>;
  onAccept: (content: Record<string, unknown>) => void;
  onDecline: () => void;
  onCancel: () => void;
}

/**
 * The form a server's question asks for, built from its requestedSchema (shared/elicitation/fields: the
 * same reading main checks answers with). Starts from the schema's defaults; checks each field before
 * sending, and shows main's verdict on the ones it refused. Accept, Decline, Cancel.
 */
export function ElicitationForm({ schema, busy, serverProblems = {}, onAccept, onDecline, onCancel }: Props) {
  const { t, i18n } = useTranslation('common');
  const fields = useMemo(() => elicitationFields(schema), [schema]);
  const [draft, setDraft] = useState<Draft>(() => initialDraft(fields));
  const [problems, setProblems] = useState<Record<string, string[]>>({});
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const answer = contentOf(fields, draft);
    const found = checkContent(fields, answer).problems;
    if (found.length) {
      setProblems(byField(i18n, found));
      return;
    }
    setProblems({});
    onAccept(answer);
  };

  return (
    <form className="elicitation-form" onSubmit={submit} noValidate>
      {fields.map((field) => (
        <Field
          key={field.name}
          id={`${id}-${field.name}`}
          field={field}
          value={draft[field.name]}
          errors={[...(problems[field.name] ?? []), ...(serverProblems[field.name] ?? [])]}
          onChange={(value) => setDraft((d) => ({ ...d, [field.name]: value }))}
        />
      ))}
      {fields.length === 0 && <p className="muted small">{t('elicitationForm.theServerAsksFor')}</p>}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('elicitationForm.accept')}
        </button>
        <button type="button" className="btn" disabled={busy} onClick={onDecline}>
          {t('elicitationForm.decline')}
        </button>
        <button type="button" className="btn" disabled={busy} onClick={onCancel}>
          {t('elicitationForm.cancel')}
        </button>
      </div>
    </form>
  );
}

function Field({ id, field, value, errors, onChange }: FieldProps) {
  const errorId = `${id}-errors`;
  const hintId = `${id}-hint`;
  const label = (
    <>
      {field.label}
      {field.required && <span aria-hidden="true"> *</span>}
    </>
  );
  const describedBy =
    [field.description ? hintId : '', errors.length ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    'aria-invalid': errors.length > 0 || undefined,
    'aria-describedby': describedBy,
    'aria-required': field.required || undefined,
  };
  const hint = field.description && (
    <p id={hintId} className="muted small">
      {field.description}
    </p>
  );

  if (field.kind === 'boolean')
    return (
      <div className="form-field">
        <label className="checkbox-label">
          <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} {...common} />{' '}
          {label}
        </label>
        {hint}
        <FieldErrors id={errorId} messages={errors} />
      </div>
    );
  const parts = { label, hint, errorId, describedBy, common };
  if (field.kind === 'multiselect')
    return <ChoicesField field={field} value={value} errors={errors} onChange={onChange} parts={parts} />;
  return <InputField id={id} field={field} value={value} errors={errors} onChange={onChange} parts={parts} />;
}

interface FieldProps {
  id: string;
  field: ElicitField;
  value: Draft[string] | undefined;
  errors: string[];
  onChange: (value: Draft[string]) => void;
}

/** What every kind of field shows the same way: its label, its hint, and the ARIA wiring to its errors. */
interface FieldParts {
  label: ReactNode;
  hint: ReactNode;
  errorId: string;
  describedBy: string | undefined;
  common: Record<string, unknown>;
}

/** A multiselect: one checkbox an option, with the count it asks for. */
function ChoicesField({ field, value, errors, onChange, parts }: Omit<FieldProps, 'id'> & { parts: FieldParts }) {
  const { t } = useTranslation('common');
  const { label, hint, errorId, describedBy } = parts;
  const chosen = Array.isArray(value) ? value : [];
  return (
    <fieldset className="form-field elicitation-choices" aria-describedby={describedBy}>
      <legend>
        {label}
        {field.minItems !== undefined || field.maxItems !== undefined ? (
          <span className="muted small"> ({rangeText(t, field.minItems, field.maxItems)})</span>
        ) : null}
      </legend>
      {field.options?.map((option) => (
        <label key={option.value} className="checkbox-label">
          <input
            type="checkbox"
            checked={chosen.includes(option.value)}
            onChange={(e) =>
              onChange(e.target.checked ? [...chosen, option.value] : chosen.filter((v) => v !== option.value))
            }
          />{' '}
          {option.label}
        </label>
      ))}
      {hint}
      <FieldErrors id={errorId} messages={errors} />
    </fieldset>
  );
}

/** A text, number, date or e-mail input, or a single choice. */
function InputField({ id, field, value, errors, onChange, parts }: FieldProps & { parts: FieldParts }) {
  const { t } = useTranslation('common');
  const { label, hint, errorId, common } = parts;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {field.kind === 'select' ? (
        <select
          id={id}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          {...common}
        >
          <option value="">{field.required ? t('elicitationForm.choose') : t('elicitationForm.noAnswer')}</option>
          {field.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type={inputType(field)}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          min={field.minimum}
          max={field.maximum}
          step={field.kind === 'integer' ? 1 : field.kind === 'number' ? 'any' : undefined}
          minLength={field.minLength}
          maxLength={field.maxLength}
          autoComplete={field.secret ? 'off' : undefined}
          data-secret={field.secret || undefined}
          {...common}
        />
      )}
      {hint}
      <FieldErrors id={errorId} messages={errors} />
    </div>
  );
}

function inputType(field: ElicitField): string {
  if (field.kind === 'number' || field.kind === 'integer') return 'number';
  if (field.secret) return 'password'; // not shown over a shoulder or in a screen share
  if (field.format === 'email') return 'email';
  if (field.format === 'uri') return 'url';
  if (field.format === 'date') return 'date';
  if (field.format === 'date-time') return 'datetime-local';
  return 'text';
}

/** How many choices the server asks for, in the console's language. */
const rangeText = (t: TFunction, min?: number, max?: number) =>
  min !== undefined && max !== undefined
    ? t('elicitationForm.chooseBetween', { min, max })
    : min !== undefined
      ? t('elicitationForm.chooseAtLeast', { min })
      : t('elicitationForm.chooseAtMost', { max });

/** The form's state: text for inputs (so a half-typed number stays as typed), booleans and lists as they are. */
function initialDraft(fields: readonly ElicitField[]): Draft {
  const defaults = defaultContent(fields);
  const draft: Draft = {};
  for (const field of fields) {
    const value = defaults[field.name];
    if (field.kind === 'boolean') draft[field.name] = value === true;
    else if (field.kind === 'multiselect') draft[field.name] = Array.isArray(value) ? value : [];
    else draft[field.name] = value === undefined ? '' : String(value);
  }
  return draft;
}

/** What the operator answered: empty inputs left out (main fills in defaults), typed text read as the field's type. */
function contentOf(fields: readonly ElicitField[], draft: Draft): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  for (const field of fields) {
    const value = draft[field.name];
    if (typeof value === 'string') {
      const read = valueFromText(field, value);
      if (read !== undefined) content[field.name] = read;
    } else if (
      field.kind === 'multiselect' &&
      Array.isArray(value) &&
      value.length === 0 &&
      !field.required &&
      field.minItems === undefined
    ) {
      continue;
    } else content[field.name] = value;
  }
  return content;
}

/** Problems by field, each in the UI's language where it carries its code (main's, or checkContent's own). */
export function byField(
  i18n: I18n,
  problems: readonly { field: string; message: string; uiMessage?: UiMessage }[],
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const p of problems) (out[p.field] ??= []).push(shownText(i18n, p.message, p.uiMessage));
  return out;
}
