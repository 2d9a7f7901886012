import { addActingIdentityOption, commandActingIdentity, type ActingIdentityOptions } from './acting-identity-option';
import { Option, type Command } from 'commander';
import { answerApprovals, openTerminal, withCore, type ApproveMode, type Terminal } from './core-session';
import { INTERRUPTED_EXIT_CODE, interruptible } from './interrupt';
import type { CliIo } from './io';
import {
  addServerRequestOptions,
  answerServerRequests,
  requestPolicyOf,
  type ServerRequestOptions,
} from './server-request-answers';
import { createPrinter } from './chat-printer';

interface ChatOptions extends ServerRequestOptions, ActingIdentityOptions {
  config?: string;
  dataDir?: string;
  approve: ApproveMode;
  json?: boolean;
  message: string[];
}

export function registerChatCommand(program: Command, io: CliIo): void {
  const chat = addActingIdentityOption(
    program
      .command('chat')
      .description('run one conversation with the configured agent, sending each -m message in order')
      .option('--config <file>', 'config file (default: <data dir>/switchboard.yaml)')
      .option('--data-dir <dir>', 'where conversations and records are kept (default ~/.switchboard)'),
  ).addOption(
    new Option('--approve <mode>', 'how write tools are approved').choices(['ask', 'all', 'none']).default('ask'),
  );
  addServerRequestOptions(chat)
    .option('--json', 'print one JSON event per line')
    .requiredOption('-m, --message <text>', 'a user message (repeatable)', (value: string, all: string[] = []) => [
      ...all,
      value,
    ])
    .action(async (opts: ChatOptions) => {
      process.exitCode = await runChat(opts, io);
    });
}

/** Runs the conversation in-process against the same core the console uses; resolves to the exit code. */
export async function runChat(
  opts: ChatOptions,
  io: CliIo,
  env: NodeJS.ProcessEnv = process.env,
  deps: { terminal?: Terminal } = {},
): Promise<number> {
  return withCore(
    opts,
    io,
    async (core) => {
      const actingIdentity = commandActingIdentity(opts, core, io);
      if (actingIdentity === undefined) return 2;
      const print = createPrinter(io, Boolean(opts.json));
      // Subscribed before the approval prompt: what led to a question is printed before the question is asked.
      const unsubscribe = core.events.subscribe((name, payload) => print.event(name, payload));
      const terminal = deps.terminal ?? openTerminal();
      const stopAnswering = answerApprovals(core, opts.approve, io, { rememberChoice: true, terminal });
      const stopRequests = answerServerRequests(core, io, terminal);
      let exitCode = 0;
      try {
        const conversation = await core.services.conversations.create(actingIdentity);
        print.header(conversation.id, conversation.modelLabel, actingIdentity);
        // Ctrl-C stops the turn as Stop does (its calls are cancelled), and no further message is sent.
        const { interrupted } = await interruptible(io, async (signal) => {
          signal.addEventListener('abort', () => core.services.conversations.stop(conversation.id), { once: true });
          for (const text of opts.message) {
            if (signal.aborted) break;
            print.user(text);
            const result = await core.services.conversations.send(conversation.id, text).done;
            print.flush();
            print.turnFinished(result.status, result.error);
            if (result.status === 'error') exitCode = 1;
          }
        });
        if (interrupted) exitCode = INTERRUPTED_EXIT_CODE;
      } finally {
        stopRequests();
        stopAnswering();
        unsubscribe();
        terminal?.close();
      }
      return exitCode;
    },
    env,
    // A terminal is opened for the run when stdin is one (openTerminal): what it cannot ask is declined.
    { requestPolicy: requestPolicyOf(opts, Boolean(deps.terminal ?? process.stdin.isTTY)) },
  );
}
