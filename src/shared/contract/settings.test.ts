import { describe, expect, it } from 'vitest';
import { BASE_URL_SAMPLES } from '../config/base-url-samples';
import { MODEL_SETTINGS_LIMITS } from '../config/rules';
import { configSchemaFor } from '../config/schema';
import { routes } from '.';

describe('settings.saveModel takes what the model form takes (one table: MODEL_SETTINGS_LIMITS; the form: model-form.test.ts)', () => {
  const route = routes['settings.saveModel'].input;
  const takes = (input: Record<string, unknown>) => route.safeParse({ provider: 'demo', ...input }).success;

  it('each number at its bounds and just past them', () => {
    for (const field of ['temperature', 'timeoutMs', 'maxSteps', 'approvalTimeoutMs'] as const) {
      const { min, max, integer } = MODEL_SETTINGS_LIMITS[field];
      const step = integer ? 1 : 0.01;
      expect(takes({ [field]: min }), `${field} ${min}`).toBe(true);
      expect(takes({ [field]: max }), `${field} ${max}`).toBe(true);
      expect(takes({ [field]: min - step }), `${field} ${min - step}`).toBe(false);
      expect(takes({ [field]: max + step }), `${field} ${max + step}`).toBe(false);
    }
  });

  it('a model name at its length cap and one past it', () => {
    const name = 'm'.repeat(MODEL_SETTINGS_LIMITS.modelLength);
    expect(takes({ model: name })).toBe(true);
    expect(takes({ model: `${name}m` })).toBe(false);
  });
});

describe('a model base URL: the route takes what the config takes (one rule: isHttpUrl; the form: model-form.test.ts)', () => {
  it('a full http(s) URL, nothing else', () => {
    const route = routes['settings.saveModel'].input;
    for (const baseUrl of BASE_URL_SAMPLES) {
      const config = configSchemaFor().safeParse({ agent: { model: { provider: 'openai-compatible', baseUrl } } });
      expect(route.safeParse({ provider: 'openai-compatible', baseUrl }).success, baseUrl).toBe(config.success);
      expect(config.success, baseUrl).toBe(/^https?:\/\/[^/]/i.test(baseUrl));
    }
  });
});
