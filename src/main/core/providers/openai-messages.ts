import type {
  ChatCompletionContentPart,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import { imagesNotSentNote } from './image-notes';
import type { ChatMessage, ModelToolDefinition } from './types';

/**
 * Our ChatMessage history -> chat.completions messages (system first, tool results by tool_call_id). A tool
 * message carries text only, so the images of a run of tool results follow it in one user message, as
 * `image_url` data URLs, each introduced by the call it came from. With `images: false` (a model without
 * vision) the tool text says they were not sent.
 */
export function toOpenAiMessages(
  system: string,
  messages: ChatMessage[],
  options: { images?: boolean } = {},
): ChatCompletionMessageParam[] {
  const sendImages = options.images !== false;
  const out: ChatCompletionMessageParam[] = system ? [{ role: 'system', content: system }] : [];
  let pendingImages: ChatCompletionContentPart[] = [];
  const flushImages = () => {
    // Every tool result of the assistant turn must come first; the images go right after the last of them.
    if (pendingImages.length > 0)
      out.push({
        role: 'user',
        content: [{ type: 'text', text: 'Images returned by the tool calls above:' }, ...pendingImages],
      });
    pendingImages = [];
  };
  for (const message of messages) {
    if (message.role !== 'tool') flushImages();
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
      const images = message.images ?? [];
      const text =
        sendImages || images.length === 0 ? message.content : `${message.content}\n${imagesNotSentNote(images.length)}`;
      const content = message.isError ? `[tool error] ${text}` : text;
      out.push({ role: 'tool', tool_call_id: message.toolCallId, content });
      if (sendImages && images.length > 0) {
        pendingImages.push({ type: 'text', text: `From ${message.name} (call ${message.toolCallId}):` });
        for (const image of images)
          pendingImages.push({ type: 'image_url', image_url: { url: `data:${image.mimeType};base64,${image.data}` } });
      }
    }
  }
  flushImages();
  return out;
}

export function toOpenAiTools(tools: ModelToolDefinition[]): ChatCompletionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
  }));
}
