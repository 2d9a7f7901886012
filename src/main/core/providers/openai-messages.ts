import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { ChatMessage, ModelToolDefinition } from './types';

/** Our ChatMessage history -> chat.completions messages (system first, tool results by tool_call_id). */
export function toOpenAiMessages(system: string, messages: ChatMessage[]): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = system ? [{ role: 'system', content: system }] : [];
  for (const message of messages) {
    if (message.role === 'user') out.push({ role: 'user', content: message.content });
    else if (message.role === 'assistant') {
      const calls = message.toolCalls ?? [];
      out.push({
        role: 'assistant',
        // Several compatible servers reject "" next to tool_calls; null is the documented empty value.
        content: message.content === '' && calls.length > 0 ? null : message.content,
        ...(calls.length > 0 && {
          tool_calls: calls.map((call) => ({
            id: call.id,
            type: 'function' as const,
            function: { name: call.name, arguments: JSON.stringify(call.arguments) },
          })),
        }),
      });
    } else {
      // The chat format has no error flag on tool messages, so the model learns it from the text.
      const content = message.isError ? `[tool error] ${message.content}` : message.content;
      out.push({ role: 'tool', tool_call_id: message.toolCallId, content });
    }
  }
  return out;
}

export function toOpenAiTools(tools: ModelToolDefinition[]): ChatCompletionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
  }));
}
