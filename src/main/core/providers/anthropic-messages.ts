import type {
  ContentBlockParam,
  ImageBlockParam,
  MessageParam,
  Tool,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import { imagesNotSentNote } from './image-notes';
import type { ChatMessage, ModelToolDefinition } from './types';

/**
 * Our history -> Messages API turns. Tool results must follow their tool_use in one user turn,
 * so consecutive tool messages are grouped into a single user message of tool_result blocks. A result's
 * images go inside its tool_result as image blocks, after its text (unless `images: false`).
 */
export function toAnthropicMessages(messages: ChatMessage[], options: { images?: boolean } = {}): MessageParam[] {
  const sendImages = options.images !== false;
  const out: MessageParam[] = [];
  let pendingResults: ToolResultBlockParam[] = [];
  const flushResults = () => {
    if (pendingResults.length > 0) out.push({ role: 'user', content: pendingResults });
    pendingResults = [];
  };
  for (const message of messages) {
    if (message.role === 'tool') {
      const images = message.images ?? [];
      const content: ToolResultBlockParam['content'] =
        images.length === 0
          ? message.content
          : sendImages
            ? [{ type: 'text', text: message.content }, ...images.map(imageBlock)]
            : `${message.content}\n${imagesNotSentNote(images.length)}`;
      pendingResults.push({
        type: 'tool_result',
        tool_use_id: message.toolCallId,
        content,
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

function imageBlock(image: { mimeType: string; data: string }): ImageBlockParam {
  // Only the four types the API takes reach here (MODEL_IMAGE_TYPES in agent/tool-result.ts).
  return { type: 'image', source: { type: 'base64', media_type: image.mimeType as 'image/png', data: image.data } };
}

export function toAnthropicTools(tools: ModelToolDefinition[]): Tool[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    // A server's schema without `type` still reaches Anthropic as an object schema, which it requires.
    input_schema: Object.assign({ type: 'object' }, tool.inputSchema) as Tool.InputSchema,
  }));
}
