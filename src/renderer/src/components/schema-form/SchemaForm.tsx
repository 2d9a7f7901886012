// The Form module itself: the package index also exports a test registry that imports @rjsf/validator-ajv8,
// which we do not ship (its compiled validators need 'unsafe-eval'; see json-schema-validator.ts).
import Form from '@rjsf/core/lib/components/Form.js';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useId, useMemo, useState } from 'react';
import { createJsonSchemaValidator, validateValue, type FieldIssue } from './json-schema-validator';
import { issueText } from './issue-text';
import { formSchemaOf } from './form-schema';
import './schema-form.css';
import { useTranslation } from 'react-i18next';

export interface SchemaFormProps {
  /** A tool's inputSchema (or any object schema). */
  schema: Record<string, unknown>;
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  /** Called with a value that passed the schema. */
  onSubmit: (value: Record<string, unknown>) => void;
  submitLabel: string;
  disabled?: boolean;
}

type Mode = 'form' | 'json';

/**
 * Arguments for a JSON Schema, as a generated form (rjsf: types, required fields, enums, defaults, nested objects
 * and arrays, formats) or as JSON, validated against the schema before it is submitted, errors at their fields.
 * Loaded on demand (see index.tsx): the form library is the renderer's largest dependency.
 */
export default function SchemaForm({ schema, value, onChange, onSubmit, submitLabel, disabled }: SchemaFormProps) {
  const { t } = useTranslation('common');
  const [mode, setMode] = useState<Mode>('form');
  const formSchema = useMemo(() => ({ type: 'object', ...schema }) as RJSFSchema, [schema]);
  // What the form draws: 2020-12 tuples and consts in the shapes rjsf draws (values are checked against formSchema).
  const drawnSchema = useMemo(() => formSchemaOf(formSchema), [formSchema]);
  // Problems name their field in the console's language, at the field and in the list on top.
  const validator = useMemo(() => createJsonSchemaValidator((root, issue) => issueText(t, root, issue)), [t]);
  const uiSchema: UiSchema = useMemo(
    () => ({
      'ui:submitButtonOptions': { submitText: submitLabel, props: { disabled, className: 'btn btn-primary' } },
    }),
    [submitLabel, disabled],
  );
  const json = useJsonArguments({ formSchema, value, onChange, onSubmit });

  const switchTo = (next: Mode) => {
    if (next === mode) return;
    if (next === 'json') json.start();
    // stay in JSON mode until it parses: nothing typed is lost
    else if (!json.finish()) return;
    setMode(next);
  };

  return (
    <div className="schema-form" data-testid="schema-form">
      <div className="segmented" role="group" aria-label={t('schemaForm.editTheArgumentsAs')}>
        <button type="button" className="btn btn-small" aria-pressed={mode === 'form'} onClick={() => switchTo('form')}>
          {t('schemaForm.form')}
        </button>
        <button type="button" className="btn btn-small" aria-pressed={mode === 'json'} onClick={() => switchTo('json')}>
          {t('schemaForm.json')}
        </button>
      </div>
      {mode === 'form' ? (
        <Form
          schema={drawnSchema}
          uiSchema={uiSchema}
          validator={validator}
          formData={value}
          disabled={disabled}
          showErrorList="top"
          noHtml5Validate
          onChange={(event) => onChange((event.formData ?? {}) as Record<string, unknown>)}
          onSubmit={(event) => onSubmit((event.formData ?? {}) as Record<string, unknown>)}
        />
      ) : (
        <JsonArgumentsEditor json={json} formSchema={formSchema} submitLabel={submitLabel} disabled={disabled} />
      )}
    </div>
  );
}

/**
 * The arguments as JSON text: started from the form's value, parsed back into it when leaving, and checked against
 * the schema on submit (a value with problems is kept and not submitted).
 */
function useJsonArguments({
  formSchema,
  value,
  onChange,
  onSubmit,
}: Pick<SchemaFormProps, 'value' | 'onChange' | 'onSubmit'> & { formSchema: RJSFSchema }) {
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const [issues, setIssues] = useState<FieldIssue[] | null>(null);
  const [parseError, setParseError] = useState<string | null>(null);
  const start = () => {
    setText(JSON.stringify(value, null, 2));
    setParseError(null);
    setIssues(null);
  };
  /** Hands the parsed value to the form; false (and the parse error shown) while the text is not an object. */
  const finish = (): boolean => {
    const parsed = parseObject(text);
    if ('error' in parsed) {
      setParseError(parsed.error);
      return false;
    }
    onChange(parsed.value);
    return true;
  };
  const submit = () => {
    const parsed = parseObject(text);
    if ('error' in parsed) return setParseError(parsed.error);
    setParseError(null);
    onChange(parsed.value);
    const found = validateValue(formSchema, parsed.value);
    setIssues(found);
    if (found.length === 0) onSubmit(parsed.value);
  };
  return { text, setText, issues, parseError, start, finish, submit };
}

function JsonArgumentsEditor({
  json,
  formSchema,
  submitLabel,
  disabled,
}: {
  json: ReturnType<typeof useJsonArguments>;
  formSchema: RJSFSchema;
  submitLabel: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('common');
  const id = useId();
  const { text, issues, parseError } = json;
  return (
    <div className="schema-json">
      <label htmlFor={`${id}-json`}>{t('schemaForm.argumentsJson')}</label>
      <textarea
        id={`${id}-json`}
        className="mono"
        rows={Math.min(16, Math.max(4, text.split('\n').length + 1))}
        spellCheck={false}
        value={text}
        aria-invalid={Boolean(parseError || issues?.length) || undefined}
        onChange={(event) => json.setText(event.target.value)}
      />
      {parseError && (
        <p role="alert" className="field-error">
          {t('schemaForm.notJson', { parseError })}
        </p>
      )}
      {issues && issues.length > 0 && (
        <ul role="alert" className="field-error schema-issues" aria-label={t('schemaForm.problemsWithTheArguments')}>
          {issues.map((issue) => (
            <li key={`${issue.path.join('/')}|${issue.message}`}>{issueText(t, formSchema, issue)}</li>
          ))}
        </ul>
      )}
      <button type="button" className="btn btn-primary" disabled={disabled} onClick={json.submit}>
        {submitLabel}
      </button>
    </div>
  );
}

function parseObject(text: string): { value: Record<string, unknown> } | { error: string } {
  try {
    const value: unknown = JSON.parse(text || '{}');
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return { error: 'the arguments must be a JSON object' };
    return { value: value as Record<string, unknown> };
  } catch (error) {
    return { error: (error as Error).message };
  }
}
