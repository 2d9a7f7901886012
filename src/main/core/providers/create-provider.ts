import { createAnthropicProvider } from './anthropic';
import { createDemoProvider } from './demo/demo-provider';
import { createOpenAiCompatibleProvider } from './openai-compatible';
import type { ModelProvider, ModelSettings } from './types';

/** Picks the provider for `settings.provider`; the caller resolves the key (from apiKeyEnv / secret store). */
export function createModelProvider(settings: ModelSettings, apiKey: string | undefined): ModelProvider {
  switch (settings.provider) {
    case 'demo':
      return createDemoProvider();
    case 'openai-compatible':
      return createOpenAiCompatibleProvider(settings, apiKey);
    case 'anthropic':
      return createAnthropicProvider(settings, apiKey);
  }
}
