import { HEADER_NAME, isHttpUrl } from '../../../shared/config/rules';
import { OTLP_PROTOCOLS, TRACE_SAMPLERS, type TelemetrySettings } from '../../../shared/config/telemetry-schema';
import type { UiMessage } from '../../../shared/i18n-message';
import { say } from '../../../shared/messages';

export type OtlpProtocol = (typeof OTLP_PROTOCOLS)[number];
export type TraceSampler = (typeof TRACE_SAMPLERS)[number];

/** Where each effective value came from: the standard variable, Settings, or neither. */
export type TelemetrySource = 'env' | 'settings' | 'default';

export interface ResolvedTelemetry {
  /** True when an endpoint is set and nothing switches telemetry off. */
  enabled: boolean;
  endpoint: string | null;
  endpointSource: TelemetrySource;
  tracesUrl: string | null;
  metricsUrl: string | null;
  protocol: OtlpProtocol;
  /** Parsed; malformed entries are left out (and are in `problems`). Values may be tokens: never shown or logged. */
  headers: Record<string, string>;
  serviceName: string;
  sampler: TraceSampler;
  samplerArg: number | undefined;
  captureContent: boolean;
  metrics: boolean;
  disabled: boolean;
  /** Export timeout per request (OTEL_EXPORTER_OTLP_TIMEOUT, default 10 s): a hanging collector costs no more. */
  timeoutMs: number;
  /** Metric export interval (OTEL_METRIC_EXPORT_INTERVAL, default 60 s); the CLI flushes at exit either way. */
  metricIntervalMs: number;
  problems: UiMessage[];
}

/** The variable the OTLP headers are kept under, in the environment or the secret store. */
export const OTLP_HEADERS_SECRET = 'OTEL_EXPORTER_OTLP_HEADERS';

const TRUE = /^true$/i;

/**
 * The effective telemetry settings: each standard OTEL_* variable wins over its Settings field. Pure: bad values
 * become `problems` (told once by the service) and a safe default, never a throw.
 */
export function resolveTelemetry(
  env: NodeJS.ProcessEnv,
  settings: TelemetrySettings | undefined,
  storedHeaders: string | undefined,
): ResolvedTelemetry {
  const s = settings ?? {};
  const problems: UiMessage[] = [];
  const fromEnv = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };

  const envEndpoint = fromEnv('OTEL_EXPORTER_OTLP_ENDPOINT');
  const endpointSource: TelemetrySource = envEndpoint ? 'env' : s.endpoint ? 'settings' : 'default';
  const endpoint = baseEndpoint(envEndpoint ?? s.endpoint, problems);
  const signalUrl = (variable: string, path: string) => {
    const own = fromEnv(variable);
    if (own && isHttpUrl(own)) return own;
    return endpoint ? `${endpoint}${path}` : null;
  };

  const protocol = oneOf(
    fromEnv('OTEL_EXPORTER_OTLP_PROTOCOL') ?? s.protocol,
    OTLP_PROTOCOLS,
    'http/protobuf',
    (value) => problems.push(say('telemetry.badProtocol', { value })),
  );
  const sampler = oneOf(fromEnv('OTEL_TRACES_SAMPLER') ?? s.sampler, TRACE_SAMPLERS, 'parentbased_always_on', (value) =>
    problems.push(say('telemetry.badSampler', { value })),
  );
  const envArg = fromEnv('OTEL_TRACES_SAMPLER_ARG');
  const parsedArg = envArg !== undefined ? Number(envArg) : s.samplerArg;
  const samplerArg =
    parsedArg !== undefined && Number.isFinite(parsedArg) && parsedArg >= 0 && parsedArg <= 1 ? parsedArg : undefined;

  const headers = parseOtlpHeaders(fromEnv(OTLP_HEADERS_SECRET) ?? storedHeaders, problems);
  Object.assign(headers, parseOtlpHeaders(fromEnv('OTEL_EXPORTER_OTLP_TRACES_HEADERS'), problems));
  const envDisabled = fromEnv('OTEL_SDK_DISABLED');
  const disabled = envDisabled !== undefined ? TRUE.test(envDisabled) : s.disabled === true;
  const traces = fromEnv('OTEL_TRACES_EXPORTER');
  const capture = fromEnv('OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT');
  const tracesUrl = signalUrl('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', '/v1/traces');

  return {
    enabled: !disabled && traces !== 'none' && tracesUrl !== null,
    endpoint,
    endpointSource,
    tracesUrl,
    metricsUrl: signalUrl('OTEL_EXPORTER_OTLP_METRICS_ENDPOINT', '/v1/metrics'),
    protocol,
    headers,
    serviceName: fromEnv('OTEL_SERVICE_NAME') ?? s.serviceName ?? 'switchboard',
    sampler,
    samplerArg,
    captureContent: capture !== undefined ? TRUE.test(capture) : s.captureContent === true,
    metrics: fromEnv('OTEL_METRICS_EXPORTER') !== 'none',
    disabled,
    timeoutMs: positive(fromEnv('OTEL_EXPORTER_OTLP_TIMEOUT')) ?? 10_000,
    metricIntervalMs: positive(fromEnv('OTEL_METRIC_EXPORT_INTERVAL')) ?? 60_000,
    problems,
  };
}

/** The OTLP base endpoint without trailing slashes; one that is not an http(s) URL is a problem, and none. */
function baseEndpoint(raw: string | undefined, problems: UiMessage[]): string | null {
  if (!raw) return null;
  if (isHttpUrl(raw)) return raw.replace(/\/+$/, '');
  problems.push(say('telemetry.badEndpoint', { value: raw.slice(0, 200) }));
  return null;
}

/** `raw` when it is one of `allowed`; else `fallback`, and a value given but unknown is told (its first 100 characters). */
function oneOf<T extends string>(
  raw: string | undefined,
  allowed: readonly T[],
  fallback: T,
  unknown: (value: string) => void,
): T {
  if (raw && (allowed as readonly string[]).includes(raw)) return raw as T;
  if (raw) unknown(raw.slice(0, 100));
  return fallback;
}

/**
 * OTEL_EXPORTER_OTLP_HEADERS: `key=value` pairs separated by commas, each URL-encoded (the W3C baggage format the
 * spec names). A malformed entry is left out and told by position and reason, never by value (it may be a token).
 */
export function parseOtlpHeaders(text: string | undefined, problems: UiMessage[]): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!text) return headers;
  text.split(',').forEach((entry, index) => {
    if (!entry.trim()) return;
    const position = String(index + 1);
    const at = entry.indexOf('=');
    if (at < 0) return void problems.push(say('telemetry.badHeaders', { position, reason: 'no "="' }));
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent(entry.slice(0, at).trim());
      value = decodeURIComponent(entry.slice(at + 1).trim());
    } catch {
      return void problems.push(say('telemetry.badHeaders', { position, reason: 'bad percent-encoding' }));
    }
    if (!HEADER_NAME.test(name))
      return void problems.push(
        say('telemetry.badHeaders', {
          position,
          reason: name ? `"${name.slice(0, 40)}" is not a header name` : 'empty name',
        }),
      );
    if (/[\r\n\0]/.test(value))
      return void problems.push(say('telemetry.badHeaders', { position, reason: 'a line break in the value' }));
    headers[name] = value;
  });
  return headers;
}

function positive(value: string | undefined): number | undefined {
  const n = value === undefined ? NaN : Number(value);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}
