/**
 * Pure helpers that turn a configured server entry into what a transport needs: the normalised
 * URL and `${env:NAME}` references expanded at connect time (never written back to the config).
 */

/** Streamable HTTP endpoint: strip trailing "/", then append "/mcp" unless the path already ends with it. */
export function normalizeServerUrl(url: string): string {
  const parsed = new URL(url);
  const path = parsed.pathname.replace(/\/+$/, '');
  parsed.pathname = path.endsWith('/mcp') ? path : `${path}/mcp`;
  return parsed.toString();
}

/** Raised for config a retry cannot fix (a missing variable, an unknown builtin): shown, not retried. */
export class ServerConfigError extends Error {
  override readonly name = 'ServerConfigError';
}

/**
 * Values that cannot be sent as they are, refused by name before anything is sent: a header value holding CR, LF or
 * NUL inside it (fetch strips only the outer spaces, tabs and line breaks), a stdio variable holding NUL. fetch's and
 * spawn's own errors quote the whole value, and a header or variable may hold a secret. Checked after `${env:…}` is
 * expanded, so a variable's stray line break is caught too.
 */
export function refuseUnsendable(values: Record<string, string>, kind: 'header' | 'env'): void {
  const bad = Object.keys(values).filter((name) =>
    kind === 'header'
      ? /[\r\n\0]/.test(values[name].replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, ''))
      : values[name].includes('\0'),
  );
  if (bad.length === 0) return;
  const names = bad.map((name) => `"${name}"`).join(', ');
  const subject = `the value of ${kind === 'header' ? 'header' : 'environment variable'}${bad.length > 1 ? 's' : ''} ${names}`;
  throw new ServerConfigError(
    kind === 'header'
      ? `${subject} holds a line break or NUL character, which HTTP does not allow (check it and any \${env:…} it uses)`
      : `${subject} holds a NUL character, which a process environment cannot carry (check it and any \${env:…} it uses)`,
  );
}

/** `${env:NAME}` in a server's url, headers or env, expanded when it connects. */
export const ENV_REF = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Expands `${env:NAME}` in the given values (keyed by where they appear, e.g. "headers.Authorization").
 * All missing names are reported together, so one failed connect tells the operator everything to set.
 */
export function expandEnvRefs(
  values: Record<string, string>,
  env: Record<string, string | undefined>,
): Record<string, string> {
  const missing: string[] = [];
  const out: Record<string, string> = {};
  for (const [where, value] of Object.entries(values)) {
    out[where] = value.replace(ENV_REF, (_match, name: string) => {
      const found = env[name];
      if (found === undefined) missing.push(`${name} (used in ${where})`);
      return found ?? '';
    });
  }
  if (missing.length > 0)
    throw new ServerConfigError(`environment variable${missing.length > 1 ? 's' : ''} not set: ${missing.join(', ')}`);
  return out;
}
