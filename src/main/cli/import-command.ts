import { readFile } from 'node:fs/promises';
import { Option, type Command } from 'commander';
import type { StdioServerConfig } from '../../shared/config/schema';
import type { ImportEnvReference, ImportResult } from '../../shared/contract';
import type { ConflictPolicy } from '../core/config/import-servers';
import type { EnvConsent } from '../core/config/import-env';
import { DomainError } from '../core/errors';
import { commandLineText } from '../core/mcp/launch-confirmations';
import type { AppServices } from '../core/services';
import { DATA_DIR_OPTION } from './catalog-command';
import { withCore } from './core-session';
import { explicitConfigExists } from './read-config';
import type { CliIo } from './io';

type Servers = AppServices['servers'];

export interface ImportOptions {
  config?: string;
  dataDir?: string;
  onConflict: ConflictPolicy;
  dryRun?: boolean;
  allowEnv: string[];
  allowEnvAll?: boolean;
  trustCommand?: boolean;
  json?: boolean;
}

/** `--allow-env A,B --allow-env C` → [A, B, C]. */
const collectNames = (value: string, previous: string[]): string[] => [
  ...previous,
  ...value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
];

/**
 * `switchboard import FILE`: the console's import from a terminal (Claude Desktop / Cursor `mcpServers`, VS Code
 * `mcp.json`). `${env:NAME}` references are refused unless named with --allow-env (or --allow-env-all): an import
 * never sends the operator's environment anywhere unasked.
 */
export function registerImportCommand(program: Command, io: CliIo): void {
  program
    .command('import <file>')
    .description(
      'import MCP servers from another host’s JSON (`-` reads stdin); exit 0 imported, 1 refused, 2 unusable input',
    )
    .option('--config <file>', 'config file to import into (default <data dir>/switchboard.yaml)')
    .option(...DATA_DIR_OPTION)
    .addOption(
      new Option('--on-conflict <policy>', 'what to do with a name already configured (ask: refuse and list them)')
        .choices(['ask', 'skip', 'rename', 'replace'])
        .default('ask'),
    )
    .option('--dry-run', 'show what would be written; write nothing')
    .option(
      '--allow-env <names>',
      'let the import use these ${env:NAME} variables (comma-separated, repeatable)',
      collectNames,
      [],
    )
    .option('--allow-env-all', 'let the import use every ${env:NAME} variable it references')
    .option(
      '--trust-command',
      'confirm the exact command lines of the stdio servers it imports (else an import with a command new to this machine is refused)',
    )
    .option('--json', 'print the result as JSON')
    .action(async (file: string, opts: ImportOptions) => {
      process.exitCode = await runImport(file, opts, io);
    });
}

export async function runImport(
  file: string,
  opts: ImportOptions,
  io: CliIo,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  // The config store would write the demo config at a mistyped --config path and import into that.
  if (!(await explicitConfigExists(opts.config, io))) return 2;
  const text = await readImportText(file, io);
  if (text === undefined) return 2;
  // The app's config store (its parse, its problems, never writing over a file it cannot parse) and its server
  // administration; no server is connected: importing runs nothing.
  return withCore(opts, io, (core) => importInto(core.services.servers, text, opts, io), env, {
    onlyServers: [],
    noteUnlaunched: false,
  });
}

async function importInto(servers: Servers, text: string, opts: ImportOptions, io: CliIo): Promise<number> {
  try {
    const consent: EnvConsent = opts.allowEnvAll ? 'all' : opts.allowEnv;
    const plan = await planImport(servers, text, opts, consent);
    if (plan.verdict !== 0 || opts.dryRun) {
      reportPlan(plan, io, opts);
      return plan.verdict;
    }
    // Every command line it writes is confirmed: by --trust-command, or known on this machine already.
    const result = await servers.import(text, opts.onConflict, false, consent, { trustCommands: true });
    if (plan.newCommands.length)
      io.stdout(
        `confirmed (--trust-command): ${plan.newCommands.map((s) => `${s.name}: ${commandLineText(s)}`).join('; ')}`,
      );
    report(result, io, opts);
    return 0;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    io.stderr(`import refused: ${error.message}`);
    return 1;
  }
}

/** The file's text (`-` is stdin), or undefined once the reason it cannot be read is printed. */
async function readImportText(file: string, io: CliIo): Promise<string | undefined> {
  try {
    return file === '-' ? await readStdin() : await readFile(file, 'utf8');
  } catch (error) {
    io.stderr(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    return undefined;
  }
}

/** A dry run of the import and what it needs before it may write: allowed variables, confirmed commands, no conflict. */
interface ImportPlan {
  preview: ImportResult;
  refused: ImportEnvReference[];
  /** Stdio command lines this machine has not run (not confirmed, not already in the config). */
  newCommands: StdioServerConfig[];
  /** The new commands not confirmed by --trust-command. */
  untrusted: StdioServerConfig[];
  /** 0 may write, 1 refused, 2 unusable input. */
  verdict: 0 | 1 | 2;
}

async function planImport(
  servers: Servers,
  text: string,
  opts: ImportOptions,
  consent: EnvConsent,
): Promise<ImportPlan> {
  const preview = await servers.import(text, opts.onConflict, true, consent);
  const refused = preview.environment.filter((r) => !r.allowed);
  // A command this machine has not run (not confirmed, not already in the config) runs only once confirmed.
  const newCommands = servers.newCommands(preview);
  const untrusted = opts.trustCommand ? [] : newCommands;
  const verdict =
    preview.format === null
      ? 2
      : refused.length > 0 || untrusted.length > 0 || (opts.onConflict === 'ask' && preview.conflicts.length > 0)
        ? 1
        : 0;
  return { preview, refused, newCommands, untrusted, verdict };
}

/** The preview, then why it was refused (variables, unconfirmed commands, or conflicts), if it was. */
function reportPlan({ preview, refused, untrusted, verdict }: ImportPlan, io: CliIo, opts: ImportOptions): void {
  report(preview, io, opts);
  if (refused.length > 0) io.stderr(envRefusal(refused));
  if (untrusted.length > 0)
    io.stderr(
      [
        'import refused: it would run these commands on this machine, which have not run here before; nothing was written:',
        ...untrusted.map((s) => `  ${s.name}: ${commandLineText(s)}`),
        'Check each command line, then run again with --trust-command to confirm them (or import in the console, where each waits for Launch).',
      ].join('\n'),
    );
  if (refused.length === 0 && untrusted.length === 0 && verdict === 1)
    io.stderr(
      `already configured: ${preview.conflicts.join(', ')}; nothing was written. Choose with --on-conflict skip|rename|replace.`,
    );
}

/** Each variable the import would send, to which server and where, and how to allow it. Nothing is written. */
export function envRefusal(refused: readonly ImportEnvReference[]): string {
  const byVariable = new Map<string, string[]>();
  for (const r of refused)
    byVariable.set(r.variable, [...(byVariable.get(r.variable) ?? []), `${r.server} (${placeOf(r)})`]);
  const names = [...byVariable.keys()];
  return [
    'import refused: it would send environment variables of this machine to these servers; nothing was written:',
    ...[...byVariable].map(([variable, uses]) => `  ${variable} → ${uses.join(', ')}`),
    `Allow them by name if you trust those servers: --allow-env ${names.join(',')} (or --allow-env-all); otherwise remove them from the file.`,
  ].join('\n');
}

/** Where a reference is used, as the refusal and the preview say it. */
export const placeOf = (r: Pick<ImportEnvReference, 'where' | 'key'>): string =>
  r.where === 'header'
    ? `header ${r.key}`
    : r.where === 'env'
      ? `stdio env ${r.key}`
      : r.where === 'args'
        ? `argument ${r.key}`
        : r.where === 'auth'
          ? `auth ${r.key}`
          : r.where;

function report(result: ImportResult, io: CliIo, opts: ImportOptions): void {
  if (opts.json) return io.stdout(JSON.stringify(result, null, 2));
  for (const p of result.problems) io.stderr(`${p.server ?? '(file)'}${p.path ? ` · ${p.path}` : ''}: ${p.message}`);
  const verb = result.applied ? 'imported' : 'would import';
  for (const s of result.servers) {
    const endpoint =
      'command' in s.config
        ? [s.config.command, ...s.config.args].join(' ')
        : 'url' in s.config
          ? s.config.url
          : `builtin:${s.config.builtin}`;
    io.stdout(
      `${s.action.padEnd(7)}  ${s.name}${s.originalName !== s.name ? ` (was ${s.originalName})` : ''}  ${endpoint}`,
    );
  }
  const allowed = [...new Set(result.environment.filter((r) => r.allowed).map((r) => r.variable))];
  if (allowed.length) io.stdout(`environment variables sent (allowed): ${allowed.join(', ')}`);
  io.stdout(
    result.servers.length
      ? `${verb} ${result.servers.filter((s) => s.action !== 'skip').length} of ${result.servers.length} server(s)`
      : 'nothing to import',
  );
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
