import { retryingOnce } from '../retrying-once';
import { providerLabel } from './tool-arguments';
import {
  ANTHROPIC_DEFAULT_BASE_URL,
  DEMO_LABEL,
  OPENAI_DEFAULT_BASE_URL,
  type ModelProvider,
  type ModelSettings,
  type ProviderHost,
} from './types';

/**
 * Picks the provider for `settings.provider`; the caller resolves the key (from apiKeyEnv / secret store).
 * Each provider's module (a vendor SDK, the demo's replies) is imported on the first model call, not at start-up:
 * loading them all cost the main process's start-up time for the ones not in use.
 */
export function createModelProvider(
  settings: ModelSettings,
  apiKey: string | undefined,
  host: ProviderHost = {},
): ModelProvider {
  switch (settings.provider) {
    case 'demo':
      // Its replies and flows too: ~30 KB that the runtime's module evaluated at start-up for a model not in use.
      return lazyProvider('demo', DEMO_LABEL, async () => (await import('./demo/demo-provider')).createDemoProvider());
    case 'openai-compatible':
      return lazyProvider('openai-compatible', labelOf(settings, OPENAI_DEFAULT_BASE_URL), async () =>
        (await import('./openai-compatible')).createOpenAiCompatibleProvider(settings, apiKey, host),
      );
    case 'anthropic':
      return lazyProvider('anthropic', labelOf(settings, ANTHROPIC_DEFAULT_BASE_URL), async () =>
        (await import('./anthropic')).createAnthropicProvider(settings, apiKey, host),
      );
  }
}

const labelOf = (settings: ModelSettings, defaultBaseUrl: string) =>
  providerLabel(settings.model || '(no model)', settings.baseUrl ?? defaultBaseUrl);

/**
 * A provider whose module (and SDK) loads on its first stream, or earlier through `prepare` (a conversation was
 * opened: the operator is typing); a failed load is tried again next time.
 */
export function lazyProvider(id: string, label: string, load: () => Promise<ModelProvider>): ModelProvider {
  const loaded = retryingOnce(load);
  return {
    id,
    label,
    async *stream(req) {
      yield* (await loaded()).stream(req);
    },
    prepare() {
      loaded().catch(() => undefined); // the first stream reports the failure (and tries again)
    },
  };
}

/**
 * The provider for the current settings, made again only when they or the key change: each turn built a new
 * client (and the OpenAI SDK's client makes some thirty resource objects), in the middle of the turn.
 */
export function providerForSettings(
  make: (settings: ModelSettings, apiKey: string | undefined) => ModelProvider,
): (settings: ModelSettings, apiKey: string | undefined) => ModelProvider {
  let last: { settings: ModelSettings; apiKey: string | undefined; provider: ModelProvider } | undefined;
  return (settings, apiKey) => {
    if (last?.settings !== settings || last.apiKey !== apiKey)
      last = { settings, apiKey, provider: make(settings, apiKey) };
    return last.provider;
  };
}
