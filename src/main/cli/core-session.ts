import { createInterface } from 'node:readline/promises';
import { resolve } from 'node:path';
import type { ApprovalDecision, ApprovalRequest, ConfigProblem } from '../../shared/contract';
import { demoShopBundle } from '../demo-shop/bundle';
import { createCore, type Core } from '../core/app';
import type { RequestPolicy } from '../core/requests/server-requests';
import { openDataDir } from '../core/data-dir';
import { DomainError } from '../core/errors';
import { approvalAnswer, type AppServices } from '../core/services';
import { confirmLaunchCommand } from './cli-launches';
import { terminalText, type CliIo } from './io';
import { configFileExists, configPathOf, explicitConfigExists } from './read-config';

export type ApproveMode = 'ask' | 'all' | 'none';

export interface CoreSessionOptions {
  config?: string;
  dataDir?: string;
  cases?: string;
}

/** How a command's core is built beyond its flags. */
export interface CoreSessionSettings {
  /**
   * How servers' questions and model requests are answered (default: declined and denied: nobody answers unless the
   * command says it will, as chat's --elicit and --sampling do).
   */
  requestPolicy?: Partial<RequestPolicy>;
  /** Say on stderr which imported servers were not launched (default true; the catalog shows them in its table). */
  noteUnlaunched?: boolean;
  /** Connect these servers only (a command about one server). */
  onlyServers?: readonly string[];
  /** How long a sign-in waits for the browser (`auth login --timeout`). */
  signInTimeoutMs?: number;
  /**
   * The config file must be there already (a command that only reads what is configured: catalog, auth, resources,
   * confirm-launch): a missing one is said (exit 2), never written as a first-run config.
   */
  existingConfig?: boolean;
}

/** Nobody answers servers' questions or model requests unless the command says it will. */
const NOBODY_TO_ASK: RequestPolicy = { elicit: 'decline', sampling: 'deny' };

/**
 * A one-shot core for a command: the same core the console runs (createCore, in its one-shot mode), with every
 * server's first connect attempt settled. Returns the exit code of `use`, or 2 for a missing --config or a config
 * with problems (they are printed).
 */
export async function withCore(
  opts: CoreSessionOptions,
  io: CliIo,
  use: (core: Core) => Promise<number>,
  env: NodeJS.ProcessEnv = process.env,
  settings: CoreSessionSettings = {},
): Promise<number> {
  // Checked before the core opens: its config store would write the demo config at a mistyped path.
  if (!(await explicitConfigExists(opts.config, io))) return 2;
  if (settings.existingConfig && !(await configFileExists(configPathOf(opts, env), io))) return 2;
  const dataDir = await openDataDir(opts.dataDir, env, io.stderr);
  const core = await openCore(
    () =>
      createCore({
        dataDir,
        configPath: opts.config ? resolve(opts.config) : undefined,
        casesPath: opts.cases ? resolve(opts.cases) : undefined,
        oneShot: true,
        onlyServers: settings.onlyServers,
        signInTimeoutMs: settings.signInTimeoutMs,
        requestPolicy: { ...NOBODY_TO_ASK, ...settings.requestPolicy },
        // A one-shot command keeps its output its own; only telemetry's problems (each told once) reach stderr.
        log: (line) => {
          if (line.startsWith('[telemetry]')) io.stderr(line);
        },
        ...demoShopBundle(),
        env,
      }),
    io,
  );
  if (!core) return 2;
  try {
    // The config store's own parse: a file with problems is reported, and never written over.
    const { path, problems } = core.services.documents.view();
    if (problems.length) {
      printConfigProblems(path, problems, io);
      return 2;
    }
    // A one-shot run should see the tools of every server that can connect, not race their start-up.
    await core.whenServersSettled();
    // An imported command that waits for the operator was not run: say so, and how to confirm it.
    if (settings.noteUnlaunched !== false)
      for (const s of core.services.servers.list().servers)
        if (s.status === 'needs-confirmation')
          io.stderr(
            `note: ${s.name} was not launched (${s.error}); confirm with: ${confirmLaunchCommand(s.name, opts)}`,
          );
    return await use(core);
  } finally {
    await core.close();
  }
}

/** The core, or undefined once a config file that cannot be read is said (`cannot read PATH: EACCES`). */
async function openCore(create: () => Promise<Core>, io: CliIo): Promise<Core | undefined> {
  try {
    return await create();
  } catch (error) {
    const { code, path } = error as NodeJS.ErrnoException;
    if (!code || !path) throw error;
    io.stderr(`cannot read ${path}: ${code}`);
    return undefined;
  }
}

/** Each problem of the config with its path, line and column, and the earlier error it may follow from. */
export function printConfigProblems(path: string, problems: readonly ConfigProblem[], io: CliIo): void {
  io.stderr(`${path} is not a valid Switchboard config:`);
  for (const p of problems)
    io.stderr(
      `  ${p.path || '(root)'}${p.line ? ` (line ${p.line}${p.column ? `:${p.column}` : ''})` : ''}: ${p.message}${p.followsFromLine ? ` (may follow from the error on line ${p.followsFromLine})` : ''}`,
    );
}

/** One question at a time at the terminal. */
export interface Terminal {
  question(text: string): Promise<string>;
  close(): void;
}

/**
 * The terminal, when there is one: one readline for every prompt of the command (approvals, servers'
 * questions), asked one after another, so two prompts never read the same line.
 */
export function openTerminal(): Terminal | undefined {
  if (!process.stdin.isTTY) return undefined;
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  // A terminal in raw mode turns Ctrl-C into readline's event: passed on as the signal it is (see interrupt.ts).
  rl.on('SIGINT', () => process.kill(process.pid, 'SIGINT'));
  let queue: Promise<unknown> = Promise.resolve();
  return {
    question(text) {
      const next = queue.then(() => rl.question(terminalText(text)));
      queue = next.catch(() => undefined);
      return next;
    },
    close: () => rl.close(),
  };
}

/**
 * Answers the core's approval requests as --approve says: `all` approves, `none` rejects, `ask` asks at the
 * terminal (and rejects when there is none). Each answer goes through the approvals service, as the console's does
 * (`answerApproval`). Returns the unsubscribe function.
 */
export function answerApprovals(
  core: Core,
  mode: ApproveMode,
  io: CliIo,
  options: { rememberChoice?: boolean; terminal?: Terminal } = {},
): () => void {
  const own = mode === 'ask' && !options.terminal ? openTerminal() : undefined;
  const ask = mode === 'ask' ? (options.terminal ?? own) : undefined;
  const answer = (request: ApprovalRequest, decision: ApprovalDecision, reason: string | undefined, by: string) =>
    answerApproval(core.services.approvals, request, { decision, reason, decidedBy: by }, io);
  async function decide(request: ApprovalRequest) {
    if (mode === 'all') return answer(request, 'approve', undefined, 'cli --approve all');
    if (mode === 'none' || !ask) {
      if (mode === 'ask') io.stderr(`${request.toolName} needs approval and there is no terminal to ask at: rejected`);
      const reason = mode === 'none' ? 'rejected by --approve none' : 'no operator at a terminal to approve it';
      return answer(request, 'reject', reason, 'cli');
    }
    // `confirm: always` asks at every call: no "for this chat" answer is offered there.
    const remember = options.rememberChoice && request.policy !== 'always';
    const choices = remember ? '[y/N/a(lways in this chat)]' : '[y/N]';
    // The question on its own line and the answer on the next, so nothing printed meanwhile joins the question's line.
    const typed = (await ask.question(approvalQuestion(request, choices))).trim().toLowerCase();
    const decision = typed === 'a' && remember ? 'approve_conversation' : typed === 'y' ? 'approve' : 'reject';
    answer(request, decision, decision === 'reject' ? 'rejected at the terminal' : undefined, 'cli operator');
  }
  const unsubscribe = core.events.subscribe((name, payload) => {
    if (name === 'approvals.requested') void decide(payload as ApprovalRequest);
  });
  return () => {
    unsubscribe();
    own?.close();
  };
}

/**
 * One answer from the CLI, through the approvals service's rules (a reject needs its reason, an approval no longer
 * pending is not found): the same path as the console's `approvals.resolve`. A refusal is said on stderr; true
 * when the answer was taken.
 */
export function answerApproval(
  approvals: AppServices['approvals'],
  request: Pick<ApprovalRequest, 'id' | 'toolName'>,
  form: { decision: ApprovalDecision; reason?: string; decidedBy: string },
  io: CliIo,
): boolean {
  try {
    approvals.answer(request.id, approvalAnswer(form.decision, form.reason), form.decidedBy);
    return true;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    io.stderr(`approval for ${request.toolName} not answered: ${error.message}`);
    return false;
  }
}

/** The approval prompt: a whole line (starting on a fresh one), then `> ` where the answer is typed. */
export const approvalQuestion = (
  request: Pick<ApprovalRequest, 'toolName' | 'arguments' | 'actingIdentity'>,
  choices: string,
): string =>
  `Approve ${request.toolName} ${JSON.stringify(request.arguments)}${request.actingIdentity ? ` acting as ${request.actingIdentity}` : ''}? ${choices}\n> `;
