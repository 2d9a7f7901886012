import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { toOpenAiMessages, toOpenAiTools } from './openai-messages';
import { say } from '../../../shared/messages';
import { toProviderError, type ErrorContext } from './sdk-errors';
import { Slices } from '../slices';
import { createStreamGuard } from './stream-guard';
import { PartialInputThrottle } from './partial-input';
import { parseToolArguments, providerLabel } from './tool-arguments';
import {
  DEFAULT_TIMEOUT_MS,
  ProviderError,
  type ModelProvider,
  type ModelRequest,
  type ModelStopReason,
  type ModelStreamEvent,
  type ModelUsage,
  type ModelSettings,
  type ProviderHost,
  OPENAI_DEFAULT_BASE_URL,
  type ToolCallRequest,
} from './types';

const SDK_ERRORS = { APIError, APIConnectionError, APIConnectionTimeoutError, APIUserAbortError };
/** Local servers (Ollama, vLLM, LM Studio) ignore the key, but the SDK refuses to start without one. */
const NO_KEY_PLACEHOLDER = 'not-set';

/** Chat Completions over the official SDK: OpenAI, DeepSeek, Qwen, Ollama, vLLM, LM Studio (via baseUrl). */
export function createOpenAiCompatibleProvider(
  settings: ModelSettings,
  apiKey: string | undefined,
  host: ProviderHost = {},
): ModelProvider {
  const baseURL = settings.baseUrl ?? OPENAI_DEFAULT_BASE_URL;
  const model = settings.model ?? '';
  const label = providerLabel(model || '(no model)', baseURL);
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const client = new OpenAI({
    apiKey: apiKey || NO_KEY_PLACEHOLDER,
    baseURL,
    organization: null, // never pick up OPENAI_ORG_ID / OPENAI_PROJECT_ID from the environment
    project: null,
    maxRetries: 0, // the agent loop owns retry policy
    timeout: timeoutMs,
    logLevel: 'off', // failures surface as ProviderError; the SDK would log raw chunks to the console
    ...(host.fetch && { fetch: host.fetch }),
  });

  async function* stream(req: ModelRequest): AsyncGenerator<ModelStreamEvent> {
    if (!model) throw new ProviderError('config', say('provider.openAiModelRequired', { label }));
    const guard = createStreamGuard(req.signal, timeoutMs);
    const ctx: ErrorContext = { label, apiKey, apiKeyEnv: settings.apiKeyEnv, timeoutMs, guard };
    const assembler = new ToolCallAssembler(label);
    let finishReason: string | null = null;
    let usage: ModelUsage | undefined;
    try {
      const chunks = await client.chat.completions.create(chatRequest(settings, model, req), { signal: guard.signal });
      // Chunks that arrived in one read are decoded one after another without I/O between them: hand the event loop
      // back every few milliseconds (a reply of many tool calls arrives in one read).
      const slices = new Slices();
      for await (const chunk of chunks) {
        if (slices.due) await slices.handBack();
        guard.touch();
        if (chunk.usage)
          usage = { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
        const choice = chunk.choices?.[0];
        if (!choice) continue; // the usage-only chunk has no choices
        if (choice.delta?.content) yield { type: 'text', delta: choice.delta.content };
        for (const fragment of choice.delta?.tool_calls ?? []) {
          const partial = assembler.add(fragment);
          if (partial) yield partial;
        }
        if (choice.finish_reason) finishReason = choice.finish_reason;
      }
      // The SDK ends iteration quietly when its signal aborts, so a stop or idle timeout lands here.
      if (guard.timedOut || guard.callerAborted) throw toProviderError(new Error('aborted'), SDK_ERRORS, ctx);
      if (finishReason === null) throw new ProviderError('bad_response', say('provider.noFinishReason', { label }));
    } catch (err) {
      throw toProviderError(err, SDK_ERRORS, ctx);
    } finally {
      guard.dispose();
    }
    const calls = assembler.finish();
    for (const call of calls) yield { type: 'toolCall', call };
    yield { type: 'done', stopReason: stopReasonOf(finishReason, calls.length), ...(usage && { usage }) };
  }

  return { id: 'openai-compatible', label, stream };
}

/** The streamed Chat Completions request: the request's own temperature and token cap win over the settings'. */
function chatRequest(settings: ModelSettings, model: string, req: ModelRequest) {
  const temperature = req.temperature ?? settings.temperature;
  const maxTokens = req.maxTokens ?? settings.maxTokens;
  return {
    model,
    messages: toOpenAiMessages(req.system, req.messages, { images: settings.images }),
    ...(req.tools.length > 0 && { tools: toOpenAiTools(req.tools) }),
    ...(temperature !== undefined && { temperature }),
    ...(maxTokens !== undefined && { max_tokens: maxTokens }),
    stream: true as const,
    stream_options: { include_usage: true },
  };
}

function stopReasonOf(finishReason: string, callCount: number): ModelStopReason {
  if (callCount > 0) return 'tool_calls'; // some servers report "stop" even when they emitted tool calls
  return finishReason === 'length' ? 'max_tokens' : 'end';
}

type ToolCallFragment = ChatCompletionChunk.Choice.Delta.ToolCall;

/** Tool calls arrive as fragments keyed by `index`: id and name once, arguments in pieces. */
class ToolCallAssembler {
  private readonly parts = new Map<number, { id: string; name: string; args: string }>();
  private readonly partials = new PartialInputThrottle();
  constructor(private readonly label: string) {}

  /** Adds a fragment; returns the call's partial input when one is due (see PartialInputThrottle). */
  add(fragment: ToolCallFragment): ModelStreamEvent | undefined {
    const part = this.parts.get(fragment.index) ?? { id: '', name: '', args: '' };
    if (fragment.id && !part.id) part.id = fragment.id;
    if (fragment.function?.name && !part.name) part.name = fragment.function.name;
    if (fragment.function?.arguments) part.args += fragment.function.arguments;
    this.parts.set(fragment.index, part);
    return fragment.function?.arguments
      ? this.partials.next(part.id || `call_${fragment.index}`, part.name, part.args)
      : undefined;
  }

  finish(): ToolCallRequest[] {
    return [...this.parts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, part]) => {
        if (!part.name) throw new ProviderError('bad_response', say('provider.toolCallNoName', { label: this.label }));
        return {
          id: part.id || `call_${index}`,
          name: part.name,
          arguments: parseToolArguments(part.args, part.name, this.label),
        };
      });
  }
}
