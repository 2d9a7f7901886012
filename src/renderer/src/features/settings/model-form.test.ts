import { describe, expect, it } from 'vitest';
import { validateModelForm, type ModelFormValues } from './model-form';

const base: ModelFormValues = {
  provider: 'openai-compatible',
  baseUrl: 'https://api.example.com/v1',
  model: 'gpt-x',
  temperature: '0.2',
  apiKeyEnv: 'MY_KEY',
  timeoutMs: '60000',
  maxSteps: '8',
  approvalTimeoutMs: '300000',
};

describe('model settings form', () => {
  it('turns valid text into the saveModel input, numbers as numbers', () => {
    expect(validateModelForm(base)).toEqual({
      input: {
        provider: 'openai-compatible',
        baseUrl: 'https://api.example.com/v1',
        model: 'gpt-x',
        temperature: 0.2,
        apiKeyEnv: 'MY_KEY',
        timeoutMs: 60000,
        maxSteps: 8,
        approvalTimeoutMs: 300000,
      },
      errors: {},
    });
  });

  it('leaves empty optional fields out', () => {
    const result = validateModelForm({
      ...base,
      provider: 'demo',
      baseUrl: '',
      model: ' ',
      temperature: '',
      apiKeyEnv: '',
      timeoutMs: '',
    });
    expect(result.input).toEqual({ provider: 'demo', maxSteps: 8, approvalTimeoutMs: 300000 });
  });

  it('reports each bad field and sends nothing', () => {
    const result = validateModelForm({
      ...base,
      baseUrl: 'ftp://x',
      temperature: '3',
      apiKeyEnv: '1BAD',
      timeoutMs: '1.5',
      maxSteps: 'many',
      approvalTimeoutMs: '10',
    });
    expect(result.input).toBeUndefined();
    expect(Object.keys(result.errors).sort()).toEqual([
      'apiKeyEnv',
      'approvalTimeoutMs',
      'baseUrl',
      'maxSteps',
      'temperature',
      'timeoutMs',
    ]);
    expect(result.errors.temperature).toBe('Between 0 and 2.');
    expect(result.errors.timeoutMs).toBe('Enter a whole number.');
  });
});
