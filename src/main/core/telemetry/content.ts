import { MASK, mayHoldSecret } from '../../../shared/config/secrets';

/** A span attribute holds at most this much content: a trace backend is not the records store. */
const MAX_CONTENT_CHARS = 16_384;

/**
 * Content as a span keeps it, only with OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true: JSON, every value
 * under a key that names a secret (password, token, apiKey… the config's own rule) masked, as the records and the
 * config views mask them, and each known secret value (API keys, OTLP headers) replaced wherever it appears.
 */
export function maskedContent(value: unknown, secrets: readonly string[] = []): string {
  let text =
    typeof value === 'string'
      ? value
      : JSON.stringify(value, (key, inner: unknown) =>
          key && typeof inner === 'string' && mayHoldSecret(['env', key]) ? MASK : inner,
        );
  text ??= '';
  for (const secret of secrets) if (secret.length >= 8 && text.includes(secret)) text = text.split(secret).join(MASK);
  return text.length > MAX_CONTENT_CHARS ? `${text.slice(0, MAX_CONTENT_CHARS)}…` : text;
}
