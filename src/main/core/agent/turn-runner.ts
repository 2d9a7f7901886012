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

async function runTurnSteps(
  deps: TurnRunnerDeps,
  provider: ModelProvider,
  conversation: LiveConversation,
  text: string,
  signal: AbortSignal,
  turnId: string,
): Promise<TurnResult> {
  const conversationId = conversation.summary.id;
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
  deps.events.emit('turn.started', { conversationId, turnId });

  let status: TurnStatus = 'max_steps';
  let error: string | undefined;
  let errorMessage: UiMessage | undefined;
  try {
    for (let step = 1; step <= deps.maxSteps(); step++) {
      if (signal.aborted) {
        status = 'stopped';
        break;
      }
      const { catalog, revision } = deps.catalog();
      const { tools, modelStep } = await buildModelStep(catalog, revision, conversation.loadedSkills, step);
      const instructions = deps.instructions?.() ?? [];
      if (instructions.length) modelStep.instructions = await instructionsRecord(instructions);
      const system = withInstructions(deps.systemPrompt(), instructions);
      turn.steps.push(modelStep);
      await conversation.write({ t: 'step', turnId, step: modelStep });
      deps.events.emit('turn.stepStarted', { conversationId, turnId, step: modelStep });

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
        for await (const event of provider.stream({ system, messages: [...conversation.messages], tools, signal })) {
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
        // Whatever streamed before a failure or Stop is kept; the history stays valid without half-made calls.
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
      if (signal.aborted) {
        status = 'stopped';
        break;
      }
      if (calls.length === 0) {
        status = 'completed';
        break;
      }
      const visible = new Set(tools.map((t) => t.name));
      await runCalls(
        calls,
        (call) => deps.proxy.execute(call, { conversation, turnId, step, catalog, visible, signal }),
        (call) => isConcurrent(catalog, call),
      );
      await conversation.resultsWritten(); // the model reads no result its log does not hold
      if (signal.aborted) {
        status = 'stopped';
        break;
      }
    }
  } catch (caught) {
    if (signal.aborted || (caught instanceof ProviderError && caught.code === 'aborted')) status = 'stopped';
    else {
      status = 'error';
      // The provider's own words stay verbatim inside the frame; the console translates the frame.
      errorMessage =
        caught instanceof ProviderError
          ? say('turn.modelError', { code: caught.code, detail: errorWords(caught) })
          : caught instanceof ConversationLogError
            ? caught.uiMessage
            : say('turn.modelErrorUncoded', { detail: String((caught as Error)?.message ?? caught) });
      error = errorMessage.text;
    }
  }

  const { steps: _steps, ...fields } = turn;
  await conversation.write({
    t: 'turn',
    turn: { ...fields, status, finishedAt: new Date().toISOString(), ...(error ? { error, errorMessage } : {}) },
  });
  await conversation.sync();
  deps.events.emit('turn.finished', { conversationId, turnId, status, ...(error ? { error } : {}) });
  return { turnId, status, error, ...(errorMessage && { errorMessage }) };
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
