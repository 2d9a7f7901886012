/*
 * The provider port: the agent loop talks to every model (demo, OpenAI-compatible, Anthropic)
 * through these types only, so vendor SDK shapes never leak past src/main/core/providers.
 */

import type { ModelToolDefinition } from '../../../shared/catalog';
import type { UiMessage } from '../../../shared/i18n-message';
import type { ModelSettings } from '../../../shared/config/schema';

/** A tool exactly as the model sees it (name, description, input schema): the catalog's own type. */
export type { ModelToolDefinition };
/** The model section of the config (provider, endpoint, model, limits), as the config schema parses it. */
export type { ModelSettings } from '../../../shared/config/schema';

export interface ToolCallRequest {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

/** An image from a tool result, for a model that accepts images. */
export interface ModelImage {
  mimeType: string;
  /** base64 */
  data: string;
}

export type ChatMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCallRequest[] }
  /** `content` marks where each image was; a provider that sends images attaches `images` in that order. */
  | { role: 'tool'; toolCallId: string; name: string; content: string; isError?: boolean; images?: ModelImage[] };

export interface ModelRequest {
  system: string;
  messages: ChatMessage[];
  /** The visible set for this call: a model may only call tools listed here. */
  tools: ModelToolDefinition[];
  signal: AbortSignal;
  /** Overrides the configured output cap for this request (a server's sampling request names its own). */
  maxTokens?: number;
  /** Overrides the configured temperature for this request, where the provider sends one. */
  temperature?: number;
}

export type ModelStopReason = 'end' | 'tool_calls' | 'max_tokens';

export interface ModelUsage {
  inputTokens?: number;
  outputTokens?: number;
}

export type ModelStreamEvent =
  | { type: 'text'; delta: string }
  /** A tool call's argument JSON as streamed so far (raw, usually incomplete), throttled per call; the complete call follows as 'toolCall'. */
  | { type: 'toolInputPartial'; callId: string; name: string; json: string }
  | { type: 'toolCall'; call: ToolCallRequest }
  | { type: 'done'; stopReason: ModelStopReason; usage?: ModelUsage };

export interface ModelProvider {
  readonly id: string;
  readonly label: string;
  /** `label` as a code, where the provider's name is ours to translate (a registered offline model's). */
  readonly labelMessage?: UiMessage;
  /** Yields text deltas, partial tool input, complete tool calls, then exactly one 'done'; failures throw ProviderError. */
  stream(req: ModelRequest): AsyncIterable<ModelStreamEvent>;
  /** Loads what the first stream needs (a vendor SDK) in the background; a failure is left to that stream. */
  prepare?(): void;
}

export type ProviderErrorCode =
  'auth' | 'rate_limited' | 'server' | 'bad_response' | 'timeout' | 'aborted' | 'network' | 'config';

/**
 * The only error a provider throws; `code` lets the loop decide on retry/backoff/Stop. Our own failures carry
 * `uiMessage` (shared/messages/provider-messages.ts): `message` is its English, which the model, the CLI and logs
 * read; the console translates the code.
 */
export class ProviderError extends Error {
  readonly uiMessage?: UiMessage;
  constructor(
    public code: ProviderErrorCode,
    message: string | UiMessage,
    public status?: number,
  ) {
    super(typeof message === 'string' ? message : message.text);
    if (typeof message !== 'string') this.uiMessage = message;
    this.name = 'ProviderError';
  }
}

export const DEFAULT_TIMEOUT_MS = 120_000;

/** What the host lends a provider: the fetch its SDK sends requests with (the desktop's honours the system proxy). */
export interface ProviderHost {
  fetch?: typeof fetch;
}

/** Makes a provider from the model settings and the resolved key; called again only when either changes. */
export type ModelProviderFactory = (
  settings: ModelSettings,
  apiKey: string | undefined,
  host: ProviderHost,
) => ModelProvider;

/** What Settings shows of a provider before one is made: its name in the list, and which fields apply to it. */
export interface ModelProviderTraits {
  /** How the provider list names it, as a code the console translates. */
  label: UiMessage;
  /** False for a model that answers without a key: Settings then reports no key as missing. */
  needsApiKey: boolean;
  /** Runs on this machine: the base URL, model, temperature and key are not used. */
  offline: boolean;
}

/** A provider an entry point registers: how to make it, and what Settings shows of it. */
export interface RegisteredModelProvider extends ModelProviderTraits {
  create: ModelProviderFactory;
}

/**
 * Providers an entry point adds to the vendors' (the demo shop's offline model), by the config's `provider` name;
 * the core knows none of them. The first is the default of a config that names no provider.
 */
export type ModelProviderRegistry = Readonly<Record<string, RegisteredModelProvider>>;

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
