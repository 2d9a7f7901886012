import { appContextForModel } from '../apps/app-context';
import { toolAppUi } from '../../../shared/catalog/app-ui';
import { randomUUID } from 'node:crypto';
import type { Turn, TurnStatus } from '../../../shared/contract';
import type { Catalog } from '../../../shared/catalog';
import type { CatalogSnapshot } from '../catalog/catalog-service';
import type { EventSink } from '../events';
import {
  ProviderError,
  type ChatMessage,
  type ModelProvider,
  type ModelRequest,
  type ModelSettings,
  type ToolCallRequest,
} from '../providers/types';
import { traceTurn } from '../telemetry/agent-spans';
import { ConversationLogError, type LiveConversation } from './conversation';
import type { ToolProxy } from './tool-proxy';
import { instructionsRecord, withInstructions, type ServerInstructions } from './server-instructions';
import { buildModelStep } from './visible-set';
import { nextTurn, Slices } from '../slices';
import { errorWords, type UiMessage } from '../../../shared/i18n-message';
import { say } from '../../../shared/messages';

/** The largest partial tool input forwarded while it streams (each event carries the whole text so far). */
const PARTIAL_INPUT_MAX_CHARS = 64 * 1024;

export interface TurnRunnerDeps {
  /** Read at the start of every model call, so edits and rediscoveries apply from the next call, never mid-call. */
  catalog: () => Pick<CatalogSnapshot, 'catalog' | 'revision'>;
  proxy: ToolProxy;
  events: EventSink;
  maxSteps: () => number;
  systemPrompt: () => string;
  /** Servers' instructions to append to the system prompt, read at every model call like the catalog. */
  instructions?: () => readonly ServerInstructions[];
  /** The configured model, for the turn's span (gen_ai.request.model). */
  model?: () => ModelSettings;
}

export interface TurnResult {
  turnId: string;
  status: TurnStatus;
  error?: string;
  /** `error` as a code for the console (see Turn.errorMessage). */
  errorMessage?: UiMessage;
}

/** One turn: model call, tool calls through the proxy, repeat until an answer, the step limit, or Stop. */
export function runTurn(
  deps: TurnRunnerDeps,
  provider: ModelProvider,
  conversation: LiveConversation,
  text: string,
  signal: AbortSignal,
  turnId = `t_${randomUUID().slice(0, 12)}`,
): Promise<TurnResult> {
  // An `invoke_agent` span when telemetry is on: the model calls and tool calls below are its children.
  return traceTurn({ conversationId: conversation.summary.id, turnId, text, model: deps.model?.(), signal }, () =>
    runTurnSteps(deps, provider, conversation, text, signal, turnId),
  );
}

/** What every part of one turn's run reads. */
interface TurnRun {
  deps: TurnRunnerDeps;
  provider: ModelProvider;
  conversation: LiveConversation;
  conversationId: string;
  turnId: string;
  signal: AbortSignal;
}

/** How a turn ended. */
interface TurnOutcome {
  status: TurnStatus;
  error?: string;
  errorMessage?: UiMessage;
}

async function runTurnSteps(
  deps: TurnRunnerDeps,
  provider: ModelProvider,
  conversation: LiveConversation,
  text: string,
  signal: AbortSignal,
  turnId: string,
): Promise<TurnResult> {
  const run: TurnRun = { deps, provider, conversation, conversationId: conversation.summary.id, turnId, signal };
  const turn = await openTurn(run, text);
  let outcome: TurnOutcome;
  try {
    outcome = await runSteps(run, turn);
  } catch (caught) {
    outcome = failedTurn(caught, signal);
  }
  return closeTurn(run, turn, outcome);
}

/** Writes the turn and the user's message (titling a new conversation by it) and tells the console it started. */
async function openTurn(run: TurnRun, text: string): Promise<Turn> {
  const { conversation, turnId } = run;
  const turn: Turn = {
    id: turnId,
    index: conversation.turns.length,
    status: 'running',
    startedAt: new Date().toISOString(),
    steps: [],
  };
  // MCP Apps' context for the model since the last message (ui/update-model-context), read before this one is written.
  const appContext = appContextForModel(conversation.items);
  await conversation.write({ t: 'turn', turn: { ...turn, steps: [] } });
  await conversation.write({ t: 'item', item: { kind: 'user', id: `${turnId}-u`, turnId, text, at: turn.startedAt } });
  await conversation.write({ t: 'message', message: { role: 'user', content: text + appContext } });
  if (conversation.turns.length === 1 && conversation.summary.title === 'New conversation') {
    conversation.summary = { ...conversation.summary, title: text.slice(0, 60) };
    await conversation.writeMeta();
  }
  run.deps.events.emit('turn.started', { conversationId: run.conversationId, turnId });
  return turn;
}

/** Steps until an answer without tool calls, Stop, or the step limit. */
async function runSteps(run: TurnRun, turn: Turn): Promise<TurnOutcome> {
  for (let step = 1; step <= run.deps.maxSteps(); step++) {
    if (run.signal.aborted) return { status: 'stopped' };
    const ended = await runStep(run, turn, step);
    if (ended) return { status: ended };
  }
  return { status: 'max_steps' };
}

/** One model call and the tool calls it asks for; the turn's status when the turn ends with this step. */
async function runStep(run: TurnRun, turn: Turn, step: number): Promise<TurnStatus | undefined> {
  const { deps, conversation, signal } = run;
  const { catalog, revision } = deps.catalog();
  const { tools, modelStep } = await buildModelStep(catalog, revision, conversation.loadedSkills, step);
  const instructions = deps.instructions?.() ?? [];
  if (instructions.length) modelStep.instructions = await instructionsRecord(instructions);
  const system = withInstructions(deps.systemPrompt(), instructions);
  turn.steps.push(modelStep);
  await conversation.write({ t: 'step', turnId: run.turnId, step: modelStep });
  deps.events.emit('turn.stepStarted', { conversationId: run.conversationId, turnId: run.turnId, step: modelStep });

  const calls = await streamAnswer(run, step, catalog, system, tools);
  if (signal.aborted) return 'stopped';
  if (calls.length === 0) return 'completed';
  const visible = new Set(tools.map((t) => t.name));
  await runCalls(
    calls,
    (call) => deps.proxy.execute(call, { conversation, turnId: run.turnId, step, catalog, visible, signal }),
    (call) => isConcurrent(catalog, call),
  );
  await conversation.resultsWritten(); // the model reads no result its log does not hold
  return signal.aborted ? 'stopped' : undefined;
}

/**
 * Streams one model call to the console and returns the tool calls it asked for. Whatever streamed before a failure
 * or Stop is kept; the history stays valid without half-made calls.
 */
async function streamAnswer(
  run: TurnRun,
  step: number,
  catalog: Catalog,
  system: string,
  tools: ModelRequest['tools'],
): Promise<ToolCallRequest[]> {
  const { deps, conversation, conversationId, turnId, signal } = run;
  const itemId = `${turnId}-a${step}`;
  let answer = '';
  const calls: ToolCallRequest[] = [];
  const uniqueId = callIdDeduper(conversation);
  // The model request is built and sent on a turn of its own, not in the one that built the step; and a stream that
  // arrived at once (20 tool calls in one read) was decoded event after event in one microtask drain: pulling it
  // in slices hands the event loop back between them.
  await nextTurn();
  const slices = new Slices();
  try {
    for await (const event of run.provider.stream({ system, messages: [...conversation.messages], tools, signal })) {
      if (slices.due) await slices.handBack();
      if (event.type === 'text') {
        answer += event.delta;
        deps.events.emit('chat.delta', { conversationId, turnId, itemId, step, delta: event.delta });
      } else if (event.type === 'toolInputPartial') {
        // Only for a tool with an MCP App, which may preview its input; past the cap the app waits for the complete call.
        const server = appServerOf(catalog, event.name);
        if (server && event.json.length <= PARTIAL_INPUT_MAX_CHARS)
          deps.events.emit('chat.toolInputPartial', {
            conversationId,
            turnId,
            step,
            callId: event.callId,
            server,
            name: event.name,
            json: event.json,
          });
      } else if (event.type === 'toolCall') calls.push(uniqueId(event.call));
    }
  } finally {
    if (answer)
      await conversation.write({
        t: 'item',
        item: { kind: 'assistant', id: itemId, turnId, step, text: answer, at: new Date().toISOString() },
      });
    await conversation.write({
      t: 'message',
      message: {
        role: 'assistant',
        content: answer,
        ...(calls.length && !signal.aborted ? { toolCalls: calls } : {}),
      },
    });
  }
  return calls;
}

/** A turn that threw: stopped if the operator stopped it, else an error the console translates. */
function failedTurn(caught: unknown, signal: AbortSignal): TurnOutcome {
  if (signal.aborted || (caught instanceof ProviderError && caught.code === 'aborted')) return { status: 'stopped' };
  // The provider's own words stay verbatim inside the frame; the console translates the frame.
  const errorMessage =
    caught instanceof ProviderError
      ? say('turn.modelError', { code: caught.code, detail: errorWords(caught) })
      : caught instanceof ConversationLogError
        ? caught.uiMessage
        : say('turn.modelErrorUncoded', { detail: String((caught as Error)?.message ?? caught) });
  return { status: 'error', error: errorMessage.text, errorMessage };
}

/** Writes how the turn ended, syncs the log and tells the console. */
async function closeTurn(run: TurnRun, turn: Turn, outcome: TurnOutcome): Promise<TurnResult> {
  const { status, error, errorMessage } = outcome;
  const { steps: _steps, ...fields } = turn;
  await run.conversation.write({
    t: 'turn',
    turn: { ...fields, status, finishedAt: new Date().toISOString(), ...(error ? { error, errorMessage } : {}) },
  });
  await run.conversation.sync();
  run.deps.events.emit('turn.finished', {
    conversationId: run.conversationId,
    turnId: run.turnId,
    status,
    ...(error ? { error } : {}),
  });
  return { turnId: run.turnId, status, error, ...(errorMessage && { errorMessage }) };
}

/**
 * Call ids key chat items, records and tool results. Some servers reuse ids across responses (or send
 * none, which defaults to call_<index>), which made a later call overwrite an earlier call's chat item;
 * a repeated id gets a suffix, used consistently in the history sent back to the model.
 */
function callIdDeduper(conversation: LiveConversation): (call: ToolCallRequest) => ToolCallRequest {
  const used = new Set(
    conversation.messages.flatMap((m) => (m.role === 'assistant' ? (m.toolCalls ?? []).map((c) => c.id) : [])),
  );
  return (call) => {
    let id = call.id;
    for (let n = 2; used.has(id); n++) id = `${call.id}_${n}`;
    used.add(id);
    return id === call.id ? call : { ...call, id };
  };
}

/** The server of a tool that ships an MCP App, or undefined (no app: its streamed input goes nowhere). */
function appServerOf(catalog: Catalog, toolId: string): string | undefined {
  const binding = catalog.bindingsByToolId.get(toolId);
  return binding && toolAppUi(binding.definition) ? binding.server : undefined;
}

/** Read-only MCP calls may share a batch; anything else (writes, local tools) runs alone, in order. */
function isConcurrent(catalog: Catalog, call: ToolCallRequest): boolean {
  return catalog.bindingsByToolId.get(call.name)?.readOnly === true;
}

/**
 * Runs a step's calls: consecutive concurrent ones together (their results in any order), any other alone, in
 * order. Exported for its test.
 */
export async function runCalls(
  calls: ToolCallRequest[],
  execute: (call: ToolCallRequest) => Promise<ChatMessage>,
  concurrent: (call: ToolCallRequest) => boolean,
): Promise<void> {
  let batch: ToolCallRequest[] = [];
  const flush = async () => {
    // Results are written by the proxy as each finishes; order within a read-only batch does not matter to the model.
    // One start per turn of the event loop: a start runs up to its request partly synchronously and partly in the
    // microtasks it queues (the proxy, the MCP transport, fetch's own steps). Many at once would hold the
    // loop for all of them, and slices timed on the synchronous part alone still ran every queued
    // continuation in one drain; handing back after each start gives each its own turn, microtasks included.
    const running: Promise<ChatMessage>[] = [];
    for (const [index, call] of batch.entries()) {
      if (index > 0) await nextTurn();
      const started = execute(call);
      started.catch(() => undefined); // its failure is Promise.all's below, not an unhandled rejection meanwhile
      running.push(started);
    }
    await Promise.all(running);
    batch = [];
  };
  for (const call of calls) {
    if (concurrent(call)) {
      batch.push(call);
      continue;
    }
    await flush();
    await execute(call);
  }
  await flush();
}
