import { collectEvents } from '../../../src/main/core/providers/collect-events';
import type {
  ChatMessage,
  ModelProvider,
  ToolCallRequest,
  ModelToolDefinition,
} from '../../../src/main/core/providers/types';
import type { FakeToolResult } from './fake-shop';

/**
 * A minimal agent loop for planner tests: ask the model, run its tool call, repeat until it
 * answers. `toolsFor` recomputes the visible set before every model call (skills unlock tools).
 */
export interface TurnResult {
  messages: ChatMessage[];
  calls: ToolCallRequest[];
  answer: string;
  /** The exact tool names visible on each model call of the turn. */
  visiblePerCall: string[][];
}

export async function runTurn(
  provider: ModelProvider,
  history: ChatMessage[],
  userText: string,
  toolsFor: (messages: ChatMessage[]) => ModelToolDefinition[],
  runTool: (call: ToolCallRequest) => FakeToolResult,
  maxSteps = 8,
): Promise<TurnResult> {
  const messages: ChatMessage[] = [...history, { role: 'user', content: userText }];
  const calls: ToolCallRequest[] = [];
  const visiblePerCall: string[][] = [];
  for (let step = 0; step < maxSteps; step++) {
    const tools = toolsFor(messages);
    visiblePerCall.push(tools.map((t) => t.name));
    const events = await collectEvents(
      provider.stream({ system: '', messages, tools, signal: new AbortController().signal }),
    );
    const text = events.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('');
    const toolCalls = events.flatMap((e) => (e.type === 'toolCall' ? [e.call] : []));
    if (toolCalls.length === 0) {
      messages.push({ role: 'assistant', content: text });
      return { messages, calls, answer: text, visiblePerCall };
    }
    messages.push({ role: 'assistant', content: text, toolCalls });
    for (const call of toolCalls) {
      calls.push(call);
      const result = runTool(call);
      messages.push({
        role: 'tool',
        toolCallId: call.id,
        name: call.name,
        content: result.content,
        isError: result.isError,
      });
    }
  }
  throw new Error(`no final answer within ${maxSteps} steps`);
}

/** A fixed visible set. */
export const fixed = (tools: ModelToolDefinition[]) => () => tools;

/** Visible set where `gated` tools appear only after load_skill({name: skill}) succeeded. */
export const withSkillGate =
  (base: ModelToolDefinition[], gated: ModelToolDefinition[], skill: string) => (messages: ChatMessage[]) => {
    const loadIds = new Set(
      messages.flatMap((m) =>
        m.role === 'assistant'
          ? (m.toolCalls ?? []).filter((c) => c.name === 'load_skill' && c.arguments.name === skill).map((c) => c.id)
          : [],
      ),
    );
    const loaded = messages.some((m) => m.role === 'tool' && loadIds.has(m.toolCallId) && !m.isError);
    return loaded ? [...base, ...gated] : base;
  };
