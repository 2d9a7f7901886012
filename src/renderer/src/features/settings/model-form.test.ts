import { describe, expect, it } from 'vitest';
import { BASE_URL_SAMPLES } from '../../../../shared/config/base-url-samples';
import { MODEL_SETTINGS_LIMITS } from '../../../../shared/config/rules';
import type { Settings } from '../../../../shared/contract';
import { configSchemaFor } from '../../../../shared/config/schema';
import { validateModelForm, valuesFromSettings, type ModelFormValues } from './model-form';

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
      approvalTimeoutMs: '0',
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

describe('the form takes what settings.saveModel takes (one table: MODEL_SETTINGS_LIMITS; the route: settings.test.ts)', () => {
  it('each number at its bounds and just past them', () => {
    for (const field of ['temperature', 'timeoutMs', 'maxSteps', 'approvalTimeoutMs'] as const) {
      const { min, max, integer } = MODEL_SETTINGS_LIMITS[field];
      const step = integer ? 1 : 0.01;
      for (const [value, ok] of [
        [min, true],
        [max, true],
        [min - step, false],
        [max + step, false],
      ] as const)
        expect(
          validateModelForm({ ...base, [field]: String(value) }).errors[field] === undefined,
          `${field} ${value}`,
        ).toBe(ok);
    }
    const name = 'm'.repeat(MODEL_SETTINGS_LIMITS.modelLength);
    expect(validateModelForm({ ...base, model: name }).errors.model).toBeUndefined();
    expect(validateModelForm({ ...base, model: `${name}m` }).errors.model).toBeDefined();
  });
});

describe('a hand-written config the form did not write (the route and config half: model-settings-save.test.ts)', () => {
  it('values the config accepts but the form once refused save as they are when another field changes', () => {
    const settings = {
      model: { provider: 'demo', model: `org/${'x'.repeat(300)}`, timeoutMs: 900_000, label: 'demo' },
      maxSteps: 8,
      approvalTimeoutMs: 500,
    } as Settings;
    const result = validateModelForm({ ...valuesFromSettings(settings), temperature: '0.5' });
    expect(result.errors).toEqual({});
    expect(result.input).toMatchObject({ timeoutMs: 900_000, approvalTimeoutMs: 500, temperature: 0.5 });
  });
});

describe('a model base URL: the form takes what the config takes (one rule: isHttpUrl; the route: settings.test.ts)', () => {
  it('so a base URL a config holds is one the form saves', () => {
    for (const baseUrl of BASE_URL_SAMPLES) {
      const config = configSchemaFor().safeParse({ agent: { model: { provider: 'openai-compatible', baseUrl } } });
      expect(validateModelForm({ ...base, baseUrl }).errors.baseUrl === undefined, baseUrl).toBe(config.success);
    }
  });
});
