import { describe, expect, it } from 'vitest';
import { createModelProvider } from './create-provider';

describe('createModelProvider', () => {
  it('picks the provider named in settings', () => {
    expect(createModelProvider({ provider: 'demo' }, undefined)).toMatchObject({ id: 'demo', label: 'offline demo model' });
    const openai = createModelProvider({ provider: 'openai-compatible', baseUrl: 'http://localhost:11434/v1', model: 'qwen2.5:7b' }, undefined);
    expect(openai).toMatchObject({ id: 'openai-compatible', label: 'qwen2.5:7b via localhost:11434' });
    const anthropic = createModelProvider({ provider: 'anthropic', model: 'claude-sonnet-4-6' }, 'sk-ant-x');
    expect(anthropic).toMatchObject({ id: 'anthropic', label: 'claude-sonnet-4-6 via api.anthropic.com' });
  });

  it('never puts the key in the label', () => {
    const provider = createModelProvider({ provider: 'openai-compatible', model: 'deepseek-chat', baseUrl: 'https://api.deepseek.com' }, 'sk-very-secret');
    expect(provider.label).toBe('deepseek-chat via api.deepseek.com');
  });
});
