import type { ServerConfig, ServerConfigInput } from './schema';
import type { UiMessage } from '../i18n-message';
import { say } from '../messages';

/**
 * Secrets written literally in a server's entry (an `Authorization` header, a stdio server's API key, an
 * OAuth client secret) stay in switchboard.yaml and in main. Every view that leaves main shows them
 * masked (`Bearer ••••1234`); a masked value that comes back unchanged is put back to the literal it
 * stands for, and one that stands for nothing is refused, so the mask is never written to the file.
 */
export const MASK = '••••';

/** A value made only of `${env:NAME}` references (after an optional scheme) holds no secret: main expands it. */
const ENV_ONLY = /^(?:[A-Za-z][\w-]*\s+)?(?:\$\{env:[^}]+\}\s*)+$/;
/** Authorization schemes shown before the mask, as `Bearer ••••1234`. */
const SCHEME = /^(?:Bearer|Basic|Token|Bot|Digest|ApiKey|DPoP|Negotiate)\s+/i;
/** stdio variables whose values are masked; other variables (PATH, LOG_LEVEL…) are configuration, shown as written. */
const SECRET_VARIABLE =
  /token|secret|passw|passphrase|credential|cookie|auth|apikey|api[_-]key|access[_-]?key|private[_-]?key|(^|[_-])key$/i;
/** A tail long enough that showing its last 4 characters gives away little. */
const TAIL_MIN_LENGTH = 16;

/** The masked form of a literal secret: its scheme, the mask, and the last 4 characters of a long secret. */
export function maskSecret(value: string): string {
  const scheme = SCHEME.exec(value)?.[0] ?? '';
  const secret = value.slice(scheme.length).trimEnd();
  return `${scheme}${MASK}${secret.length >= TAIL_MIN_LENGTH ? secret.slice(-4) : ''}`;
}

export const isMasked = (value: string): boolean => value.includes(MASK);
export const isEnvReference = (value: string): boolean => ENV_ONLY.test(value);

/** A field of a server entry, as a path below the entry: ['headers', 'Authorization'], ['auth', 'clientSecret']. */
export type SecretPath = readonly [string, string];

/** Whether `path` (below a server entry) is where a secret may be written. */
export function mayHoldSecret(path: readonly (string | number)[]): boolean {
  if (path.length !== 2) return false;
  const [field, key] = path;
  if (field === 'headers') return true; // credentials ride under all sorts of names: X-Api-Key, Cookie…
  if (field === 'env') return SECRET_VARIABLE.test(String(key));
  return field === 'auth' && (key === 'clientSecret' || key === 'privateKey');
}

/** Whether the value at `path` (below a server entry) is a literal secret, shown masked. */
export function isSecretField(path: readonly (string | number)[], value: unknown): value is string {
  if (!mayHoldSecret(path) || typeof value !== 'string' || value === '' || isEnvReference(value)) return false;
  return path[1] !== 'privateKey' || value.includes('-----BEGIN'); // a key file's path is shown
}

/** Every secret written literally in one server entry. */
export function secretFields(server: ServerConfig | ServerConfigInput): { path: SecretPath; value: string }[] {
  const found: { path: SecretPath; value: string }[] = [];
  const record = server as Record<string, unknown>;
  for (const field of ['headers', 'env', 'auth'] as const) {
    const values = record[field];
    if (!values || typeof values !== 'object') continue;
    for (const [key, value] of Object.entries(values))
      if (isSecretField([field, key], value)) found.push({ path: [field, key], value });
  }
  return found;
}

/** The entry as a view that leaves main shows it. */
export function maskServer<S extends ServerConfig>(server: S): S {
  const secrets = secretFields(server);
  if (secrets.length === 0) return server;
  const masked = structuredClone(server) as unknown as Record<string, Record<string, string>>;
  for (const { path, value } of secrets) masked[path[0]][path[1]] = maskSecret(value);
  return masked as unknown as S;
}

export interface SecretProblem {
  /** Below the entry: `headers.Authorization`. */
  path: string;
  /** English (CLI, logs); `uiMessage` is the code the console translates. */
  message: string;
  uiMessage: UiMessage;
}

/**
 * Puts back the literals behind masked values: a value equal to the mask of what `stored` (the entry as
 * it is in the file) holds at the same place becomes that literal. A value still holding the mask that
 * stands for nothing there is a problem: it was typed over, belongs to another entry, or was moved to a
 * field (a renamed variable, an argument, the url) that is never masked. So a mask is never written.
 */
export function restoreServerSecrets<S extends ServerConfigInput>(
  incoming: S,
  stored: ServerConfig | undefined,
): { server: S; problems: SecretProblem[] } {
  const problems: SecretProblem[] = [];
  let restored: Record<string, Record<string, string>> | undefined;
  for (const { path, value } of maskedStrings(incoming)) {
    const field: SecretPath | undefined =
      path.length === 2 && SECRET_FIELDS.has(String(path[0])) && mayHoldSecret(path)
        ? [String(path[0]), String(path[1])]
        : undefined;
    const literal = field && literalBehind(stored, field, value);
    if (!field || literal === undefined) {
      const uiMessage = say('secrets.unmatchedMaskIn', { field: String(path[path.length - 1]), mask: MASK });
      problems.push({ path: path.join('.'), message: uiMessage.text, uiMessage });
      continue;
    }
    restored ??= structuredClone(incoming) as unknown as Record<string, Record<string, string>>;
    restored[field[0]][field[1]] = literal;
  }
  return { server: (restored as unknown as S | undefined) ?? incoming, problems };
}

const SECRET_FIELDS = new Set(['headers', 'env', 'auth']);

/** Every string holding the mask anywhere in `value`, with its path. */
function maskedStrings(value: unknown, path: (string | number)[] = []): { path: (string | number)[]; value: string }[] {
  if (typeof value === 'string') return isMasked(value) ? [{ path, value }] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => maskedStrings(item, [...path, index]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => maskedStrings(item, [...path, key]));
  return [];
}

/** The literal `stored` holds at `path` if `masked` is its mask. */
export function literalBehind(
  stored: ServerConfig | ServerConfigInput | undefined,
  path: SecretPath,
  masked: string,
): string | undefined {
  const values = stored && (stored as Record<string, unknown>)[path[0]];
  const literal = values && typeof values === 'object' ? (values as Record<string, unknown>)[path[1]] : undefined;
  return isSecretField(path, literal) && maskSecret(literal) === masked ? literal : undefined;
}

/** A mask that stands for no stored secret, wherever it was found (the config text, a server entry). */
export const unmatchedMask = (): UiMessage => say('secrets.unmatchedMask', { mask: MASK });

/** The refusal of an entry whose masks stand for nothing: the count for the console, the problems in English for the CLI. */
export const unmatchedMasks = (problems: readonly SecretProblem[], prefix = ''): UiMessage =>
  say('secrets.unmatchedMasks', { count: problems.length }, problems.map((p) => `${prefix}${p.message}`).join('; '));
