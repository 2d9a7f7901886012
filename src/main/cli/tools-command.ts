import { addActingIdentityOption, commandActingIdentity, type ActingIdentityOptions } from './acting-identity-option';
import { Option, type Command } from 'commander';
import type { ToolRun } from '../../shared/contract';
import { appOfRun, uiMark } from '../core/apps/app-marks';
import type { Core } from '../core/app';
import { DomainError } from '../core/errors';
import { formatMessage } from '../../shared/i18n-message';
import { MAIN_MESSAGES } from '../../shared/messages';
import { DATA_DIR_OPTION, withCatalog } from './catalog-command';
import { answerApprovals, openTerminal, withCore, type ApproveMode } from './core-session';
import { INTERRUPTED_EXIT_CODE, interruptible } from './interrupt';
import {
  addServerRequestOptions,
  answerServerRequests,
  requestPolicyOf,
  type ServerRequestOptions,
} from './server-request-answers';
import { parseJsonObjectOption, type CliIo } from './io';
import { didYouMean } from './suggest';
import { callRan } from '../../shared/call-ran';

interface CallOptions extends ServerRequestOptions, ActingIdentityOptions {
  server?: string;
  args: Record<string, unknown>;
  approve: ApproveMode;
  config?: string;
  dataDir?: string;
  json?: boolean;
}

/** `switchboard tools list` and `switchboard tools call`: the Tools page's list and its Run, from a terminal. */
export function registerToolsCommands(program: Command, io: CliIo): void {
  const tools = program.command('tools').description('list the discovered tools, or run one by hand');
  tools
    .command('list')
    .description('every discovered (and configured) tool with its server and state')
    .option('--config <file>', 'config file (default <data dir>/switchboard.yaml)')
    .option(...DATA_DIR_OPTION)
    .option('--json', 'machine-readable output')
    .action(async (opts: { config?: string; dataDir?: string; json?: boolean }) => {
      await withCatalog(opts, io, ({ catalog, input }) => {
        const readOnly = (toolId: string, server: string | null) =>
          input.servers.find((s) => s.name === server)?.tools.find((t) => t.name === toolId)?.annotations
            ?.readOnlyHint === true;
        const definitionOf = (toolId: string, server: string | null) =>
          input.servers.find((s) => s.name === server)?.tools.find((t) => t.name === toolId);
        const rows = catalog.entries.map((e) => ({
          toolId: e.toolId,
          server: e.server,
          state: e.state,
          readOnly: readOnly(e.toolId, e.server),
          ui: uiMark(definitionOf(e.toolId, e.server)),
          reason: e.reason,
        }));
        if (opts.json) return io.stdout(JSON.stringify(rows, null, 2));
        if (rows.length === 0) io.stdout('(no tool discovered or configured)');
        const width = (key: 'toolId' | 'state') => Math.max(...rows.map((r) => r[key].length));
        const serverWidth = Math.max(0, ...rows.map((r) => (r.server ?? '-').length));
        for (const r of rows)
          io.stdout(
            `${r.state.padEnd(width('state'))}  ${r.toolId.padEnd(width('toolId'))}  ${(r.server ?? '-').padEnd(serverWidth)}  ${r.readOnly ? 'read-only' : 'writes   '}  ${r.ui ? 'app' : '   '}  ${r.reason}`,
          );
      });
    });

  const call = tools
    .command('call <tool>')
    .description(
      'run one tool by hand through the same proxy as a model’s call (confirmation policy, acting identity, record with actor operator)',
    )
    .option('--server <name>', 'the server to call (default: the bound one, else the first that offers it)')
    .option('--args <json>', 'the arguments, a JSON object', parseJsonObjectOption, {});
  addActingIdentityOption(call)
    .addOption(
      new Option('--approve <mode>', 'how a call that needs approval is decided')
        .choices(['ask', 'all', 'none'])
        .default('ask'),
    )
    .option('--config <file>', 'config file (default: <data dir>/switchboard.yaml)')
    .option('--data-dir <dir>', 'where records are kept (default ~/.switchboard)');
  addServerRequestOptions(call)
    .option('--json', 'print the run as JSON')
    .action(async (tool: string, opts: CallOptions) => {
      process.exitCode = await runToolsCall(tool, opts, io);
    });
}

/** Exit 0 when the call succeeded; 1 when it failed, was refused or rejected; 2 when it could not be made. */
export async function runToolsCall(
  tool: string,
  opts: CallOptions,
  io: CliIo,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  return withCore(
    opts,
    io,
    async (core) => {
      const actingIdentity = commandActingIdentity(opts, core, io);
      if (actingIdentity === undefined) return 2;
      const server = serverToCall(core, tool, opts, io);
      if (server === undefined) return 2;
      const called = await callAnsweringPrompts(core, { tool, server, actingIdentity }, opts, io);
      if (!called) return 2;
      const { run, interrupted } = called;
      if (opts.json) printRunJson(core, tool, server, run, io);
      else printRunText(tool, server, actingIdentity, run, io);
      for (const note of refusedRequestNotes(run)) io.stderr(note);
      return interrupted ? INTERRUPTED_EXIT_CODE : run.item.status === 'success' ? 0 : 1;
    },
    env,
    // The call's terminal is opened when stdin is one (openTerminal): what it cannot ask is declined.
    { requestPolicy: requestPolicyOf(opts, Boolean(process.stdin.isTTY)) },
  );
}

/** The server the call goes to (--server, else the one that offers the tool), or undefined once the refusal is printed. */
function serverToCall(core: Core, tool: string, opts: CallOptions, io: CliIo): string | undefined {
  const { catalog } = core.services.catalog.snapshot();
  const servers = core.services.servers.list().servers.map((s) => s.name);
  if (opts.server !== undefined && !servers.includes(opts.server)) {
    io.stderr(
      `no server named ${opts.server}${didYouMean(opts.server, servers)}; the config has: ${servers.join(', ') || '(no servers)'}`,
    );
    return undefined;
  }
  const state = opts.server === undefined ? undefined : core.services.servers.get(opts.server);
  if (state && state.status !== 'connected') {
    io.stderr(`${opts.server} is not connected (${state.status}${state.error ? `: ${state.error}` : ''})`);
    return undefined;
  }
  if (opts.server !== undefined && !catalog.entries.some((e) => e.server === opts.server && e.toolId === tool)) {
    const offered = catalog.entries.filter((e) => e.server === opts.server).map((e) => e.toolId);
    io.stderr(`${opts.server} offers no tool "${tool}"${didYouMean(tool, offered)} (see \`switchboard tools list\`)`);
    return undefined;
  }
  const server =
    opts.server ??
    catalog.bindingsByToolId.get(tool)?.server ??
    catalog.entries.find((e) => e.toolId === tool && e.server)?.server;
  if (!server) {
    const offered = catalog.entries.filter((e) => e.server).map((e) => e.toolId);
    io.stderr(`no connected server offers "${tool}"${didYouMean(tool, offered)} (see \`switchboard tools list\`)`);
    return undefined;
  }
  return server;
}

/** Runs the call with its approval and the server's questions answered; undefined once a refusal is printed. */
async function callAnsweringPrompts(
  core: Core,
  { tool, server, actingIdentity }: { tool: string; server: string; actingIdentity: string },
  opts: CallOptions,
  io: CliIo,
): Promise<{ run: ToolRun; interrupted: boolean } | undefined> {
  // One terminal for the approval and the server's questions, so two prompts never read the same line.
  const terminal = openTerminal();
  const stop = answerApprovals(core, opts.approve, io, { terminal });
  const stopRequests = answerServerRequests(core, io, terminal);
  try {
    // Ctrl-C cancels the call (notifications/cancelled); the core's close then ends a 2025 HTTP session (DELETE).
    const { value: run, interrupted } = await interruptible(io, (signal) =>
      core.services.workbench.call({
        toolId: tool,
        server,
        arguments: opts.args,
        actingIdentity,
        signal,
      }),
    );
    return { run, interrupted };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    io.stderr(error.message);
    return undefined;
  } finally {
    stopRequests();
    stop();
    terminal?.close();
  }
}

/**
 * The result's parts as the server sent them (text, image and audio with their base64, links, resources),
 * beside the item whose text has a marker where each image or sound was.
 */
function printRunJson(core: Core, tool: string, server: string, run: ToolRun, io: CliIo): void {
  const offered = core.services.catalog
    .snapshot()
    .input.servers.find((s) => s.name === server)
    ?.tools.find((t) => t.name === tool);
  io.stdout(JSON.stringify({ ...run, content: contentOf(run.record?.result), app: appOfRun(offered) }, null, 2));
}

function printRunText(tool: string, server: string, actingIdentity: string, run: ToolRun, io: CliIo): void {
  if (run.notVisibleToModel)
    io.stderr(`note: the model would not see ${tool} (${run.state}): ${run.notVisibleToModel}`);
  const { item } = run;
  io.stdout(
    `${item.toolName} @${server} as ${actingIdentity}: ${item.status}${item.durationMs !== undefined && callRan(item) ? ` (${item.durationMs} ms)` : ''}${run.record ? ` · record ${run.record.id}` : ''}`,
  );
  // A call that did not run (rejected, blocked, stopped): the operator's sentence, not the text written for the model.
  // (The item's message carries the model's text as its `text`; its code renders the operator's.)
  const words =
    item.status !== 'success' && item.status !== 'error' && item.message
      ? formatMessage(MAIN_MESSAGES, item.message)
      : item.resultText;
  if (words) io.stdout(words);
}

/** What the server asked that a policy refused unseen: the operator learns how to answer it (once per kind of note). */
function refusedRequestNotes(run: ToolRun): Set<string> {
  const notes = new Set<string>();
  for (const exchange of run.item.exchanges ?? [])
    if (
      exchange.outcome !== 'accept' &&
      (exchange.decidedByMessage?.code === 'decider.elicitPolicy' ||
        exchange.decidedByMessage?.code === 'decider.samplingDenied')
    )
      notes.add(
        `note: ${exchange.server}'s ${exchange.kind === 'elicitation' ? 'question' : 'sampling request'} was answered ${exchange.outcome} by ${exchange.decidedBy}; to answer it yourself, run at a terminal (or pass --${exchange.kind === 'elicitation' ? 'elicit' : 'sampling'} ask there)`,
      );
  return notes;
}

/** The content blocks of a recorded result, or null when the record kept none (refused, or cut at the record cap). */
function contentOf(result: unknown): unknown[] | null {
  const content = (result as { content?: unknown } | null | undefined)?.content;
  return Array.isArray(content) ? content : null;
}
