import { z } from 'zod';

export const OTLP_PROTOCOLS = ['http/protobuf', 'http/json'] as const;
export const TRACE_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

/**
 * `telemetry:` in switchboard.yaml, what Settings saves: the same knobs as the standard OTEL_* variables, which win
 * when set. The OTLP headers may hold a token, so they are a secret (OTEL_EXPORTER_OTLP_HEADERS in the secret store),
 * never here.
 */
export const telemetrySettingsSchema = z.strictObject({
  /** OTLP/HTTP base URL (OTEL_EXPORTER_OTLP_ENDPOINT): /v1/traces and /v1/metrics are appended. */
  endpoint: z.url({ protocol: /^https?$/ }).optional(),
  protocol: z.enum(OTLP_PROTOCOLS).optional(),
  serviceName: z.string().min(1).max(200).optional(),
  /** OTEL_SDK_DISABLED: keep the settings, send nothing. */
  disabled: z.boolean().optional(),
  sampler: z.enum(TRACE_SAMPLERS).optional(),
  samplerArg: z.number().min(0).max(1).optional(),
  /** OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: prompts, arguments and results in spans (secrets masked). */
  captureContent: z.boolean().optional(),
  /** A link from a record to its trace, e.g. http://localhost:16686/trace/{traceId} (Jaeger). */
  traceUrlTemplate: z.string().max(2000).optional(),
});
export type TelemetrySettings = z.output<typeof telemetrySettingsSchema>;
