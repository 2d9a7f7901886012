import { createRequire } from 'node:module';

interface MessageType {
  decode(body: Uint8Array): unknown;
  toObject(message: unknown, options: Record<string, unknown>): Record<string, unknown>;
}

/**
 * http/protobuf bodies decoded with the OTLP definitions generated into @opentelemetry/otlp-transformer (0.57, the
 * last release that shipped them; the exporters under test are the current ones), into the http/json shape: ids as
 * hex, 64-bit numbers as strings.
 */
export function decodeOtlpProtobuf(kind: 'traces' | 'metrics', body: Buffer): Record<string, unknown> {
  const require = createRequire(import.meta.url);
  const root = require('otlp-transformer-v057/build/src/generated/root.js') as {
    opentelemetry: { proto: { collector: Record<string, Record<string, Record<string, MessageType>>> } };
  };
  const collector = root.opentelemetry.proto.collector;
  const type =
    kind === 'traces' ? collector.trace.v1.ExportTraceServiceRequest : collector.metrics.v1.ExportMetricsServiceRequest;
  const object = type.toObject(type.decode(body), { longs: String, enums: Number, bytes: String, defaults: false });
  return hexIds(object) as Record<string, unknown>;
}

const ID_FIELDS = new Set(['traceId', 'spanId', 'parentSpanId']);

function hexIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(hexIds);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      ID_FIELDS.has(key) && typeof inner === 'string' ? Buffer.from(inner, 'base64').toString('hex') : hexIds(inner),
    ]),
  );
}
