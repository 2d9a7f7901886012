/*
 * The OTLP/HTTP exporters, made and watched the same way wherever they run: on the main thread (metrics, the test span,
 * spans when no worker can start) and in the span export worker (span-export-worker.ts).
 */
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import type { PushMetricExporter } from '@opentelemetry/sdk-metrics';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { ResolvedTelemetry } from './telemetry-config';

/** One export's outcome, as the service reports it (once per distinct cause). */
export interface ExportOutcome {
  signal: 'traces' | 'metrics';
  url: string;
  ok: boolean;
  /** Why it failed, in words: HTTP status, connection refused, no answer within the timeout. */
  detail?: string;
}

/** What an exporter needs of the settings (all of it plain data: it is handed to the worker as is). */
export type ExporterConfig = Pick<ResolvedTelemetry, 'tracesUrl' | 'metricsUrl' | 'protocol' | 'headers' | 'timeoutMs'>;

export async function spanExporter(config: ExporterConfig): Promise<SpanExporter> {
  const options = { url: config.tracesUrl as string, headers: config.headers, timeoutMillis: config.timeoutMs };
  const { OTLPTraceExporter } =
    config.protocol === 'http/json'
      ? await import('@opentelemetry/exporter-trace-otlp-http')
      : await import('@opentelemetry/exporter-trace-otlp-proto');
  return withoutEnvHeaders(() => new OTLPTraceExporter(options));
}

export async function metricExporter(config: ExporterConfig): Promise<PushMetricExporter> {
  const options = { url: config.metricsUrl as string, headers: config.headers, timeoutMillis: config.timeoutMs };
  const { OTLPMetricExporter } =
    config.protocol === 'http/json'
      ? await import('@opentelemetry/exporter-metrics-otlp-http')
      : await import('@opentelemetry/exporter-metrics-otlp-proto');
  return withoutEnvHeaders(() => new OTLPMetricExporter(options));
}

const HEADER_VARIABLES = [
  'OTEL_EXPORTER_OTLP_HEADERS',
  'OTEL_EXPORTER_OTLP_TRACES_HEADERS',
  'OTEL_EXPORTER_OTLP_METRICS_HEADERS',
];

/**
 * An exporter reads the header variables itself when it is made, and would send entries resolveTelemetry refused (a
 * name Node rejects fails every export): it is made with them hidden, and gets the checked headers only.
 */
function withoutEnvHeaders<T>(make: () => T): T {
  const saved = HEADER_VARIABLES.map((name) => [name, process.env[name]] as const);
  for (const [name] of saved) delete process.env[name];
  try {
    return make();
  } finally {
    for (const [name, value] of saved) if (value !== undefined) process.env[name] = value;
  }
}

/** The exporter, telling each export's outcome (the SDK would only hand a failure to its global error handler). */
export function reporting<E extends { export(items: never, done: (result: ExportResult) => void): void }>(
  exporter: E,
  signal: ExportOutcome['signal'],
  url: string,
  onExport: (outcome: ExportOutcome) => void,
): E {
  const send = exporter.export.bind(exporter) as (items: unknown, done: (result: ExportResult) => void) => void;
  // The batch processor exports from inside the span.end() that fills a batch: that call would carry the batch's
  // serialization. Deferred to the check phase, it runs while the process waits on I/O, not inside a tool call.
  (exporter as unknown as { export: (items: unknown, done: (result: ExportResult) => void) => void }).export = (
    items,
    done,
  ) =>
    setImmediate(() =>
      send(items, (result) => {
        try {
          onExport({
            signal,
            url,
            ok: result.code === ExportResultCode.SUCCESS,
            ...(result.code !== ExportResultCode.SUCCESS && { detail: describeExportError(result.error) }),
          });
        } finally {
          done(result);
        }
      }),
    );
  return exporter;
}

/** An export failure in words: the collector's HTTP status, a refused or reset connection, a timeout. */
export function describeExportError(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown; cause?: { code?: unknown } } | undefined;
  if (typeof e?.code === 'number')
    return `HTTP ${e.code}${typeof e.message === 'string' && e.message && !/^\d+$/.test(e.message) ? ` (${e.message.slice(0, 200)})` : ''}`;
  const code = typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
  const message = typeof e?.message === 'string' ? e.message : String(error);
  if (code === 'ECONNREFUSED' || /ECONNREFUSED/.test(message)) return 'connection refused (is the collector running?)';
  if (/time(d)? ?out/i.test(message)) return `no answer in time (${message.slice(0, 120)})`;
  return `${code ? `${code}: ` : ''}${message.slice(0, 300)}`;
}
