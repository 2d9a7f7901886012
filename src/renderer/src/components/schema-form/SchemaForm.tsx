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
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const [jsonIssues, setJsonIssues] = useState<FieldIssue[] | null>(null);
  const [parseError, setParseError] = useState<string | null>(null);
  const id = useId();
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

  const switchTo = (next: Mode) => {
    if (next === mode) return;
    if (next === 'json') {
      setText(JSON.stringify(value, null, 2));
      setParseError(null);
      setJsonIssues(null);
    } else {
      const parsed = parseObject(text);
      if ('error' in parsed) {
        setParseError(parsed.error);
        return; // stay in JSON mode until it parses: nothing typed is lost
      }
      onChange(parsed.value);
    }
    setMode(next);
  };

  const submitJson = () => {
    const parsed = parseObject(text);
    if ('error' in parsed) return setParseError(parsed.error);
    setParseError(null);
    onChange(parsed.value);
    const issues = validateValue(formSchema, parsed.value);
    setJsonIssues(issues);
    if (issues.length === 0) onSubmit(parsed.value);
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
        <div className="schema-json">
          <label htmlFor={`${id}-json`}>{t('schemaForm.argumentsJson')}</label>
          <textarea
            id={`${id}-json`}
            className="mono"
            rows={Math.min(16, Math.max(4, text.split('\n').length + 1))}
            spellCheck={false}
            value={text}
            aria-invalid={Boolean(parseError || jsonIssues?.length) || undefined}
            onChange={(event) => setText(event.target.value)}
          />
          {parseError && (
            <p role="alert" className="field-error">
              {t('schemaForm.notJson', { parseError })}
            </p>
          )}
          {jsonIssues && jsonIssues.length > 0 && (
            <ul
              role="alert"
              className="field-error schema-issues"
              aria-label={t('schemaForm.problemsWithTheArguments')}
            >
              {jsonIssues.map((issue) => (
                <li key={`${issue.path.join('/')}|${issue.message}`}>{issueText(t, formSchema, issue)}</li>
              ))}
            </ul>
          )}
          <button type="button" className="btn btn-primary" disabled={disabled} onClick={submitJson}>
            {submitLabel}
          </button>
        </div>
      )}
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
