import { InvalidArgumentError, type Command } from 'commander';
import type { ContentBlockView, ResourceContentView } from '../../shared/contract';
import { DomainError } from '../core/errors';
import type { ResourceBrowser } from '../core/mcp';
import { DATA_DIR_OPTION, signInCommand, type DataOptions } from './catalog-command';
import { confirmLaunchCommand } from './cli-launches';
import { withCore } from './core-session';
import { INTERRUPTED_EXIT_CODE, interruptible } from './interrupt';
import { parseJsonObjectOption, type CliIo } from './io';
import { didYouMean } from './suggest';

interface Options extends DataOptions {
  json?: boolean;
}

/** Pages a command follows before it stops (a server whose cursors never end must not loop forever). */
const MAX_PAGES = 100;
const configOption = ['--config <file>', 'config file (default <data dir>/switchboard.yaml)'] as const;

/**
 * `switchboard resources list|read` and `switchboard prompts list|get`: a server's resources and prompts from a
 * terminal, over one connection to that server alone. Exit 0; 1 when the server refuses or is not connected;
 * 2 for an unusable config or an unknown server.
 */
export function registerResourceCommands(program: Command, io: CliIo): void {
  const resources = program
    .command('resources')
    .description("browse a server's resources (nothing is sent to a model)");
  resources
    .command('list <server>')
    .description('every resource and resource template the server offers (all pages)')
    .option(...configOption)
    .option(...DATA_DIR_OPTION)
    .option('--json', 'machine-readable output')
    .action(async (server: string, opts: Options) =>
      withBrowser(server, opts, io, (browsed) => printResourceList(browsed, opts)),
    );
  resources
    .command('read <server> <uri>')
    .description(
      'resources/read: text is printed; binary content is summarised (its base64 is in --json); an MCP App (ui://) shows its metadata',
    )
    .option(...configOption)
    .option(...DATA_DIR_OPTION)
    .option('--html', "an MCP App's HTML too (by default only what the host checked of it)")
    .option('--json', 'machine-readable output')
    .action(async (server: string, uri: string, opts: Options & { html?: boolean }) =>
      withBrowser(server, opts, io, (browsed) => printResource(browsed, uri, opts)),
    );

  const prompts = program.command('prompts').description("browse a server's prompts (nothing is sent to a model)");
  prompts
    .command('list <server>')
    .description('every prompt the server offers, with its arguments (* = required)')
    .option(...configOption)
    .option(...DATA_DIR_OPTION)
    .option('--json', 'machine-readable output')
    .action(async (server: string, opts: Options) =>
      withBrowser(server, opts, io, (browsed) => printPromptList(browsed, opts)),
    );
  prompts
    .command('get <server> <name>')
    .description('prompts/get with arguments: the messages the prompt produces')
    .option('--args <json>', 'the arguments, a JSON object of strings', parseStringArgs, {})
    .option(...configOption)
    .option(...DATA_DIR_OPTION)
    .option('--json', 'machine-readable output')
    .action(async (server: string, name: string, opts: Options & { args: Record<string, string> }) =>
      withBrowser(server, opts, io, (browsed) => printPrompt(browsed, name, opts)),
    );
}

/** The one server a resources / prompts subcommand is about, its browser, and where its lines go. */
interface BrowsedServer {
  browser: ResourceBrowser;
  server: string;
  io: CliIo;
  /** Aborted by Ctrl-C: the request in flight is cancelled on the server. */
  signal: AbortSignal;
}

/** `resources list`: every resource and template, all pages. */
async function printResourceList(
  { browser, server, io, signal }: BrowsedServer,
  opts: Options,
): Promise<number | void> {
  const list = await allPages((cursor) =>
    browser.listResources(server, cursor, signal).then((p) => ({ items: p.resources, nextCursor: p.nextCursor })),
  );
  const features = browser.features(server);
  const templates = features.resources
    ? await allPages((cursor) =>
        browser.listTemplates(server, cursor, signal).then((p) => ({ items: p.templates, nextCursor: p.nextCursor })),
      )
    : [];
  if (opts.json) {
    io.stdout(JSON.stringify({ resources: list, templates }, null, 2));
    return 0;
  }
  if (list.length === 0) io.stdout('(no resources)');
  for (const r of list)
    io.stdout(
      `${r.uri}  ${r.title ?? r.name}${r.mimeType ? `  (${r.mimeType})` : ''}${r.description ? `  ${r.description}` : ''}`,
    );
  if (templates.length) io.stdout('\nTemplates');
  for (const t of templates)
    io.stdout(`${t.uriTemplate}  ${t.title ?? t.name}${t.mimeType ? `  (${t.mimeType})` : ''}`);
}

/** `resources read`: the contents, text printed, binary and MCP Apps summarised. */
async function printResource(
  { browser, server, io, signal }: BrowsedServer,
  uri: string,
  opts: Options & { html?: boolean },
): Promise<number | void> {
  const read = await browser.read(server, uri, { html: opts.html, signal });
  if (opts.json) {
    io.stdout(JSON.stringify(read, null, 2));
    return 0;
  }
  read.contents.forEach((content, index) => printContent(content, index, read.contents.length, io));
}

/** `prompts list`: every prompt with its arguments. */
async function printPromptList({ browser, server, io, signal }: BrowsedServer, opts: Options): Promise<number | void> {
  const list = await allPages((cursor) =>
    browser.listPrompts(server, cursor, signal).then((p) => ({ items: p.prompts, nextCursor: p.nextCursor })),
  );
  if (opts.json) {
    io.stdout(JSON.stringify({ prompts: list }, null, 2));
    return 0;
  }
  if (list.length === 0) io.stdout('(no prompts)');
  for (const p of list) {
    const args = p.arguments.map((a) => `${a.name}${a.required ? '*' : ''}`).join(', ');
    io.stdout(`${p.name}(${args})${p.description ? `  ${p.description}` : ''}`);
  }
}

/** `prompts get`: the prompt's messages, once its name and required arguments are checked. */
async function printPrompt(
  { browser, server, io, signal }: BrowsedServer,
  name: string,
  opts: Options & { args: Record<string, string> },
): Promise<number | void> {
  // The prompt and its required arguments are checked here, so a typo is named before anything is sent.
  const offered = await allPages((cursor) =>
    browser.listPrompts(server, cursor, signal).then((p) => ({ items: p.prompts, nextCursor: p.nextCursor })),
  );
  const prompt = offered.find((p) => p.name === name);
  if (!prompt) {
    io.stderr(
      `${server} offers no prompt "${name}"${didYouMean(
        name,
        offered.map((p) => p.name),
      )}; it offers: ${offered.map((p) => p.name).join(', ') || '(none)'}`,
    );
    return 2;
  }
  const missing = prompt.arguments.filter((a) => a.required && !(a.name in opts.args)).map((a) => a.name);
  if (missing.length) {
    const example = JSON.stringify(Object.fromEntries(missing.map((a) => [a, '…'])));
    io.stderr(
      `${name} needs ${missing.length === 1 ? 'the argument' : 'the arguments'} ${missing.join(', ')}: pass --args '${example}'`,
    );
    return 2;
  }
  const got = await browser.getPrompt(server, name, opts.args, signal);
  if (opts.json) {
    io.stdout(JSON.stringify(got, null, 2));
    return 0;
  }
  if (got.description) io.stdout(`# ${got.description}`);
  for (const message of got.messages) io.stdout(`${message.role}: ${contentText(message.content)}`);
}

/**
 * Builds the app for the one server named (createCore, one-shot, that server alone), runs `use` over its resource
 * browser, closes; sets the exit code (`use`'s own, else 0; 130 after Ctrl-C, which cancels the request on the
 * server, and the core's close then ends a 2025 session with DELETE).
 */
async function withBrowser(
  server: string,
  opts: Options,
  io: CliIo,
  use: (browsed: BrowsedServer) => Promise<number | void>,
): Promise<void> {
  process.exitCode = await withCore(
    opts,
    io,
    async (core) => {
      const names = core.services.servers.list().servers.map((s) => s.name);
      if (!names.includes(server)) {
        io.stderr(
          `no MCP server named "${server}" in ${core.services.documents.view().path}${didYouMean(server, names)}; it has: ${names.join(', ') || '(no servers)'}`,
        );
        return 2;
      }
      const state = core.services.servers.get(server);
      if (state.status === 'needs-confirmation') {
        io.stderr(`${server} was not launched: ${state.error}. Confirm with: ${confirmLaunchCommand(server, opts)}`);
        return 1;
      }
      if (state.status === 'needs-auth') {
        io.stderr(`${server} awaits sign-in; run: ${signInCommand(server, opts)}`);
        return 1;
      }
      const { value, interrupted } = await interruptible(io, async (signal) => {
        try {
          return (await use({ browser: core.services.resources, server, io, signal })) ?? 0;
        } catch (error) {
          if (signal.aborted) return INTERRUPTED_EXIT_CODE;
          if (!(error instanceof DomainError)) throw error;
          io.stderr(error.message);
          return 1;
        }
      });
      return interrupted ? INTERRUPTED_EXIT_CODE : value;
    },
    process.env,
    { onlyServers: [server], noteUnlaunched: false, existingConfig: true },
  );
}

async function allPages<T>(
  page: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>,
): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let n = 0; n < MAX_PAGES; n++) {
    const next = await page(cursor);
    items.push(...next.items);
    if (!next.nextCursor || seen.has(next.nextCursor)) break;
    seen.add(next.nextCursor);
    cursor = next.nextCursor;
  }
  return items;
}

function printContent(content: ResourceContentView, index: number, count: number, io: CliIo): void {
  if (count > 1) io.stdout(`--- ${content.uri}${content.mimeType ? ` (${content.mimeType})` : ''}`);
  if (content.app) printApp(content, io);
  if (content.text !== undefined) io.stdout(content.text);
  else if (!content.app)
    io.stdout(
      `[binary${content.mimeType ? ` ${content.mimeType}` : ''}, ${content.bytes} bytes; its base64 is in --json]`,
    );
  if (content.omitted) io.stderr(`note: ${content.uri}: ${content.omitted}`);
  if (index < count - 1 && count > 1) io.stdout('');
}

/** What the host checked of an MCP App's resource, one fact a line. */
function printApp(content: ResourceContentView, io: CliIo): void {
  const app = content.app!;
  io.stdout(`MCP App ${content.uri}  ${content.mimeType ?? '(no MIME type)'}  ${content.bytes} bytes`);
  if (app.refused) return io.stdout(`  not rendered: ${app.refused}`);
  io.stdout(`  sha256 ${app.sha256}`);
  for (const [directive, values] of Object.entries(app.csp ?? {}))
    io.stdout(`  csp ${directive}: ${values.length ? values.join(' ') : '(none)'}`);
  for (const drop of app.cspDropped) io.stdout(`  csp dropped: ${drop.reason}`);
  const asked = Object.entries(app.permissions ?? {})
    .filter(([, on]) => on)
    .map(([name]) => name);
  io.stdout(`  permissions asked: ${asked.length ? asked.join(', ') : '(none)'}`);
  if (app.domain) io.stdout(`  domain: ${app.domain}`);
  if (app.prefersBorder !== null) io.stdout(`  prefersBorder: ${app.prefersBorder}`);
}

/** One prompt message's content as a line of text; media and resources are named, not dumped. */
function contentText(content: ContentBlockView): string {
  const c = content as Record<string, unknown> & { resource?: Record<string, unknown> };
  if (c.type === 'text') return String(c.text ?? '');
  if (c.type === 'image' || c.type === 'audio') return `[${c.type} ${String(c.mimeType ?? '')}]`;
  if (c.type === 'resource_link') return `[resource link ${String(c.uri ?? '')}]`;
  if (c.type === 'resource')
    return typeof c.resource?.text === 'string'
      ? `[resource ${String(c.resource.uri)}]\n${c.resource.text}`
      : `[resource ${String(c.resource?.uri ?? '')}, binary]`;
  return JSON.stringify(content);
}

function parseStringArgs(value: string): Record<string, string> {
  const entries = Object.entries(parseJsonObjectOption(value));
  const wrong = entries.filter(([, v]) => typeof v !== 'string').map(([k]) => k);
  if (wrong.length) throw new InvalidArgumentError(`prompt arguments are strings; not: ${wrong.join(', ')}`);
  return Object.fromEntries(entries) as Record<string, string>;
}
