import type { ContentBlockParam, MessageParam, Tool, ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { ChatMessage, ModelToolDefinition } from './types';

/**
 * Our history -> Messages API turns. Tool results must follow their tool_use in one user turn,
 * so consecutive tool messages are grouped into a single user message of tool_result blocks.
 */
export function toAnthropicMessages(messages: ChatMessage[]): MessageParam[] {
  const out: MessageParam[] = [];
  let pendingResults: ToolResultBlockParam[] = [];
  const flushResults = () => {
    if (pendingResults.length > 0) out.push({ role: 'user', content: pendingResults });
    pendingResults = [];
  };
  for (const message of messages) {
    if (message.role === 'tool') {
      pendingResults.push({
        type: 'tool_result',
        tool_use_id: message.toolCallId,
        content: message.content,
        ...(message.isError && { is_error: true }),
      });
      continue;
    }
    flushResults();
    if (message.role === 'user') out.push({ role: 'user', content: message.content });
    else {
      const blocks: ContentBlockParam[] = [];
      if (message.content) blocks.push({ type: 'text', text: message.content });
      for (const call of message.toolCalls ?? [])
        blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: call.arguments });
      // The API rejects empty assistant turns; an empty one carries nothing for the model anyway.
      if (blocks.length > 0) out.push({ role: 'assistant', content: blocks });
    }
  }
  flushResults();
  return out;
}

export function toAnthropicTools(tools: ModelToolDefinition[]): Tool[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    // A server's schema without `type` still reaches Anthropic as an object schema, which it requires.
    input_schema: Object.assign({ type: 'object' }, tool.inputSchema) as Tool.InputSchema,
  }));
}
