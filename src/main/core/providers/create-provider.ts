import type { ModelProviderChoice } from '../../../shared/contract';
import type { UiMessage } from '../../../shared/i18n-message';
import { say } from '../../../shared/messages';
import { configVocabulary, VENDOR_PROVIDERS } from '../../../shared/config/vocabulary';
import { retryingOnce } from '../retrying-once';
import { providerLabel } from './tool-arguments';
import {
  ANTHROPIC_DEFAULT_BASE_URL,
  OPENAI_DEFAULT_BASE_URL,
  ProviderError,
  type ModelProvider,
  type ModelProviderRegistry,
  type ModelProviderTraits,
  type ModelSettings,
  type ProviderHost,
} from './types';

/**
 * Picks the provider for `settings.provider`: one the entry point registered (the demo shop's offline model), else a
 * vendor's. The caller resolves the key (from apiKeyEnv / secret store). Each vendor's SDK is imported on the first
 * model call, not at start-up: loading them all cost the main process's start-up time for the ones not in use.
 */
export function createModelProvider(
  settings: ModelSettings,
  apiKey: string | undefined,
  host: ProviderHost = {},
  registered: ModelProviderRegistry = {},
): ModelProvider {
  const own = registered[settings.provider];
  if (own) return own.create(settings, apiKey, host);
  switch (settings.provider) {
    case 'openai-compatible':
      return lazyProvider('openai-compatible', labelOf(settings, OPENAI_DEFAULT_BASE_URL), async () =>
        (await import('./openai-compatible')).createOpenAiCompatibleProvider(settings, apiKey, host),
      );
    case 'anthropic':
      return lazyProvider('anthropic', labelOf(settings, ANTHROPIC_DEFAULT_BASE_URL), async () =>
        (await import('./anthropic')).createAnthropicProvider(settings, apiKey, host),
      );
    default:
      return unregisteredProvider(settings.provider);
  }
}

/** The vendors' providers as Settings shows them (without loading their SDKs). */
const VENDOR_TRAITS: Record<(typeof VENDOR_PROVIDERS)[number], ModelProviderTraits> = {
  'openai-compatible': { label: say('provider.openAiCompatibleName'), needsApiKey: true, offline: false },
  anthropic: { label: say('provider.anthropicName'), needsApiKey: true, offline: false },
};

/** Every provider this process can run, in the order the config vocabulary has them (the registered ones first). */
export function modelProviderChoices(registered: ModelProviderRegistry): ModelProviderChoice[] {
  const { modelProviders } = configVocabulary([], Object.keys(registered));
  return modelProviders.map((name) => {
    const { label, needsApiKey, offline } = registered[name] ?? VENDOR_TRAITS[name as keyof typeof VENDOR_TRAITS];
    return { name, label: label.text, labelMessage: label, needsApiKey, offline };
  });
}

/** A provider the config names but the entry point did not register: each turn fails with the reason. */
function unregisteredProvider(id: string): ModelProvider {
  return {
    id,
    label: id,
    // eslint-disable-next-line require-yield -- it fails before its first event
    async *stream() {
      throw new ProviderError('config', say('provider.notRegistered', { provider: id }));
    },
  };
}

const labelOf = (settings: ModelSettings, defaultBaseUrl: string) =>
  providerLabel(settings.model || '(no model)', settings.baseUrl ?? defaultBaseUrl);

/**
 * A provider whose module (and SDK) loads on its first stream, or earlier through `prepare` (a conversation was
 * opened: the operator is typing); a failed load is tried again next time.
 */
export function lazyProvider(id: string, label: string | UiMessage, load: () => Promise<ModelProvider>): ModelProvider {
  const loaded = retryingOnce(load);
  return {
    id,
    ...(typeof label === 'string' ? { label } : { label: label.text, labelMessage: label }),
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
