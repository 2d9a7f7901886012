import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { Settings } from '../../src/shared/contract';
import { configSchemaFor } from '../../src/shared/config/schema';
import { LONGEST_TIMER_MS } from '../../src/shared/config/rules';
import { demoShopConfigText } from '../../src/main/demo-shop/default-config';
import { createQuietTestCore, type TestCore } from '../support/core';

/**
 * A hand-written config whose model numbers Settings used to bound tighter than the config does (a 15-minute model
 * timeout, a half-second approval timeout, a long model id): Settings → Model refused every save until the operator
 * changed a field they never touched. One table now bounds the config, the route and the form (the form's half:
 * model-form.test.ts).
 */
const ctx = { transport: 'ws' as const };
let core: TestCore | undefined;
let dir: string | undefined;
afterEach(async () => {
  await core?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  core = dir = undefined;
});

const longModelId = `accounts/example/models/${'x'.repeat(280)}`;

async function startWith(edit: (config: { agent: Record<string, unknown> & { model: object } }) => void) {
  dir = await mkdtemp(join(tmpdir(), 'sb-model-save-'));
  const config = parse(demoShopConfigText());
  edit(config);
  await writeFile(join(dir, 'switchboard.yaml'), stringify(config));
  core = await createQuietTestCore(dir);
  return core;
}

async function call<T>(route: string, input: unknown): Promise<T> {
  const result = await core!.dispatch(route, input, ctx);
  if (!result.ok) throw new Error(`${route}: ${JSON.stringify(result.error)}`);
  return result.data as T;
}

describe('Settings → Model saves what the config holds', () => {
  it('a config with values outside the old form bounds: another field saves, the rest unchanged and nothing lost', async () => {
    await startWith((config) => {
      config.agent.model = {
        ...config.agent.model,
        model: longModelId,
        baseUrl: 'http://localhost:11434/v1',
        timeoutMs: 900_000,
        // Fields the form does not show: a save used to replace the whole entry and drop them.
        maxTokens: 8_000,
        images: false,
      };
      config.agent.approvalTimeoutMs = 500;
    });
    expect(core!.config.snapshot().problems).toEqual([]);

    // What the form sends: every field as Settings shows it, one changed.
    const { model, maxSteps, approvalTimeoutMs } = await call<Settings>('settings.get', {});
    const { provider, baseUrl, model: name, apiKeyEnv, timeoutMs } = model;
    expect(baseUrl).toBe('http://localhost:11434/v1');
    const input = {
      provider,
      baseUrl,
      model: name,
      apiKeyEnv,
      timeoutMs,
      temperature: 0.5,
      maxSteps,
      approvalTimeoutMs,
    };
    await call('settings.saveModel', input);

    const saved = parse(await readFile(join(dir!, 'switchboard.yaml'), 'utf8'));
    expect(saved.agent.model).toMatchObject({
      model: longModelId,
      baseUrl: 'http://localhost:11434/v1',
      temperature: 0.5,
      timeoutMs: 900_000,
      maxTokens: 8_000,
      images: false,
    });
    expect(saved.agent.approvalTimeoutMs).toBe(500);
  });

  it('a timeout past what a timer can wait is refused by the config itself, not only by the form', () => {
    const config = parse(demoShopConfigText());
    for (const [path, set] of [
      ['agent.approvalTimeoutMs', () => (config.agent.approvalTimeoutMs = LONGEST_TIMER_MS + 1)],
      ['agent.model.timeoutMs', () => (config.agent.model.timeoutMs = LONGEST_TIMER_MS + 1)],
    ] as const) {
      const before = structuredClone(config);
      set();
      const result = configSchemaFor().safeParse(config);
      expect(result.success, path).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([path]);
      Object.assign(config, before);
    }
    expect(configSchemaFor().safeParse(config).success).toBe(true);
  });

  it('a model base URL no model can be reached at (not http or https) is refused by the config, on the field', () => {
    const config = parse(demoShopConfigText());
    config.agent.model.baseUrl = 'ftp://models.example/v1';
    const result = configSchemaFor().safeParse(config);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['agent.model.baseUrl', 'the model base URL is a full http:// or https:// URL'],
    ]);
  });
});
