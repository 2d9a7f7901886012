import type { UiMessage } from '../../../shared/i18n-message';
import type { ServerConfig } from '../../../shared/config/schema';
import { isSecretField, maskSecret, mayHoldSecret } from '../../../shared/config/secrets';
import { ENV_REF } from './server-endpoint';

/** An `Authorization`-style scheme before the credential: the credential alone is redacted too. */
const SCHEME = /^[A-Za-z][\w-]*\s+/;
/** Shorter values are left alone: redacting "yes" or "debug" wherever it appears would garble every line. */
const MIN_SECRET_LENGTH = 8;

/**
 * The secrets a server is given, as it receives them (`${env:NAME}` expanded): its header values, its
 * secret-named stdio variables, its OAuth client secret, an inline PEM key (the fields shared/config/secrets.ts
 * masks in the config's views). A server may echo them (a stdio child's "invalid token ghp_…" on stderr, a log
 * message): its log, its stderr tail and its error leave main, so these are redacted from them. Longest first, so
 * a value containing another is replaced whole.
 */
export function secretValuesOf(server: ServerConfig, env: Record<string, string | undefined>): string[] {
  const values = new Set<string>();
  const record = server as unknown as Record<string, unknown>;
  for (const field of ['headers', 'env', 'auth']) {
    const entries = record[field];
    if (!entries || typeof entries !== 'object') continue;
    for (const [key, value] of Object.entries(entries)) {
      if (typeof value !== 'string' || !mayHoldSecret([field, key])) continue;
      const expanded = value.replace(ENV_REF, (_match, name: string) => env[name] ?? '').trim();
      if (!isSecretField([field, key], expanded)) continue;
      values.add(expanded);
      const scheme = SCHEME.exec(expanded)?.[0];
      if (scheme) values.add(expanded.slice(scheme.length));
    }
  }
  return [...values].filter((value) => value.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
}

/** The configured secrets plus those issued at run time (OAuth tokens), longest first as redactSecrets needs. */
export function withIssuedSecrets(
  configured: readonly string[],
  issued: readonly string[] | undefined,
): readonly string[] {
  const extra = (issued ?? []).filter((value) => value.length >= MIN_SECRET_LENGTH && !configured.includes(value));
  return extra.length === 0 ? configured : [...configured, ...extra].sort((a, b) => b.length - a.length);
}

/** `text` with each of `secrets` replaced by its mask (`••••1234`). */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(maskSecret(secret));
  return out;
}

/**
 * A server's error as its state keeps it: the English text in `error`, the code and params in `errorMessage` (null
 * for text only), each with `secrets` masked, since what a server printed may quote its token.
 */
export function redactedError(
  error: string | UiMessage | null,
  secrets: readonly string[],
): { error: string | null; errorMessage: UiMessage | null } {
  if (error === null) return { error: null, errorMessage: null };
  if (typeof error === 'string') return { error: redactSecrets(error, secrets), errorMessage: null };
  const params =
    error.params &&
    Object.fromEntries(
      Object.entries(error.params).map(([k, v]) => [k, typeof v === 'string' ? redactSecrets(v, secrets) : v]),
    );
  const text = redactSecrets(error.text, secrets);
  return { error: text, errorMessage: { ...error, text, ...(params ? { params } : {}) } };
}

/** A state change as published: its error (text or message) and stderr tail with `secrets` masked. */
export function redactedChange<T extends { stderrTail?: string | null }>(
  change: T & { error?: string | UiMessage | null },
  secrets: readonly string[],
) {
  const { error, ...rest } = change;
  const redacted = error === undefined ? rest : { ...rest, ...redactedError(error, secrets) };
  return rest.stderrTail ? { ...redacted, stderrTail: redactSecrets(rest.stderrTail, secrets) } : redacted;
}
