import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { serverConfigSchema, type ServerConfigInput } from '../../../shared/config/schema';
import type { ImportResult } from '../../../shared/contract';
import type { UiMessage } from '../../../shared/i18n-message';
import { say } from '../../../shared/messages';
import { zodIssueMessage } from '../../../shared/messages/zod-issue';
import { nameProblem, SERVER_LIMITS, SERVER_NAME } from '../../../shared/config/rules';

/**
 * Reads the server definitions other hosts write: Claude Desktop / Cursor / Cline `{"mcpServers": {...}}` and VS Code
 * `mcp.json` (`{"servers": {...}, "inputs": [...]}`, JSONC), into our server config, reporting what does not carry
 * over. import-servers.ts decides what happens to each entry and writes it.
 */

export type Problem = ImportResult['problems'][number];
/** A problem's English (the CLI's) and its code (the preview's). */
type Report = (path: string, message: UiMessage) => void;
export const problem = (server: string | null, path: string, message: UiMessage): Problem => ({
  server,
  path,
  message: message.text,
  uiMessage: message,
});

export interface ParsedImport {
  format: 'mcpServers' | 'vscode' | null;
  entries: { originalName: string; name: string; config: ServerConfigInput }[];
  problems: Problem[];
}

/** Keys peers write that mean nothing here; reported, not fatal. */
const UNSUPPORTED_KEYS = new Set([
  'autoApprove',
  'alwaysAllow',
  'envFile',
  'dev',
  'gallery',
  'version',
  'transportType',
  'description',
  'icon',
]);
const KNOWN_KEYS = new Set([
  'type',
  'command',
  'args',
  'env',
  'cwd',
  'url',
  'headers',
  'disabled',
  'enabled',
  'oauth',
  'auth',
  'timeout',
]);
// VS Code variables we cannot resolve; `${env:NAME}` is ours too and is kept as is.
const FOREIGN_VARIABLE = /\$\{(?!env:)[^}]+\}/;

export function parseServerImport(text: string): ParsedImport {
  const problems: Problem[] = [];
  // VS Code's mcp.json is JSONC (comments, trailing commas): jsonc-parser reads both formats.
  const errors: ParseError[] = [];
  const root: unknown = parseJsonc(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0) {
    const first = errors[0];
    return {
      format: null,
      entries: [],
      problems: [
        problem(null, '', say('import.notJson', { detail: printParseErrorCode(first.error), offset: first.offset })),
      ],
    };
  }
  if (!isRecord(root)) return { format: null, entries: [], problems: [problem(null, '', say('import.notObject'))] };
  const format = isRecord(root.mcpServers) ? 'mcpServers' : isRecord(root.servers) ? 'vscode' : null;
  if (!format) return { format, entries: [], problems: [problem(null, '', say('import.noServers'))] };
  if (format === 'vscode' && Array.isArray(root.inputs) && root.inputs.length > 0)
    problems.push(problem(null, 'inputs', say('import.vscodeInputs')));

  const entries: ParsedImport['entries'] = [];
  const taken = new Set<string>();
  for (const [originalName, raw] of Object.entries(
    root[format === 'vscode' ? 'servers' : 'mcpServers'] as Record<string, unknown>,
  )) {
    const report: Report = (path, message) => problems.push(problem(originalName, path, message));
    if (!isRecord(raw)) {
      report('', say('import.entryNotObject'));
      continue;
    }
    let name = sanitizeName(originalName);
    for (let n = 2; taken.has(name); n++) name = suffixed(sanitizeName(originalName), n);
    if (name !== originalName) report('name', say('import.renamed', { name: originalName, newName: name }));
    const converted = convertEntry(name, raw, report);
    if (!converted) continue;
    const parsed = serverConfigSchema.safeParse(converted);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.map(String).join('.');
        const coded = zodIssueMessage(issue);
        problems.push(
          coded ? problem(originalName, path, coded) : { server: originalName, path, message: issue.message },
        );
      }
      continue;
    }
    taken.add(name);
    entries.push({ originalName, name, config: converted });
  }
  return { format, entries, problems };
}

function convertEntry(name: string, raw: Record<string, unknown>, report: Report): ServerConfigInput | undefined {
  for (const key of Object.keys(raw))
    if (!KNOWN_KEYS.has(key))
      report(key, say(UNSUPPORTED_KEYS.has(key) ? 'import.keyUnsupported' : 'import.keyUnknown', { key }));
  const type = typeof raw.type === 'string' ? raw.type : undefined;
  const enabled = raw.disabled === true || raw.enabled === false ? { enabled: false } : {};
  const isStdio = type === 'stdio' || (type === undefined && 'command' in raw);
  const record = (key: 'env' | 'headers') => keepSupported(raw[key], key, report);
  const timeout = timeoutOf(raw.timeout, report);
  if (isStdio) {
    for (const key of ['oauth', 'auth'] as const)
      if (raw[key] !== undefined) report(key, say('import.remoteOnly', { key }));
    for (const key of ['command', 'cwd'] as const)
      if (typeof raw[key] === 'string' && FOREIGN_VARIABLE.test(raw[key]))
        return void report(key, say('import.variableSkipped', { value: raw[key] }));
    const args = Array.isArray(raw.args) ? raw.args : [];
    const foreign = args.findIndex((a) => typeof a === 'string' && FOREIGN_VARIABLE.test(a));
    if (foreign >= 0)
      return void report(`args.${foreign}`, say('import.quotedVariableSkipped', { value: String(args[foreign]) }));
    return {
      name,
      command: raw.command as string,
      ...(raw.args !== undefined ? { args: raw.args as string[] } : {}),
      ...withRecord('env', record('env')),
      ...(raw.cwd !== undefined ? { cwd: raw.cwd as string } : {}),
      ...timeout,
      ...enabled,
    };
  }
  const transport =
    type === 'sse'
      ? 'sse'
      : type === undefined && typeof raw.url === 'string' && /\/sse\/?$/.test(raw.url)
        ? 'sse'
        : 'streamable-http';
  if (type !== undefined && !['sse', 'http', 'streamable-http', 'streamableHttp'].includes(type))
    return void report('type', say('import.unknownTransport', { type }));
  if (typeof raw.url === 'string' && FOREIGN_VARIABLE.test(raw.url))
    return void report('url', say('import.variableSkipped', { value: raw.url }));
  return {
    name,
    url: raw.url as string,
    ...(transport === 'sse' ? { transport } : {}),
    ...withRecord('headers', record('headers')),
    ...authBlock(raw, report),
    ...timeout,
    ...enabled,
  };
}

/**
 * A peer's per-server `timeout` kept as our `timeoutMs`. Peers disagree on the unit: Cline and Cherry Studio write
 * seconds (60), Claude Code and Gemini CLI milliseconds (60000). Below 1000 it is read as seconds, and the problems
 * say how it was read, so an operator can correct it.
 */
function timeoutOf(value: unknown, report: Report): { timeoutMs?: number } {
  if (value === undefined) return {};
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    report('timeout', say('import.timeoutInvalid'));
    return {};
  }
  const seconds = value < 1_000;
  const ms = Math.round(seconds ? value * 1_000 : value);
  const kept = Math.min(ms, SERVER_LIMITS.timeoutMs);
  const capped = kept < ms ? say('import.timeoutCapped', { max: SERVER_LIMITS.timeoutMs }) : '';
  report('timeout', say(seconds ? 'import.timeoutSeconds' : 'import.timeoutMilliseconds', { kept, value, capped }));
  return { timeoutMs: kept };
}

/** Peers' spellings of an OAuth client (Claude Code / VS Code `oauth: {clientId}`; snake_case too) -> our `auth:` block. */
const AUTH_KEYS: Record<string, 'clientId' | 'clientSecret' | 'clientMetadataUrl' | 'scopes' | 'grant' | 'privateKey'> =
  {
    clientId: 'clientId',
    client_id: 'clientId',
    clientSecret: 'clientSecret',
    client_secret: 'clientSecret',
    clientMetadataUrl: 'clientMetadataUrl',
    client_metadata_url: 'clientMetadataUrl',
    scopes: 'scopes',
    scope: 'scopes',
    grant: 'grant',
    grantType: 'grant',
    grant_type: 'grant',
    privateKey: 'privateKey',
    private_key: 'privateKey',
  };

/** Keeps whatever OAuth client settings the entry carries; what has no meaning here (a fixed callback port) is reported. */
function authBlock(raw: Record<string, unknown>, report: Report): { auth?: Record<string, unknown> } {
  const key = isRecord(raw.oauth) ? 'oauth' : isRecord(raw.auth) ? 'auth' : undefined;
  if (!key) {
    for (const k of ['oauth', 'auth'])
      if (raw[k] !== undefined && raw[k] !== false) report(k, say('import.objectIgnored'));
    return {};
  }
  const auth: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(raw[key] as Record<string, unknown>)) {
    const ours = AUTH_KEYS[field];
    if (!ours) {
      report(
        `${key}.${field}`,
        field === 'callbackPort' ? say('import.callbackPort') : say('import.keyUnsupported', { key: field }),
      );
      continue;
    }
    if (typeof value === 'string' && FOREIGN_VARIABLE.test(value)) {
      report(`${key}.${field}`, say('import.variableLeftOut', { value }));
      continue;
    }
    auth[ours] =
      ours === 'scopes' && typeof value === 'string'
        ? value.split(/\s+/).filter(Boolean)
        : ours === 'grant' && value === 'authorization-code'
          ? 'authorization_code'
          : value;
  }
  return Object.keys(auth).length ? { auth } : {};
}

/** Drops (and reports) values built from `${input:…}` or other VS Code variables; keeps `${env:…}`. */
function keepSupported(value: unknown, key: string, report: Report): Record<string, unknown> | undefined {
  if (!isRecord(value)) return value === undefined ? undefined : (value as Record<string, unknown>);
  const kept: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'string' && FOREIGN_VARIABLE.test(v))
      report(`${key}.${k}`, say('import.variableLeftOut', { value: v }));
    else kept[k] = v;
  }
  return kept;
}

const withRecord = (key: string, value: Record<string, unknown> | undefined) =>
  value && Object.keys(value).length ? { [key]: value } : {};

function sanitizeName(name: string): string {
  if (nameProblem(SERVER_NAME, name) === undefined) return name;
  const cleaned = name
    .replace(/[^A-Za-z0-9_.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SERVER_NAME.maxLength);
  return cleaned || 'server';
}

export const suffixed = (name: string, n: number) =>
  `${name.slice(0, SERVER_NAME.maxLength - String(n).length - 1)}-${n}`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
