/*
 * The core's side of OpenTelemetry: only @opentelemetry/api, which does nothing until an SDK registers. Every helper
 * checks `telemetryState.on` first, so an unconfigured run builds no attributes, no spans and loads no SDK module
 * (telemetry-sdk.ts is imported only when an endpoint is set).
 */
import type { UiMessage } from '../../../shared/i18n-message';
import {
  metrics,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Histogram,
  type Span,
  type Tracer,
} from '@opentelemetry/api';

export const telemetryState = {
  on: false,
  /** OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: content goes into spans (masked) only when true. */
  captureContent: false,
  /** Bumped at each start or stop: metric instruments are taken again (the metrics API has no proxy). */
  generation: 0,
  /** Known secret values (the OTLP headers', the model's API key): masked wherever content would quote them. */
  secrets: [] as readonly string[],
  /** Where a problem found outside the service (a peer's bad traceparent) is told, once. */
  report: undefined as ((message: UiMessage) => void) | undefined,
};

export { SpanKind };
export type { Span };

/** Taken once per SDK start (getTracer builds a key and looks it up on every call). */
let cachedTracer: { generation: number; tracer: Tracer } | undefined;
const tracer = (): Tracer => {
  if (cachedTracer?.generation !== telemetryState.generation)
    cachedTracer = { generation: telemetryState.generation, tracer: trace.getTracer('switchboard') };
  return cachedTracer.tracer;
};

/**
 * A span, the child of `parent` (a root without one), or undefined when telemetry is off. Parents are passed by hand,
 * not through an AsyncLocalStorage context manager: its hooks cost every promise in the process.
 */
export function startSpan(name: string, kind: SpanKind, attributes: Attributes, parent?: Span): Span | undefined {
  return telemetryState.on
    ? tracer().startSpan(name, { kind, attributes }, parent ? trace.setSpan(ROOT_CONTEXT, parent) : ROOT_CONTEXT)
    : undefined;
}

/** Ends `span`, as failed when `errorType` is given (`error.type` per the conventions). */
export function endSpan(span: Span | undefined, errorType?: string, description?: string): void {
  if (!span) return;
  if (errorType) {
    span.setAttribute('error.type', errorType);
    span.setStatus({ code: SpanStatusCode.ERROR, ...(description && { message: description.slice(0, 500) }) });
  }
  span.end();
}

/** The ids a record keeps, when the span is sampled (an unsampled span's ids lead to nothing in a backend). */
export function spanIds(span: Span | undefined): { traceId: string; spanId: string } | undefined {
  const ids = span?.spanContext();
  return ids && ids.traceFlags & 1 ? { traceId: ids.traceId, spanId: ids.spanId } : undefined;
}

let genAi: { generation: number; tokens: Histogram; duration: Histogram } | undefined;

/** gen_ai.client.token.usage and gen_ai.client.operation.duration, with the conventions' bucket advice. */
export function genAiInstruments(): { tokens: Histogram; duration: Histogram } {
  if (genAi?.generation === telemetryState.generation) return genAi;
  const meter = metrics.getMeter('switchboard.gen_ai');
  genAi = {
    generation: telemetryState.generation,
    tokens: meter.createHistogram('gen_ai.client.token.usage', {
      unit: '{token}',
      description: 'Number of input and output tokens used',
      advice: {
        explicitBucketBoundaries: [
          1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864,
        ],
      },
    }),
    duration: meter.createHistogram('gen_ai.client.operation.duration', {
      unit: 's',
      description: 'GenAI operation duration',
      advice: {
        explicitBucketBoundaries: [
          0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92,
        ],
      },
    }),
  };
  return genAi;
}
