import { randomUUID } from 'node:crypto';
import type { ApprovalOutcome, ChatItem, Conversation, RecordActor } from '../../../shared/contract';
import { unfinishedTurn, type ObservedRun } from '../../../shared/workbench/evaluate';
import { LiveConversation, memoryLog } from '../agent/conversation';
import type { NewApproval } from '../agent/approvals';
import type { Approver } from '../agent/tool-proxy';
import { runTurn, type TurnResult, type TurnRunnerDeps } from '../agent/turn-runner';
import type { EventSink } from '../events';
import type { ModelProvider } from '../providers/types';
import type { UiMessage } from '../../../shared/i18n-message';
import { say } from '../../../shared/messages';

/** A run nobody watches live: its turns' deltas and progress go nowhere (records and approvals still announce). */
export const silentEvents: EventSink = { emit: () => undefined };

export interface ScenarioDeps {
  turn: TurnRunnerDeps;
  provider: () => ModelProvider;
}

export interface ScenarioOptions {
  /** The id its records carry as conversationId, e.g. `test_…` or `replay_…`. */
  id: string;
  title: string;
  actingIdentity: string;
  messages: readonly string[];
  actor: RecordActor;
  /** Decides the calls that need approval; a replay never gets that far with a write. */
  approvals: Approver;
  skipWrites?: boolean;
  /** The catalog the turns see: today's, or a draft's (preview). */
  catalog?: TurnRunnerDeps['catalog'];
  signal?: AbortSignal;
}

export interface ScenarioRun {
  conversation: Conversation;
  results: TurnResult[];
  modelLabel: string;
}

/**
 * The user's messages sent in order to a conversation kept in memory, with today's model and the given
 * catalog, through the same turn runner and proxy as a chat (in this run's mode). Nothing is added to the chat list.
 */
export async function runScenario(deps: ScenarioDeps, options: ScenarioOptions): Promise<ScenarioRun> {
  const provider = deps.provider();
  const now = new Date().toISOString();
  const conversation = new LiveConversation(
    {
      id: options.id,
      title: options.title,
      actingIdentity: options.actingIdentity,
      modelLabel: provider.label,
      createdAt: now,
      updatedAt: now,
    },
    memoryLog(),
  );
  const turn: TurnRunnerDeps = {
    ...deps.turn,
    catalog: options.catalog ?? deps.turn.catalog,
    events: silentEvents,
    // Each run its own fresh server state (RUN_STATE_META_KEY): the same cases give the same result in the console and the CLI, whatever a chat changed.
    proxy: deps.turn.proxy.withMode(
      { actor: options.actor, skipWrites: options.skipWrites, ownServerState: true },
      { approvals: options.approvals, events: silentEvents },
    ),
  };
  const signal = options.signal ?? new AbortController().signal;
  const results: TurnResult[] = [];
  for (const text of options.messages) {
    if (signal.aborted) break;
    results.push(await runTurn(turn, provider, conversation, text, signal));
  }
  return { conversation: conversation.view(false), results, modelLabel: provider.label };
}

/**
 * Decides every approval at once: `all` approves, `none` rejects (a run with no operator watching). `decider` names
 * it (a decider.* code): its English is the stored `decidedBy`, its code what the console translates.
 */
export function autoApprover(mode: 'all' | 'none', decider: UiMessage): Approver {
  const rejection = mode === 'none' ? say('approval.rejectedAutomatically', { decidedBy: decider }) : undefined;
  return {
    request: (fields: NewApproval): Promise<ApprovalOutcome> =>
      Promise.resolve({
        approvalId: `auto_${randomUUID().slice(0, 12)}`,
        decision: mode === 'all' ? 'approve' : 'reject',
        ...(rejection && { reason: rejection.text, reasonMessage: rejection }),
        decidedBy: decider.text,
        decidedByMessage: decider,
        decidedAt: new Date().toISOString(),
        argumentsHash: fields.argumentsHash,
      }),
  };
}

/** What the expectations read from a finished run. */
export function observe(run: ScenarioRun): ObservedRun {
  const { items, turns } = run.conversation;
  const tools = items.filter((item): item is Extract<ChatItem, { kind: 'tool' }> => item.kind === 'tool');
  const lastTurn = turns.at(-1);
  const lastAnswer = lastTurn
    ? items
        .filter((item) => item.kind === 'assistant' && item.turnId === lastTurn.id)
        .map((item) => (item as { text: string }).text)
        .join('\n')
    : '';
  return {
    calls: tools.map((item) => ({ tool: item.toolName, arguments: item.arguments, status: item.status })),
    lastAnswer,
    unfinishedTurns: run.results.flatMap((result, index) =>
      result.status === 'completed' ? [] : [unfinishedTurn(index + 1, result.status, result.error)],
    ),
  };
}

/** The transcript kept with a result: every item, tool results clipped (the records keep them whole). */
export function clippedTranscript(items: readonly ChatItem[], max = 2000): ChatItem[] {
  return items.map((item) =>
    item.kind === 'tool' && item.resultText && item.resultText.length > max
      ? { ...item, resultText: `${item.resultText.slice(0, max)}…` }
      : item,
  );
}
