import type { ServerConfigInput } from '../../../shared/config/schema';
import type { ImportEnvReference } from '../../../shared/contract';
import { MASK } from '../../../shared/config/secrets';

/**
 * `${env:NAME}` references in an imported server entry. Main expands them when the server connects (a header, a
 * stdio child's env, the url, an OAuth secret), so an entry pasted from elsewhere could send the operator's
 * environment (OPENAI_API_KEY…) to whoever wrote it. An import brings none in unless the operator allowed that
 * variable by name: a header, env variable or auth field using one that is not allowed is left out; an entry whose
 * url, command, cwd or an argument uses one is skipped whole (part of it cannot be left out).
 */

const REFERENCE = /\$\{env:([^}]*)\}/g;
type Where = ImportEnvReference['where'];

/** The operator's consent: the variables allowed by name, or every one (the CLI's --allow-env-all). */
export type EnvConsent = readonly string[] | 'all';

const namesIn = (value: string): string[] => [...value.matchAll(REFERENCE)].map((m) => m[1]);

/** Every reference in the entry, with where it is used: one item per (variable, place). */
export function envReferencesOf(server: string, config: ServerConfigInput): Omit<ImportEnvReference, 'allowed'>[] {
  const found: Omit<ImportEnvReference, 'allowed'>[] = [];
  const add = (where: Where, key: string | null, value: unknown) => {
    if (typeof value !== 'string') return;
    for (const variable of new Set(namesIn(value))) found.push({ variable, server, where, key });
  };
  const record = config as Record<string, unknown>;
  for (const [field, where] of [
    ['headers', 'header'],
    ['env', 'env'],
    ['auth', 'auth'],
  ] as const) {
    const values = record[field];
    if (values && typeof values === 'object') for (const [key, value] of Object.entries(values)) add(where, key, value);
  }
  add('url', null, record.url);
  add('command', null, record.command);
  add('cwd', null, record.cwd);
  if (Array.isArray(record.args)) record.args.forEach((arg, index) => add('args', String(index), arg));
  return found;
}

export const isAllowed = (consent: EnvConsent, variable: string): boolean =>
  consent === 'all' || consent.includes(variable);

/**
 * The entry with what uses a variable the operator did not allow left out, or undefined when the entry must be
 * skipped whole (its url, command, cwd or an argument uses one).
 */
export function withConsentedEnv(config: ServerConfigInput, consent: EnvConsent): ServerConfigInput | undefined {
  const refused = (value: unknown) =>
    typeof value === 'string' && namesIn(value).some((name) => !isAllowed(consent, name));
  const record = config as Record<string, unknown>;
  if (refused(record.url) || refused(record.command) || refused(record.cwd)) return undefined;
  if (Array.isArray(record.args) && record.args.some(refused)) return undefined;
  const out: Record<string, unknown> = { ...record };
  for (const field of ['headers', 'env', 'auth']) {
    const values = record[field];
    if (!values || typeof values !== 'object') continue;
    const kept = Object.fromEntries(Object.entries(values).filter(([, value]) => !refused(value)));
    if (Object.keys(kept).length) out[field] = kept;
    else delete out[field];
  }
  return out as ServerConfigInput;
}

/**
 * A header or env value as the import preview shows it: the variable names visible, any literal text beside them
 * masked (`X-Client: ${env:OPENAI_API_KEY}`, `Bearer ••••${env:TOKEN}`), never the whole value hidden behind a mask.
 */
export function showingReferences(value: string): string {
  if (!value.includes('${env:')) return value;
  return value
    .split(/(\$\{env:[^}]*\})/)
    .map((part) =>
      part.startsWith('${env:') || part.trim() === '' || /^(Bearer|Basic|Token)\s*$/i.test(part) ? part : MASK,
    )
    .join('');
}
