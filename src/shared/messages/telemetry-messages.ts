/**
 * What telemetry tells the operator (the log, the Settings page): a setting it could not use, a collector it could
 * not reach. `{{detail}}`, `{{value}}` and `{{endpoint}}` are inserted verbatim; a header's value never is.
 */
export const TELEMETRY_MESSAGES = {
  'telemetry.exportFailed': 'could not send {{signal}} to {{endpoint}}: {{detail}}',
  'telemetry.badHeaders':
    'OTEL_EXPORTER_OTLP_HEADERS entry {{position}} is not key=value with a valid name ({{reason}}); it is not sent',
  'telemetry.badProtocol':
    'OTEL_EXPORTER_OTLP_PROTOCOL "{{value}}" is not supported here (http/protobuf or http/json); using http/protobuf',
  'telemetry.badSampler':
    'OTEL_TRACES_SAMPLER "{{value}}" is not a sampler this SDK knows; using parentbased_always_on',
  'telemetry.badEndpoint': 'the OTLP endpoint "{{value}}" is not an http or https URL; telemetry stays off',
  'telemetry.badTraceparent':
    '{{server}} sent a traceparent that is not W3C trace context ({{value}}); its span starts a trace of its own',
  'telemetry.startFailed': 'telemetry could not start: {{detail}}',
  'telemetry.notConfigured': 'no OTLP endpoint is set: set OTEL_EXPORTER_OTLP_ENDPOINT or the endpoint on this page',
  'telemetry.disabled': 'telemetry is switched off (OTEL_SDK_DISABLED or the setting)',
} as const;
