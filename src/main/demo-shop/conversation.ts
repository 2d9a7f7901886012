import { isRefusedCallText } from '../core/agent/refusal';
import type { ModelRequest, ToolCallRequest, ModelToolDefinition } from '../core/providers/types';

/**
 * A read-only view of one model request. The demo planner is stateless: everything it knows
 * comes from the message history and the tool list of this request.
 */
export interface ToolStep {
  call: ToolCallRequest;
  result?: { content: string; isError: boolean };
}

export type Lang = 'zh' | 'en';

export interface Conversation {
  lang: Lang;
  /** The latest user message: the input of this turn. */
  userText: string;
  /** Earlier user messages, oldest first. */
  earlierUserTexts: string[];
  /** Tool calls made since the latest user message, with their results. */
  turnSteps: ToolStep[];
  /** Tool calls made in earlier turns. */
  earlierSteps: ToolStep[];
  tools: Map<string, ModelToolDefinition>;
}

export function readConversation(req: ModelRequest): Conversation {
  const lastUser = req.messages.map((m) => m.role).lastIndexOf('user');
  const userTexts = req.messages.flatMap((m) => (m.role === 'user' ? [m.content] : []));
  const userText = lastUser >= 0 ? (req.messages[lastUser] as { content: string }).content : '';
  return {
    lang: /\p{Script=Han}/u.test(userText) ? 'zh' : 'en',
    userText,
    earlierUserTexts: userTexts.slice(0, -1),
    turnSteps: stepsOf(req, lastUser + 1, req.messages.length),
    earlierSteps: stepsOf(req, 0, Math.max(lastUser, 0)),
    tools: new Map(req.tools.map((tool) => [tool.name, tool])),
  };
}

/** Pairs each assistant tool call with the tool message that answered it. */
function stepsOf(req: ModelRequest, from: number, to: number): ToolStep[] {
  const steps: ToolStep[] = [];
  const byId = new Map<string, ToolStep>();
  for (const message of req.messages.slice(from, to)) {
    if (message.role === 'assistant')
      for (const call of message.toolCalls ?? []) {
        const step: ToolStep = { call };
        steps.push(step);
        byId.set(call.id, step);
      }
    else if (message.role === 'tool') {
      const step = byId.get(message.toolCallId);
      if (step) step.result = { content: message.content, isError: message.isError === true };
    }
  }
  return steps;
}

/** The newest answered call of `toolName` among `steps`. */
export function lastAnswered(steps: ToolStep[], toolName: string): ToolStep | undefined {
  return steps.findLast((step) => step.call.name === toolName && step.result !== undefined);
}

/** The operator rejected the call (or nobody approved it in time): its note is for the agent, not the customer. */
export const notApprovedByOperator = (step: ToolStep): boolean =>
  step.result?.isError === true && isRefusedCallText(step.result.content);

export const canCall = (conv: Conversation, toolName: string) => conv.tools.has(toolName);

/** Keeps only arguments the tool's schema declares, as a schema-following model would. */
export function fitArguments(tool: ModelToolDefinition, args: Record<string, unknown>): Record<string, unknown> {
  const properties = tool.inputSchema.properties;
  const defined = Object.entries(args).filter(([, value]) => value !== undefined);
  if (!properties || typeof properties !== 'object') return Object.fromEntries(defined);
  return Object.fromEntries(defined.filter(([key]) => key in properties));
}
