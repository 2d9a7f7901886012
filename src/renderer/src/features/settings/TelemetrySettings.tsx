import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RouteOutput, TelemetryView } from '../../../../shared/contract';
import { traceLink } from '../../../../shared/telemetry/trace-link';
import { Loading, LoadError } from '../../components/QueryState';
import { shownText, uiMessageText } from '../../lib/i18n/messages';
import { useRpcMutation, useRpcQuery } from '../../lib/queries';
import { ActionFailure } from '../../components/ActionFailure';

type Saved = TelemetryView['saved'];
const PROTOCOLS = ['http/protobuf', 'http/json'] as const;
const SAMPLERS = [
  'parentbased_always_on',
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;
/** The text fields, with what each takes, e.g. (placeholders are examples of values, not sentences). */
const ENDPOINT = { field: 'endpoint', example: 'http://localhost:4318' } as const;
const SERVICE_NAME = { field: 'serviceName', example: 'switchboard' } as const;
const TRACE_URL = { field: 'traceUrlTemplate', example: 'http://localhost:16686/trace/{traceId}' } as const;
const HEADERS_EXAMPLE = 'authorization=Bearer%20…';
/** Which standard variable overrides each field: set in main's environment, the field is shown but not editable. */
const ENV_OF: Partial<Record<keyof Saved, string>> = {
  endpoint: 'OTEL_EXPORTER_OTLP_ENDPOINT',
  protocol: 'OTEL_EXPORTER_OTLP_PROTOCOL',
  serviceName: 'OTEL_SERVICE_NAME',
  disabled: 'OTEL_SDK_DISABLED',
  sampler: 'OTEL_TRACES_SAMPLER',
  captureContent: 'OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT',
};

/**
 * OpenTelemetry: the `telemetry:` section as a form (the OTEL_* variables win where set), the OTLP headers write-only
 * like an API key, "Send a test span", and each problem main told once (a bad variable, a collector that failed).
 */
export function TelemetrySettings() {
  const { t } = useTranslation('settings');
  // Export outcomes arrive without an event: while the page is open, the status is read again now and then.
  const view = useRpcQuery('telemetry.get', {}, { refetchInterval: 5_000 });
  if (view.isPending) return <Loading>{t('telemetry.loading')}</Loading>;
  if (view.isError)
    return <LoadError what={t('telemetry.title')} error={view.error} onRetry={() => void view.refetch()} />;
  return <TelemetryForm view={view.data} />;
}

function TelemetryForm({ view }: { view: TelemetryView }) {
  const { t } = useTranslation('settings');
  const id = useId();
  const [draft, setDraft] = useState<Saved | null>(null);
  const values = draft ?? view.saved;
  // config.changed refetches telemetry.get, perhaps before main applied the section; the answer is the applied view.
  const save = useRpcMutation('telemetry.save');
  const queryClient = useQueryClient();
  const test = useRpcMutation('telemetry.sendTestSpan', ['telemetry.get']);
  const locked = (field: keyof Saved) => Boolean(ENV_OF[field] && view.fromEnv.includes(ENV_OF[field]));
  const change = (patch: Partial<Saved>) => {
    save.reset();
    setDraft({ ...values, ...patch });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(values, {
      onSuccess: (applied) => {
        queryClient.setQueryData(['telemetry.get', {}], applied);
        setDraft(null);
      },
    });
  };
  const testLink =
    test.data?.ok && test.data.traceId ? traceLink(values.traceUrlTemplate, { traceId: test.data.traceId }) : null;

  return (
    <form className="settings-form" onSubmit={submit} aria-labelledby={`${id}-title`} data-testid="telemetry-settings">
      <h2 id={`${id}-title`}>{t('telemetry.title')}</h2>
      <p data-testid="telemetry-state">
        <strong className={view.enabled ? 'ok-text' : 'muted'}>
          {view.enabled
            ? t('telemetry.sendingTo', { endpoint: view.endpoint, protocol: view.protocol })
            : t('telemetry.off')}
        </strong>
      </p>
      <TelemetryFields values={values} locked={locked} onChange={change} />
      <div className="inline-field">
        <button type="submit" className="btn btn-primary" disabled={!draft || save.isPending}>
          {t('telemetry.save')}
        </button>
        <button
          type="button"
          className="btn"
          disabled={test.isPending}
          onClick={() => test.mutate({})}
          data-testid="telemetry-test-span"
        >
          {test.isPending ? t('telemetry.sendingTestSpan') : t('telemetry.sendTestSpan')}
        </button>
      </div>
      <ActionFailure action={save} say={(reason) => t('telemetry.notSaved', { error: reason })} />
      {test.data && <TestSpanResult result={test.data} link={testLink} />}
      <OtlpHeaders view={view} />
      <TelemetryProblems problems={view.problems} />
    </form>
  );
}

interface FieldsProps {
  values: Saved;
  /** Set by an OTEL_* variable in main's environment: shown, not editable. */
  locked: (field: keyof Saved) => boolean;
  onChange: (patch: Partial<Saved>) => void;
}

/** The `telemetry:` section's fields. */
function TelemetryFields({ values, locked, onChange: change }: FieldsProps) {
  const { t } = useTranslation('settings');
  const text = ({ field, example }: typeof ENDPOINT | typeof SERVICE_NAME | typeof TRACE_URL) => (
    <label className="form-field">
      <span>{t(`telemetry.fields.${field}`)}</span>
      <input
        type="text"
        value={values[field] ?? ''}
        placeholder={example}
        disabled={locked(field)}
        spellCheck={false}
        onChange={(event) => change({ [field]: event.target.value || undefined })}
      />
      {locked(field) && <small className="muted">{t('telemetry.fromEnv', { variable: ENV_OF[field] })}</small>}
    </label>
  );
  return (
    <>
      {text(ENDPOINT)}
      <label className="form-field">
        <span>{t('telemetry.fields.protocol')}</span>
        <select
          value={values.protocol ?? 'http/protobuf'}
          disabled={locked('protocol')}
          onChange={(event) => change({ protocol: event.target.value as Saved['protocol'] })}
        >
          {PROTOCOLS.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      {text(SERVICE_NAME)}
      <label className="form-field">
        <span>{t('telemetry.fields.sampler')}</span>
        <select
          value={values.sampler ?? 'parentbased_always_on'}
          disabled={locked('sampler')}
          onChange={(event) => change({ sampler: event.target.value as Saved['sampler'] })}
        >
          {SAMPLERS.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label>
        <input
          type="checkbox"
          checked={values.captureContent === true}
          disabled={locked('captureContent')}
          onChange={(event) => change({ captureContent: event.target.checked || undefined })}
        />{' '}
        {t('telemetry.fields.captureContent')}
      </label>
      <p className="muted small">{t('telemetry.captureHint')}</p>
      <label>
        <input
          type="checkbox"
          checked={values.disabled === true}
          disabled={locked('disabled')}
          onChange={(event) => change({ disabled: event.target.checked || undefined })}
        />{' '}
        {t('telemetry.fields.disabled')}
      </label>
      {text(TRACE_URL)}
    </>
  );
}

/** How "Send a test span" went, with a link to the trace when a trace URL template is set. */
function TestSpanResult({ result, link }: { result: RouteOutput<'telemetry.sendTestSpan'>; link: string | null }) {
  const { t, i18n } = useTranslation('settings');
  return (
    <p role="status" className={result.ok ? 'ok-text' : 'field-error'} data-testid="telemetry-test-result">
      {result.ok
        ? t('telemetry.testSpanSent', { traceId: result.traceId })
        : t('telemetry.testSpanFailed', {
            reason: result.message ? uiMessageText(i18n, result.message) : '',
          })}
      {link && (
        <>
          {' '}
          <a href={link} target="_blank" rel="noopener noreferrer">
            {t('telemetry.openTrace')}
          </a>
        </>
      )}
    </p>
  );
}

/** Each problem main told once (a bad variable, a collector that failed). */
function TelemetryProblems({ problems }: { problems: TelemetryView['problems'] }) {
  const { t, i18n } = useTranslation('settings');
  if (problems.length === 0) return null;
  return (
    <>
      <h3>{t('telemetry.problems')}</h3>
      <ul className="problem-list" data-testid="telemetry-problems">
        {problems.map((problem) => (
          <li key={`${problem.at}-${problem.message.code}`}>
            {shownText(i18n, problem.message.text, problem.message)}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Write-only, like the API key: header names are shown, values never come back (they may be tokens). */
function OtlpHeaders({ view }: { view: TelemetryView }) {
  const { t } = useTranslation('settings');
  const id = useId();
  const [headers, setHeaders] = useState('');
  const set = useRpcMutation('telemetry.setHeaders', ['telemetry.get']);
  const envSet = view.fromEnv.includes('OTEL_EXPORTER_OTLP_HEADERS');
  return (
    <div className="form-field">
      <label htmlFor={`${id}-headers`}>{t('telemetry.fields.headers')}</label>
      <p className="muted small" data-testid="telemetry-header-names">
        {view.headerNames.length
          ? t('telemetry.headerNames', { names: view.headerNames.join(', ') })
          : t('telemetry.noHeaders')}
        {envSet && ` ${t('telemetry.fromEnv', { variable: 'OTEL_EXPORTER_OTLP_HEADERS' })}`}
      </p>
      {view.canStoreHeaders && !envSet && (
        <div className="inline-field">
          <input
            id={`${id}-headers`}
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder={HEADERS_EXAMPLE}
            value={headers}
            maxLength={8192}
            onChange={(event) => setHeaders(event.target.value)}
          />
          <button
            type="button"
            className="btn"
            disabled={!headers.trim() || set.isPending}
            onClick={() => set.mutate({ headers }, { onSuccess: () => setHeaders('') })}
          >
            {t('telemetry.saveHeaders')}
          </button>
          {view.headersStored && (
            <button type="button" className="btn" disabled={set.isPending} onClick={() => set.mutate({ headers: '' })}>
              {t('telemetry.clearHeaders')}
            </button>
          )}
        </div>
      )}
      {!view.canStoreHeaders && !envSet && <p className="muted small">{t('telemetry.headersFromEnvOnly')}</p>}
      <ActionFailure action={set} say={(reason) => t('telemetry.notSaved', { error: reason })} />
    </div>
  );
}
