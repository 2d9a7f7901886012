/*
 * The OpenTelemetry SDK and the OTLP/HTTP exporters: imported (by telemetry-service.ts) only when an endpoint is
 * configured, so a run without telemetry never loads them. Registers the global tracer and meter providers and the W3C
 * propagators (trace context + baggage). No context manager: parents are passed by hand (telemetry.ts says why).
 */
import { metrics, propagation, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { CompositePropagator, ExportResultCode, W3CBaggagePropagator, W3CTraceContextPropagator, type ExportResult } from '@opentelemetry/core';
import { defaultResource, detectResources, envDetector, resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader, type PushMetricExporter } from '@opentelemetry/sdk-metrics';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BasicTracerProvider,
  BatchSpanProcessor,
  ParentBasedSampler,
  SimpleSpanProcessor,
  TraceIdRatioBasedSampler,
  type Sampler,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import type { ResolvedTelemetry } from './telemetry-config';

/** One export's outcome, as the service reports it (once per distinct cause). */
export interface ExportOutcome {
  signal: 'traces' | 'metrics';
  url: string;
  ok: boolean;
  /** Why it failed, in words: HTTP status, connection refused, no answer within the timeout. */
  detail?: string;
}

export interface RunningTelemetry {
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

export async function startTelemetrySdk(config: ResolvedTelemetry, version: string | undefined, onExport: (outcome: ExportOutcome) => void): Promise<RunningTelemetry> {
  const resource = resourceOf(config, version);
  const traceExporter = reporting(await spanExporter(config), 'traces', config.tracesUrl as string, onExport);
  const tracerProvider = new BasicTracerProvider({
    resource,
    sampler: samplerOf(config),
    // Exports leave in the background, at most 512 spans at a time: a slow collector never holds a turn.
    spanProcessors: [new BatchSpanProcessor(traceExporter, { exportTimeoutMillis: config.timeoutMs + 1000 })],
  });
  const readers =
    config.metrics && config.metricsUrl
      ? [
          new PeriodicExportingMetricReader({
            exporter: reporting(await metricExporter(config), 'metrics', config.metricsUrl, onExport),
            exportIntervalMillis: Math.max(config.metricIntervalMs, config.timeoutMs + 1000),
            exportTimeoutMillis: config.timeoutMs + 1000,
          }),
        ]
      : [];
  const meterProvider = new MeterProvider({ resource, readers });

  propagation.setGlobalPropagator(new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }));
  trace.setGlobalTracerProvider(tracerProvider);
  metrics.setGlobalMeterProvider(meterProvider);

  return {
    async flush() {
      await Promise.allSettled([tracerProvider.forceFlush(), meterProvider.forceFlush()]);
    },
    async shutdown() {
      trace.disable();
      metrics.disable();
      propagation.disable();
      await Promise.allSettled([tracerProvider.shutdown(), meterProvider.shutdown()]);
    },
  };
}

/**
 * Settings' "send a test span": one span through a provider of its own (always sampled, exported at once), so the
 * answer is this span's export and nothing else's.
 */
export async function sendTestSpan(config: ResolvedTelemetry, version: string | undefined): Promise<{ ok: boolean; traceId: string; detail?: string }> {
  let outcome: ExportOutcome | undefined;
  const exporter = reporting(await spanExporter(config), 'traces', config.tracesUrl as string, (o) => (outcome = o));
  const provider = new BasicTracerProvider({ resource: resourceOf(config, version), sampler: new AlwaysOnSampler(), spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const span = provider.getTracer('switchboard.settings').startSpan('switchboard.test_span', { attributes: { 'switchboard.test': true } }, ROOT_CONTEXT);
  const traceId = span.spanContext().traceId;
  span.end();
  await provider.forceFlush().catch(() => undefined); // the outcome is what reporting() saw
  await provider.shutdown().catch(() => undefined);
  return { ok: outcome?.ok ?? false, traceId, ...(outcome?.detail ? { detail: outcome.detail } : !outcome ? { detail: 'no export was attempted' } : {}) };
}

function resourceOf(config: ResolvedTelemetry, version: string | undefined): Resource {
  // OTEL_RESOURCE_ATTRIBUTES too (envDetector); service.name is ours (OTEL_SERVICE_NAME or the setting).
  return defaultResource()
    .merge(detectResources({ detectors: [envDetector] }))
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: config.serviceName, ...(version && { [ATTR_SERVICE_VERSION]: version }) }));
}

function samplerOf(config: ResolvedTelemetry): Sampler {
  const ratio = () => new TraceIdRatioBasedSampler(config.samplerArg ?? 1);
  switch (config.sampler) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return ratio();
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: ratio() });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

async function spanExporter(config: ResolvedTelemetry): Promise<SpanExporter> {
  const options = { url: config.tracesUrl as string, headers: config.headers, timeoutMillis: config.timeoutMs };
  const { OTLPTraceExporter } = config.protocol === 'http/json' ? await import('@opentelemetry/exporter-trace-otlp-http') : await import('@opentelemetry/exporter-trace-otlp-proto');
  return withoutEnvHeaders(() => new OTLPTraceExporter(options));
}

async function metricExporter(config: ResolvedTelemetry): Promise<PushMetricExporter> {
  const options = { url: config.metricsUrl as string, headers: config.headers, timeoutMillis: config.timeoutMs };
  const { OTLPMetricExporter } = config.protocol === 'http/json' ? await import('@opentelemetry/exporter-metrics-otlp-http') : await import('@opentelemetry/exporter-metrics-otlp-proto');
  return withoutEnvHeaders(() => new OTLPMetricExporter(options));
}

const HEADER_VARIABLES = ['OTEL_EXPORTER_OTLP_HEADERS', 'OTEL_EXPORTER_OTLP_TRACES_HEADERS', 'OTEL_EXPORTER_OTLP_METRICS_HEADERS'];

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
function reporting<E extends { export(items: never, done: (result: ExportResult) => void): void }>(exporter: E, signal: ExportOutcome['signal'], url: string, onExport: (outcome: ExportOutcome) => void): E {
  const send = exporter.export.bind(exporter) as (items: unknown, done: (result: ExportResult) => void) => void;
  // The batch processor exports from inside the span.end() that fills a batch: that call would carry the batch's
  // serialization. Deferred to the check phase, it runs while the process waits on I/O, not inside a tool call.
  (exporter as unknown as { export: (items: unknown, done: (result: ExportResult) => void) => void }).export = (items, done) =>
    setImmediate(() =>
      send(items, (result) => {
        try {
          onExport({ signal, url, ok: result.code === ExportResultCode.SUCCESS, ...(result.code !== ExportResultCode.SUCCESS && { detail: describeExportError(result.error) }) });
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
  if (typeof e?.code === 'number') return `HTTP ${e.code}${typeof e.message === 'string' && e.message && !/^\d+$/.test(e.message) ? ` (${e.message.slice(0, 200)})` : ''}`;
  const code = typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
  const message = typeof e?.message === 'string' ? e.message : String(error);
  if (code === 'ECONNREFUSED' || /ECONNREFUSED/.test(message)) return 'connection refused (is the collector running?)';
  if (/time(d)? ?out/i.test(message)) return `no answer in time (${message.slice(0, 120)})`;
  return `${code ? `${code}: ` : ''}${message.slice(0, 300)}`;
}
