import type { AuthGrant, ServerConfig, ServerConfigInput } from '../../../../shared/config/schema';
import { problemText, type FieldProblem } from '../../lib/rpc-problems';
import {
  authBlockProblems,
  HEADER_NAME,
  isEnvVariableName,
  isHttpUrl,
  nameProblem,
  SCOPE_WORD,
  SERVER_LIMITS,
  SERVER_NAME,
} from '../../../../shared/config/rules';
import { messageText } from '../../lib/i18n/messages';
import { i18n } from '../../lib/i18n';
import type enServers from '../../locales/en/servers.json';

/** The server form as the operator edits it: text fields as strings, key/value maps as rows. */
export type ServerKind = 'http' | 'stdio' | 'builtin';
export interface KeyValueRow {
  key: string;
  value: string;
}

/** The optional `auth:` block of a remote server; every field blank (and the default grant) writes no block. */
export interface AuthFormState {
  grant: AuthGrant;
  clientId: string;
  clientSecret: string;
  clientMetadataUrl: string;
  /** Space-separated. */
  scopes: string;
  privateKey: string;
  /** grant: cross_app_access's IdP block, not edited here: kept as the config has it, so saving the form loses nothing. */
  idp?: IdpConfig;
}
type IdpConfig = NonNullable<NonNullable<Extract<ServerConfig, { url: string }>['auth']>['idp']>;

/** What this server may ask of us, and how long its calls may run (see PIPELINE.md, "What the client declares"). */
export interface ClientFormState {
  /** One path per line; none = the roots capability is not declared. */
  roots: string;
  maxTotalTimeoutMs: string;
  elicitation: boolean;
  sampling: boolean;
  samplingPerMinute: string;
  /** Append the server's instructions to the system prompt. */
  useInstructions: boolean;
}

export interface ServerFormState {
  kind: ServerKind;
  /** kind builtin: which embedded server the entry names, kept as loaded (the form offers builtin only when editing one). */
  builtin: string;
  name: string;
  enabled: boolean;
  timeoutMs: string;
  /** Which MCP revision to speak: auto (default) probes 2026-07-28 and falls back to 2025. */
  protocol: ServerProtocol;
  url: string;
  transport: 'streamable-http' | 'sse';
  headers: KeyValueRow[];
  command: string;
  args: string[];
  env: KeyValueRow[];
  cwd: string;
  /** stdio: the first start of a package runner (npx, uvx…); empty = 120 s. */
  installTimeoutMs: string;
  auth: AuthFormState;
  client: ClientFormState;
}

/** Field -> messages. Row fields are `headers.2.key`, `env.0.key`, `args`. */
export type FormErrors = Record<string, string[]>;

export type ServerProtocol = NonNullable<ServerConfig['protocol']>;

export const emptyServerForm = (kind: ServerKind = 'http'): ServerFormState => ({
  kind,
  builtin: '',
  name: '',
  enabled: true,
  timeoutMs: '',
  protocol: 'auto',
  url: '',
  transport: 'streamable-http',
  headers: [],
  command: '',
  args: [],
  env: [],
  cwd: '',
  installTimeoutMs: '',
  auth: {
    grant: 'authorization_code',
    clientId: '',
    clientSecret: '',
    clientMetadataUrl: '',
    scopes: '',
    privateKey: '',
  },
  client: {
    roots: '',
    maxTotalTimeoutMs: '',
    elicitation: true,
    sampling: true,
    samplingPerMinute: '',
    useInstructions: false,
  },
});

const rowsOf = (record: Record<string, string> | undefined): KeyValueRow[] =>
  Object.entries(record ?? {}).map(([key, value]) => ({ key, value }));

export function formFromConfig(config: ServerConfig): ServerFormState {
  const base = {
    ...emptyServerForm(),
    name: config.name,
    enabled: config.enabled,
    timeoutMs: config.timeoutMs === undefined ? '' : String(config.timeoutMs),
    protocol: config.protocol ?? 'auto',
    client: {
      roots: (config.roots ?? []).join('\n'),
      maxTotalTimeoutMs: config.maxTotalTimeoutMs === undefined ? '' : String(config.maxTotalTimeoutMs),
      elicitation: config.elicitation !== false,
      sampling: config.sampling !== false,
      samplingPerMinute: config.samplingPerMinute === undefined ? '' : String(config.samplingPerMinute),
      useInstructions: config.useInstructions === true,
    },
  };
  if ('builtin' in config) return { ...base, kind: 'builtin', builtin: config.builtin };
  if ('command' in config)
    return {
      ...base,
      kind: 'stdio',
      command: config.command,
      args: [...config.args],
      env: rowsOf(config.env),
      cwd: config.cwd ?? '',
      installTimeoutMs: config.installTimeoutMs === undefined ? '' : String(config.installTimeoutMs),
    };
  const auth = config.auth;
  return {
    ...base,
    kind: 'http',
    url: config.url,
    transport: config.transport,
    headers: rowsOf(config.headers),
    auth: auth
      ? {
          grant: auth.grant,
          clientId: auth.clientId ?? '',
          clientSecret: auth.clientSecret ?? '',
          clientMetadataUrl: auth.clientMetadataUrl ?? '',
          scopes: (auth.scopes ?? []).join(' '),
          privateKey: auth.privateKey ?? '',
          ...(auth.idp && { idp: auth.idp }),
        }
      : base.auth,
  };
}

const CLIENT_FIELDS = ['roots', 'maxTotalTimeoutMs', 'elicitation', 'sampling', 'samplingPerMinute', 'useInstructions'];
const rootsOf = (client: ClientFormState) =>
  client.roots
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
const AUTH_FIELDS = [
  'auth.grant',
  'auth.clientId',
  'auth.clientSecret',
  'auth.clientMetadataUrl',
  'auth.scopes',
  'auth.privateKey',
];
const isBlankRow = (row: KeyValueRow) => !row.key.trim() && !row.value;

/** A local check's words, in the UI language at the time it runs (the form re-checks on every edit). */
const say = (key: ProblemKey, params?: Record<string, string | number>): string =>
  i18n.t(`servers:serverForm.problems.${key}`, params ?? {});
type ProblemKey = keyof (typeof enServers)['serverForm']['problems'];

/**
 * The checks main's schema makes, with messages (in the UI language) placed on the field they concern: the name rule, the caps and the
 * scope words come from shared/config/rules.ts, as the schema's do. `existing` are the configured names;
 * `originalName` is the entry being edited (keeping its own name is not a clash).
 */
export function validateServerForm(
  form: ServerFormState,
  existing: readonly string[],
  originalName?: string,
): FormErrors {
  const errors: FormErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const name = form.name.trim();
  const nameRule = nameProblem(SERVER_NAME, name);
  if (nameRule === 'required') add('name', say('nameRequired'));
  else if (nameRule === 'tooLong') add('name', say('nameTooLong', { max: SERVER_NAME.maxLength }));
  else if (nameRule === 'characters') add('name', say('nameCharacters'));
  else if (name !== originalName && existing.includes(name)) add('name', say('nameTaken', { name }));

  const wholeNumber = (field: string, value: string, max: number, unit: 'milliseconds' | 'requests') => {
    const text = value.trim();
    if (text && (!/^\d+$/.test(text) || Number(text) <= 0 || Number(text) > max))
      add(field, say(unit === 'milliseconds' ? 'wholeMilliseconds' : 'wholeRequests', { max }));
  };
  wholeNumber('timeoutMs', form.timeoutMs, SERVER_LIMITS.timeoutMs, 'milliseconds');
  wholeNumber('maxTotalTimeoutMs', form.client.maxTotalTimeoutMs, SERVER_LIMITS.maxTotalTimeoutMs, 'milliseconds');
  wholeNumber('samplingPerMinute', form.client.samplingPerMinute, SERVER_LIMITS.samplingPerMinute, 'requests');
  if (rootsOf(form.client).length > SERVER_LIMITS.roots)
    add('roots', say('tooManyRoots', { max: SERVER_LIMITS.roots }));

  if (form.kind === 'http') {
    const url = form.url.trim();
    if (!url) add('url', say('urlRequired'));
    else if (!isHttpUrl(url)) add('url', say('httpUrl'));
    checkRows(
      form.headers,
      'headers',
      (key) => HEADER_NAME.test(key) || messageText(i18n, { code: 'config.headerName', params: { name: key } }),
      add,
    );
    checkAuth(form.auth, add);
  }
  if (form.kind === 'stdio') {
    if (!form.command.trim()) add('command', say('commandRequired'));
    checkRows(
      form.env,
      'env',
      (key) => isEnvVariableName(key) || messageText(i18n, { code: 'config.envName', params: { name: key } }),
      add,
    );
    wholeNumber('installTimeoutMs', form.installTimeoutMs, SERVER_LIMITS.installTimeoutMs, 'milliseconds');
  }
  return errors;
}

/** The rules of the config schema's `auth:` block, placed on the field they concern. */
/**
 * The `auth:` block as main will receive it (authOf), checked by the schema's own rules (authBlockProblems) and said
 * in main's words (the messages namespace); the metadata URL's and the scopes' shapes beside them.
 */
function checkAuth(auth: AuthFormState, add: (field: string, message: string) => void) {
  const block = authOf(auth).auth;
  if (block)
    for (const { field, message } of authBlockProblems({ grant: 'authorization_code', ...block }))
      add(`auth.${field}`, messageText(i18n, message));
  const url = auth.clientMetadataUrl.trim();
  if (url && !(isHttpUrl(url) && url.startsWith('https://'))) add('auth.clientMetadataUrl', say('metadataUrl'));
  if (scopesOf(auth).some((scope) => !SCOPE_WORD.test(scope)))
    add('auth.scopes', messageText(i18n, { code: 'config.scopeWord' }));
}

function checkRows(
  rows: readonly KeyValueRow[],
  field: string,
  validKey: (key: string) => true | string,
  add: (field: string, message: string) => void,
) {
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    if (isBlankRow(row)) return;
    const key = row.key.trim();
    const valid = key ? validKey(key) : say('rowNameRequired');
    if (valid !== true) add(`${field}.${index}.key`, valid);
    else if (seen.has(key)) add(`${field}.${index}.key`, say('setTwice', { key }));
    seen.add(key);
  });
}

export const hasErrors = (errors: FormErrors): boolean => Object.keys(errors).length > 0;

const recordOf = (rows: readonly KeyValueRow[]) =>
  Object.fromEntries(rows.filter((row) => !isBlankRow(row)).map((row) => [row.key.trim(), row.value]));

/** What main receives: only the fields of the chosen kind, blanks left out. */
export function configFromForm(form: ServerFormState): ServerConfigInput {
  const { client } = form;
  const roots = rootsOf(client);
  const common = {
    name: form.name.trim(),
    enabled: form.enabled,
    ...(form.timeoutMs.trim() ? { timeoutMs: Number(form.timeoutMs.trim()) } : {}),
    // auto is the default: only another choice is written (an edit used to drop the key, and with it the choice).
    ...(form.protocol !== 'auto' ? { protocol: form.protocol } : {}),
    ...(client.maxTotalTimeoutMs.trim() ? { maxTotalTimeoutMs: Number(client.maxTotalTimeoutMs.trim()) } : {}),
    ...(roots.length ? { roots } : {}),
    // Declared unless turned off: only `false` is written.
    ...(client.elicitation ? {} : { elicitation: false }),
    ...(client.sampling ? {} : { sampling: false }),
    ...(client.samplingPerMinute.trim() ? { samplingPerMinute: Number(client.samplingPerMinute.trim()) } : {}),
    ...(client.useInstructions ? { useInstructions: true } : {}),
  };
  if (form.kind === 'builtin') return { ...common, builtin: form.builtin };
  if (form.kind === 'stdio')
    return {
      ...common,
      command: form.command.trim(),
      args: form.args.filter((arg) => arg !== ''),
      env: recordOf(form.env),
      ...(form.cwd.trim() ? { cwd: form.cwd.trim() } : {}),
      ...(form.installTimeoutMs.trim() ? { installTimeoutMs: Number(form.installTimeoutMs.trim()) } : {}),
    };
  return {
    ...common,
    url: form.url.trim(),
    transport: form.transport,
    headers: recordOf(form.headers),
    ...authOf(form.auth),
  };
}

/** The scopes field holds space-separated words. */
const scopesOf = (auth: AuthFormState): string[] => auth.scopes.split(/\s+/).filter(Boolean);

function authOf(auth: AuthFormState): { auth?: NonNullable<Extract<ServerConfigInput, { url: string }>['auth']> } {
  const text = (value: string) => (value.trim() ? value.trim() : undefined);
  const scopes = scopesOf(auth);
  const block = {
    ...(auth.grant !== 'authorization_code' ? { grant: auth.grant } : {}),
    ...(text(auth.clientId) ? { clientId: text(auth.clientId) } : {}),
    ...(text(auth.clientSecret) ? { clientSecret: text(auth.clientSecret) } : {}),
    ...(text(auth.clientMetadataUrl) ? { clientMetadataUrl: text(auth.clientMetadataUrl) } : {}),
    ...(scopes.length ? { scopes } : {}),
    ...(text(auth.privateKey) ? { privateKey: text(auth.privateKey) } : {}),
    ...(auth.grant === 'cross_app_access' && auth.idp ? { idp: auth.idp } : {}),
  };
  return Object.keys(block).length ? { auth: block } : {};
}

/**
 * Places main's refusal on the form: `server.url` (the route's input), `agent.mcp.servers.3.url` (the config
 * check) -> `url`; `server.headers.Authorization` -> `headers`. What names no field goes to `''` (the form as a whole).
 */
export function errorsFromProblems(problems: readonly FieldProblem[]): FormErrors {
  const errors: FormErrors = {};
  for (const problem of problems) {
    const rest = problem.path.replace(/^server\.?/, '').replace(/^agent\.mcp\.servers\.\d+\.?/, '');
    const field = rest.startsWith('auth.') ? rest.split('.').slice(0, 2).join('.') : (rest.split('.')[0] ?? '');
    const known = [
      'name',
      'url',
      'transport',
      'headers',
      'command',
      'args',
      'env',
      'cwd',
      'timeoutMs',
      'installTimeoutMs',
      'enabled',
      ...CLIENT_FIELDS,
      ...AUTH_FIELDS,
    ];
    (errors[known.includes(field) ? field : ''] ??= []).push(problemText(problem));
  }
  return errors;
}
