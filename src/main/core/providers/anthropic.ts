import Anthropic, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from '@anthropic-ai/sdk';
import type { RawMessageStreamEvent, StopReason } from '@anthropic-ai/sdk/resources/messages';
import { toAnthropicMessages, toAnthropicTools } from './anthropic-messages';
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
  type ModelSettings,
  type ProviderHost,
  ANTHROPIC_DEFAULT_BASE_URL,
  type ModelStopReason,
  type ModelStreamEvent,
  type ModelUsage,
} from './types';

const SDK_ERRORS = { APIError, APIConnectionError, APIConnectionTimeoutError, APIUserAbortError };
const DEFAULT_MAX_TOKENS = 4096;

/**
 * Messages API streaming over the official SDK. `temperature` is not sent: this SDK version
 * no longer accepts it on messages.create.
 */
export function createAnthropicProvider(
  settings: ModelSettings,
  apiKey: string | undefined,
  host: ProviderHost = {},
): ModelProvider {
  const baseURL = settings.baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL;
  const model = settings.model ?? '';
  const label = providerLabel(model || '(no model)', baseURL);
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Built lazily: the SDK throws on a missing key, and that must surface as a config error per request.
  let client: Anthropic | undefined;

  async function* stream(req: ModelRequest): AsyncGenerator<ModelStreamEvent> {
    if (!model) throw new ProviderError('config', say('provider.anthropicModelRequired', { label }));
    if (!apiKey)
      throw new ProviderError(
        'config',
        settings.apiKeyEnv
          ? say('provider.noApiKeyEnvEmpty', { label, env: settings.apiKeyEnv })
          : say('provider.noApiKey', { label }),
      );
    client ??= new Anthropic({
      apiKey,
      baseURL,
      maxRetries: 0,
      timeout: timeoutMs,
      logLevel: 'off',
      ...(host.fetch && { fetch: host.fetch }),
    });
    const guard = createStreamGuard(req.signal, timeoutMs);
    const ctx: ErrorContext = { label, apiKey, apiKeyEnv: settings.apiKeyEnv, timeoutMs, guard };
    const state = new StreamState(label);
    try {
      const events = await client.messages.create(messagesRequest(settings, model, req), { signal: guard.signal });
      // Chunks that arrived in one read are decoded one after another without I/O between them: hand the event loop
      // back every few milliseconds (a reply of many tool calls arrives in one read).
      const slices = new Slices();
      for await (const event of events) {
        if (slices.due) await slices.handBack();
        guard.touch();
        yield* state.apply(event);
      }
      if (guard.timedOut || guard.callerAborted) throw toProviderError(new Error('aborted'), SDK_ERRORS, ctx);
      if (!state.stopped) throw new ProviderError('bad_response', say('provider.noMessageStop', { label }));
    } catch (err) {
      throw toProviderError(err, SDK_ERRORS, ctx);
    } finally {
      guard.dispose();
    }
    yield { type: 'done', stopReason: state.stopReason(), usage: state.usage };
  }

  return { id: 'anthropic', label, stream };
}

/** The streamed Messages request: the request's own token cap wins over the settings'. */
function messagesRequest(settings: ModelSettings, model: string, req: ModelRequest) {
  return {
    model,
    max_tokens: req.maxTokens ?? settings.maxTokens ?? DEFAULT_MAX_TOKENS,
    ...(req.system && { system: req.system }),
    messages: toAnthropicMessages(req.messages, { images: settings.images }),
    ...(req.tools.length > 0 && { tools: toAnthropicTools(req.tools) }),
    stream: true as const,
  };
}

/** Folds SSE events into our events: text deltas live, a tool_use's input as it grows (throttled), each tool_use once its block closes. */
class StreamState {
  readonly usage: ModelUsage = {};
  stopped = false;
  private reason: StopReason | null = null;
  private sawToolCall = false;
  private readonly toolBlocks = new Map<number, { id: string; name: string; json: string }>();
  private readonly partials = new PartialInputThrottle();
  constructor(private readonly label: string) {}

  *apply(event: RawMessageStreamEvent): Generator<ModelStreamEvent> {
    switch (event.type) {
      case 'message_start':
        this.usage.inputTokens = event.message.usage?.input_tokens;
        break;
      case 'content_block_start':
        if (event.content_block.type === 'tool_use')
          this.toolBlocks.set(event.index, { id: event.content_block.id, name: event.content_block.name, json: '' });
        else if (event.content_block.type === 'text' && event.content_block.text)
          yield { type: 'text', delta: event.content_block.text };
        break;
      case 'content_block_delta':
        if (event.delta.type === 'text_delta' && event.delta.text) yield { type: 'text', delta: event.delta.text };
        else if (event.delta.type === 'input_json_delta') {
          const block = this.toolBlocks.get(event.index);
          if (!block)
            throw new ProviderError(
              'bad_response',
              say('provider.unknownBlock', { label: this.label, index: event.index }),
            );
          block.json += event.delta.partial_json;
          const partial = this.partials.next(block.id, block.name, block.json);
          if (partial) yield partial;
        }
        break;
      case 'content_block_stop': {
        const block = this.toolBlocks.get(event.index);
        if (!block) break;
        this.toolBlocks.delete(event.index);
        this.sawToolCall = true;
        const args = parseToolArguments(block.json, block.name, this.label);
        yield { type: 'toolCall', call: { id: block.id, name: block.name, arguments: args } };
        break;
      }
      case 'message_delta':
        this.reason = event.delta.stop_reason ?? this.reason;
        if (typeof event.usage?.output_tokens === 'number') this.usage.outputTokens = event.usage.output_tokens;
        break;
      case 'message_stop':
        this.stopped = true;
        break;
    }
  }

  stopReason(): ModelStopReason {
    if (this.reason === 'tool_use' || (this.sawToolCall && this.reason !== 'max_tokens')) return 'tool_calls';
    return this.reason === 'max_tokens' ? 'max_tokens' : 'end';
  }
}
