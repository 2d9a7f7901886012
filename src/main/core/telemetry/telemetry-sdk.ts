/*
 * The OpenTelemetry SDK and the OTLP/HTTP exporters: imported (by telemetry-service.ts) only when an endpoint is
 * configured, so a run without telemetry never loads them. Registers the global tracer and meter providers and the W3C
 * propagators (trace context + baggage). No context manager: parents are passed by hand (telemetry.ts says why). Spans
 * are batched, encoded and sent by a worker thread (span-export-thread.ts); metrics and the test span stay here.
 */
import { metrics, propagation, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  defaultResource,
  detectResources,
  envDetector,
  resourceFromAttributes,
  type Resource,
} from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BasicTracerProvider,
  BatchSpanProcessor,
  ParentBasedSampler,
  SimpleSpanProcessor,
  TraceIdRatioBasedSampler,
  type Sampler,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { metricExporter, reporting, spanExporter, type ExportOutcome } from './otlp-export';
import { SpanExportThread } from './span-export-thread';
import type { ResolvedTelemetry } from './telemetry-config';

export type { ExportOutcome } from './otlp-export';

export interface RunningTelemetry {
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

export async function startTelemetrySdk(
  config: ResolvedTelemetry,
  version: string | undefined,
  onExport: (outcome: ExportOutcome) => void,
): Promise<RunningTelemetry> {
  const resource = resourceOf(config, version);
  const tracerProvider = new BasicTracerProvider({
    resource,
    sampler: samplerOf(config),
    // Exports leave in the background, at most 512 spans at a time: a slow collector never holds a turn.
    spanProcessors: [await spanProcessorOf(config, resource, onExport)],
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

  propagation.setGlobalPropagator(
    new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
  );
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
 * The span export worker's processor; the SDK's BatchSpanProcessor on this thread if no worker can start (or, later,
 * once the worker stopped).
 */
async function spanProcessorOf(
  config: ResolvedTelemetry,
  resource: Resource,
  onExport: (outcome: ExportOutcome) => void,
): Promise<SpanProcessor> {
  const exportTimeoutMillis = config.timeoutMs + 1000;
  const inThread = async () =>
    new BatchSpanProcessor(reporting(await spanExporter(config), 'traces', config.tracesUrl as string, onExport), {
      exportTimeoutMillis,
    });
  const { tracesUrl, metricsUrl, protocol, headers, timeoutMs } = config;
  try {
    return new SpanExportThread({
      data: {
        exporter: { tracesUrl, metricsUrl, protocol, headers, timeoutMs },
        resource: { attributes: resource.attributes, ...(resource.schemaUrl && { schemaUrl: resource.schemaUrl }) },
        exportTimeoutMillis,
      },
      onExport,
      fallback: inThread,
    });
  } catch {
    return inThread();
  }
}

/**
 * Settings' "send a test span": one span through a provider of its own (always sampled, exported at once), so the
 * answer is this span's export and nothing else's.
 */
export async function sendTestSpan(
  config: ResolvedTelemetry,
  version: string | undefined,
): Promise<{ ok: boolean; traceId: string; detail?: string }> {
  let outcome: ExportOutcome | undefined;
  const exporter = reporting(await spanExporter(config), 'traces', config.tracesUrl as string, (o) => (outcome = o));
  const provider = new BasicTracerProvider({
    resource: resourceOf(config, version),
    sampler: new AlwaysOnSampler(),
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  const span = provider
    .getTracer('switchboard.settings')
    .startSpan('switchboard.test_span', { attributes: { 'switchboard.test': true } }, ROOT_CONTEXT);
  const traceId = span.spanContext().traceId;
  span.end();
  await provider.forceFlush().catch(() => undefined); // the outcome is what reporting() saw
  await provider.shutdown().catch(() => undefined);
  return {
    ok: outcome?.ok ?? false,
    traceId,
    ...(outcome?.detail ? { detail: outcome.detail } : !outcome ? { detail: 'no export was attempted' } : {}),
  };
}

function resourceOf(config: ResolvedTelemetry, version: string | undefined): Resource {
  // OTEL_RESOURCE_ATTRIBUTES too (envDetector); service.name is ours (OTEL_SERVICE_NAME or the setting).
  return defaultResource()
    .merge(detectResources({ detectors: [envDetector] }))
    .merge(
      resourceFromAttributes({
        [ATTR_SERVICE_NAME]: config.serviceName,
        ...(version && { [ATTR_SERVICE_VERSION]: version }),
      }),
    );
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
