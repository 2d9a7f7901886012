import { actingIdentityOf, addActingIdentityOption, type ActingIdentityOptions } from './acting-identity-option';
import { Option, type Command } from 'commander';
import type {
  ApprovalRequest,
  ChatItem,
  EventName,
  EventPayload,
  ModelStep,
  ServerRequestView,
} from '../../shared/contract';
import { answerApprovals, openTerminal, withCore, type ApproveMode, type Terminal } from './core-session';
import { INTERRUPTED_EXIT_CODE, interruptible } from './interrupt';
import type { CliIo } from './io';
import {
  addServerRequestOptions,
  answerServerRequests,
  requestPolicyOf,
  type ServerRequestOptions,
} from './server-request-answers';
import { callRan } from '../../shared/call-ran';

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
      const print = createPrinter(io, Boolean(opts.json));
      // Subscribed before the approval prompt: what led to a question is printed before the question is asked.
      const unsubscribe = core.events.subscribe((name, payload) => print.event(name, payload));
      const terminal = deps.terminal ?? openTerminal();
      const stopAnswering = answerApprovals(core, opts.approve, io, { rememberChoice: true, terminal });
      const stopRequests = answerServerRequests(core, io, terminal);
      let exitCode = 0;
      try {
        const actingIdentity = actingIdentityOf(opts);
        const conversation = await core.runtime.agent.create(actingIdentity);
        print.header(conversation.id, conversation.modelLabel, actingIdentity);
        // Ctrl-C stops the turn as Stop does (its calls are cancelled), and no further message is sent.
        const { interrupted } = await interruptible(io, async (signal) => {
          signal.addEventListener('abort', () => core.runtime.agent.stop(conversation.id), { once: true });
          for (const text of opts.message) {
            if (signal.aborted) break;
            print.user(text);
            const result = await core.runtime.agent.send(conversation.id, text).done;
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

function createPrinter(io: CliIo, json: boolean) {
  const text = new Map<string, string>();
  const announced = new Set<string>();
  /** The last progress / task line printed per call, so a repeated poll prints nothing. */
  const lastLive = new Map<string, string>();
  const emit = (value: Record<string, unknown>) => io.stdout(JSON.stringify(value));
  const flush = () => {
    for (const [itemId, body] of text) {
      if (json) emit({ type: 'assistant.message', itemId, text: body });
      else io.stdout(`assistant: ${body}`);
    }
    text.clear();
  };
  /** The call line, once per call: from its first tool.progressed, or from its approval request if that comes first. */
  const announce = (id: string, tool: string, server: string | null | undefined, args: unknown) => {
    if (announced.has(id)) return;
    announced.add(id);
    if (json) emit({ type: 'tool.call', tool, server, arguments: args });
    else io.stdout(`  → ${tool}${server ? ` @${server}` : ''} ${JSON.stringify(args)}`);
  };
  /** A running call's progress and task status, once per change. */
  const printLive = (item: Extract<ChatItem, { kind: 'tool' }>) => {
    if (item.status !== 'running') return;
    const { progress, task } = item;
    const line = [
      progress &&
        `${progress.progress}${progress.total !== undefined ? `/${progress.total}` : ''}${progress.message ? ` ${progress.message}` : ''}`,
      task && `task ${task.status}${task.statusMessage ? `: ${task.statusMessage}` : ''}`,
    ]
      .filter(Boolean)
      .join(' · ');
    if (!line || lastLive.get(item.id) === line) return;
    lastLive.set(item.id, line);
    if (json)
      emit({ type: 'tool.progress', tool: item.toolName, ...(progress && { progress }), ...(task && { task }) });
    else io.stdout(`  … ${item.toolName} ${line}`);
  };
  return {
    flush,
    header(id: string, model: string, actingIdentity: string) {
      // `customer` in --json output: its name since the first version, kept for scripts that read it.
      if (json) emit({ type: 'conversation.created', conversationId: id, model, customer: actingIdentity });
      else io.stdout(`conversation ${id} · ${model} · acting as ${actingIdentity}`);
    },
    user(message: string) {
      if (json) emit({ type: 'user.message', text: message });
      else io.stdout(`\nuser: ${message}`);
    },
    turnFinished(status: string, error?: string) {
      if (json) emit({ type: 'turn.finished', status, ...(error ? { error } : {}) });
      else if (status !== 'completed') io.stdout(`(turn ${status}${error ? `: ${error}` : ''})`);
    },
    event(name: EventName, payload: unknown) {
      if (name === 'chat.delta') {
        const { itemId, delta } = payload as { itemId: string; delta: string };
        text.set(itemId, (text.get(itemId) ?? '') + delta);
        return;
      }
      if (name === 'turn.stepStarted') {
        flush();
        const step = (payload as { step: ModelStep }).step;
        if (json)
          emit({
            type: 'turn.visibleTools',
            step: step.step,
            tools: step.tools.map((t) => t.name),
            tokens: step.totalTokens,
          });
        else
          io.stdout(
            `  · step ${step.step}: the model sees ${step.tools.map((t) => t.name).join(', ')} (~${step.totalTokens} tokens)`,
          );
        return;
      }
      if (name === 'tool.progressed') {
        flush();
        const item = (payload as { item: Extract<ChatItem, { kind: 'tool' }> }).item;
        announce(item.id, item.toolName, item.server, item.arguments);
        printLive(item);
        if (['success', 'error', 'rejected', 'blocked', 'stopped'].includes(item.status)) {
          if (json)
            emit({
              type: 'tool.result',
              tool: item.toolName,
              status: item.status,
              durationMs: item.durationMs,
              text: item.resultText,
              ...(item.exchanges && { exchanges: item.exchanges.length }),
            });
          else
            io.stdout(
              `  ← ${item.toolName} ${item.status}${item.durationMs !== undefined && callRan(item) ? ` (${item.durationMs} ms)` : ''}`,
            );
        }
        return;
      }
      if (name === 'approvals.requested') {
        const r = payload as ApprovalRequest;
        // The request can arrive before the call's first progress event: the model's words and the call come first.
        flush();
        announce(r.callId, r.toolName, r.server, r.arguments);
        if (json)
          emit({
            type: 'approval.requested',
            id: r.id,
            tool: r.toolName,
            arguments: r.arguments,
            hints: r.hints,
            policy: r.policy,
            customer: r.actingIdentity,
          });
        else
          io.stdout(
            `  ? approval needed for ${r.toolName} ${JSON.stringify(r.arguments)}${r.actingIdentity ? ` (acting as ${r.actingIdentity})` : ''}`,
          );
        return;
      }
      if (name === 'requests.opened' && json) {
        const r = payload as ServerRequestView;
        emit({
          type: 'request.opened',
          id: r.id,
          kind: r.kind,
          server: r.server,
          tool: r.toolName,
          ...(r.kind === 'elicitation' ? { mode: r.mode, message: r.message, url: r.url } : { request: r.request }),
        });
        return;
      }
      if (name === 'requests.resolved') {
        const { exchange } = payload as EventPayload<'requests.resolved'>;
        if (json)
          emit({
            type: 'request.resolved',
            id: exchange.id,
            kind: exchange.kind,
            server: exchange.server,
            outcome: exchange.outcome,
            decidedBy: exchange.decidedBy,
            reason: exchange.reason,
            response: exchange.response,
          });
        else
          io.stdout(
            `  ! ${exchange.server} ${exchange.kind === 'elicitation' ? 'question' : 'sampling request'}: ${exchange.outcome} by ${exchange.decidedBy}${exchange.reason ? ` (${exchange.reason})` : ''}`,
          );
        return;
      }
      if (name === 'approvals.resolved') {
        const { outcome } = payload as { outcome: { decision: string; reason?: string; decidedBy: string } };
        if (json)
          emit({
            type: 'approval.resolved',
            decision: outcome.decision,
            reason: outcome.reason,
            decidedBy: outcome.decidedBy,
          });
        else io.stdout(`  ! ${outcome.decision} by ${outcome.decidedBy}${outcome.reason ? `: ${outcome.reason}` : ''}`);
      }
    },
  };
}
