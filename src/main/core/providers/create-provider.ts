import { retryingOnce } from '../retrying-once';
import { createDemoProvider } from './demo/demo-provider';
import { providerLabel } from './tool-arguments';
import { ANTHROPIC_DEFAULT_BASE_URL, OPENAI_DEFAULT_BASE_URL, type ModelProvider, type ModelSettings, type ProviderHost } from './types';

/**
 * Picks the provider for `settings.provider`; the caller resolves the key (from apiKeyEnv / secret store).
 * The vendor SDKs are imported on the first model call, not at start-up: most sessions start with the demo model,
 * and loading both SDKs cost the main process's start-up time for nothing.
 */
export function createModelProvider(settings: ModelSettings, apiKey: string | undefined, host: ProviderHost = {}): ModelProvider {
  switch (settings.provider) {
    case 'demo':
      return createDemoProvider();
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

const labelOf = (settings: ModelSettings, defaultBaseUrl: string) => providerLabel(settings.model || '(no model)', settings.baseUrl ?? defaultBaseUrl);

/** A provider whose module (and SDK) loads on its first stream; a failed load is tried again next time. */
export function lazyProvider(id: string, label: string, load: () => Promise<ModelProvider>): ModelProvider {
  const loaded = retryingOnce(load);
  return {
    id,
    label,
    async *stream(req) {
      yield* (await loaded()).stream(req);
    },
  };
}
