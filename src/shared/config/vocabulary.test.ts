import { describe, expect, it } from 'vitest';
import { configSchemaFor } from './schema';
import { configVocabulary } from './vocabulary';

const config = (builtin: string, provider?: string) => ({
  agent: { mcp: { servers: [{ name: 'embedded', builtin }] }, ...(provider ? { model: { provider } } : {}) },
});

describe('builtin servers and model providers are names, not words of the shared schema', () => {
  it('the shared schema takes any name; without one the provider is the first vendor', () => {
    const parsed = configSchemaFor().parse(config('warehouse', 'local-llm'));
    expect(parsed.agent.mcp.servers[0]).toMatchObject({ builtin: 'warehouse' });
    expect(parsed.agent.model.provider).toBe('local-llm');
    expect(configSchemaFor().parse({}).agent.model.provider).toBe('openai-compatible');
  });

  it("a vocabulary's first provider is the default: registered ones first, then the vendors, once each", () => {
    const vocabulary = configVocabulary(['shop'], ['demo', 'anthropic']);
    expect(vocabulary.modelProviders).toEqual(['demo', 'anthropic', 'openai-compatible']);
    expect(configSchemaFor(vocabulary).parse({}).agent.model.provider).toBe('demo');
    expect(configSchemaFor(vocabulary)).toBe(configSchemaFor(configVocabulary(['shop'], ['demo', 'anthropic'])));
  });

  it('refuses a name the vocabulary lacks, at its path, naming the value and the names there are', () => {
    const result = configSchemaFor(configVocabulary(['shop'], ['demo'])).safeParse(config('warehouse', 'local-llm'));
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['agent.mcp.servers.0.builtin', 'there is no builtin server "warehouse" here; the builtin servers are "shop"'],
      [
        'agent.model.provider',
        'there is no model provider "local-llm" here; the providers are "demo", "openai-compatible", "anthropic"',
      ],
    ]);
    const none = configSchemaFor(configVocabulary([], [])).safeParse(config('shop'));
    expect(none.error!.issues.map((issue) => issue.message)).toEqual([
      'there is no builtin server "shop" here: this build embeds none',
    ]);
  });
});
