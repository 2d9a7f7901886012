import { useId } from 'react';
import { isEnvReference, isMasked, mayHoldSecret } from '../../../../shared/config/secrets';
import { FieldErrors } from '../../components/FormField';
import type { FormErrors, KeyValueRow } from './server-form';
import { useTranslation } from 'react-i18next';

interface Props {
  legend: string;
  field: 'headers' | 'env';
  keyLabel: string;
  rows: readonly KeyValueRow[];
  errors: FormErrors;
  hint?: string;
  onChange: (rows: KeyValueRow[]) => void;
}

/** Name/value rows (HTTP headers, stdio environment) with add and remove. */
export function KeyValueRows({ legend, field, keyLabel, rows, errors, hint, onChange }: Props) {
  const { t } = useTranslation('servers');
  const id = useId();
  const set = (index: number, patch: Partial<KeyValueRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className="editor-section kv-rows" data-testid={`${field}-rows`}>
      <legend>{legend}</legend>
      {hint && <p className="muted small">{hint}</p>}
      {rows.length === 0 && <p className="state-empty small">{t('keyValueRows.none')}</p>}
      {rows.map((row, index) => {
        const note = secretNote(field, row);
        const keyErrors = errors[`${field}.${index}.key`] ?? [];
        const errorId = `${id}-${index}-errors`;
        return (
          <div key={index} className="kv-row">
            <input
              aria-label={`${keyLabel} ${index + 1}`}
              placeholder={keyLabel}
              value={row.key}
              spellCheck={false}
              aria-invalid={keyErrors.length > 0 || undefined}
              aria-describedby={keyErrors.length ? errorId : undefined}
              onChange={(event) => set(index, { key: event.target.value })}
            />
            <input
              aria-label={t('keyValueRows.value', { number: index + 1 })}
              placeholder={
                mayHoldSecret([field, row.key])
                  ? t('keyValueRows.secretPlaceholder')
                  : t('keyValueRows.valuePlaceholder')
              }
              value={row.value}
              spellCheck={false}
              aria-describedby={note ? `${id}-${index}-secret` : undefined}
              onChange={(event) => set(index, { value: event.target.value })}
            />
            <button
              type="button"
              className="btn btn-small"
              aria-label={t('keyValueRows.removeRow', { what: keyLabel.toLowerCase(), number: index + 1 })}
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
            >
              {t('keyValueRows.remove')}
            </button>
            <FieldErrors id={errorId} messages={keyErrors} />
            {note && (
              <p id={`${id}-${index}-secret`} className="muted small kv-note" data-testid="secret-note">
                {t(note)}
              </p>
            )}
          </div>
        );
      })}
      <FieldErrors id={`${id}-errors`} messages={errors[field] ?? []} />
      <button type="button" className="btn btn-small" onClick={() => onChange([...rows, { key: '', value: '' }])}>
        {t('keyValueRows.add', { what: keyLabel.toLowerCase() })}
      </button>
    </fieldset>
  );
}

/**
 * Main sends literal secrets masked (`Bearer ••••1234`) and keeps the literal when the mask comes back as
 * it was; either way a secret is better read from main's environment than written in the file.
 */
function secretNote(
  field: 'headers' | 'env',
  row: KeyValueRow,
): 'keyValueRows.secretMasked' | 'keyValueRows.secretTyped' | null {
  if (!row.value || !mayHoldSecret([field, row.key]) || isEnvReference(row.value)) return null;
  if (isMasked(row.value)) return 'keyValueRows.secretMasked';
  if (field === 'headers' && !CREDENTIAL_HEADER.test(row.key)) return null; // any header is masked; only these are worth a tip
  return 'keyValueRows.secretTyped';
}

const CREDENTIAL_HEADER = /auth|token|key|secret|cookie|session|passw/i;

/** Command-line arguments, one per row, in order. */
export function ArgRows({
  args,
  errors,
  onChange,
}: {
  args: readonly string[];
  errors: readonly string[];
  onChange: (args: string[]) => void;
}) {
  const { t } = useTranslation('servers');
  const id = useId();
  return (
    <fieldset className="editor-section kv-rows" data-testid="args-rows">
      <legend>{t('keyValueRows.arguments')}</legend>
      <p className="muted small">{t('keyValueRows.oneArgumentPerRow')}</p>
      {args.length === 0 && <p className="state-empty small">{t('keyValueRows.none')}</p>}
      {args.map((arg, index) => (
        <div key={index} className="kv-row args-row">
          <input
            aria-label={t('keyValueRows.argument', { number: index + 1 })}
            value={arg}
            spellCheck={false}
            onChange={(event) => onChange(args.map((a, i) => (i === index ? event.target.value : a)))}
          />
          <button
            type="button"
            className="btn btn-small"
            aria-label={t('keyValueRows.removeArgument', { number: index + 1 })}
            onClick={() => onChange(args.filter((_, i) => i !== index))}
          >
            {t('keyValueRows.remove')}
          </button>
        </div>
      ))}
      <FieldErrors id={`${id}-errors`} messages={errors} />
      <button type="button" className="btn btn-small" onClick={() => onChange([...args, ''])}>
        {t('keyValueRows.addArgument')}
      </button>
    </fieldset>
  );
}
