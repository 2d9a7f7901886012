import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestCore, type TestCore } from '../../../../tests/support/core';
import { createEncryptedSecrets, environmentSecrets, type KeyVault, type SecretStore } from '../secrets';
import { ProviderError } from '../providers/types';
import { say } from '../../../shared/messages';
import { Invalid, Unavailable } from '../errors';
import { SettingsService } from './settings-service';
import { demoModelProviders } from '../../demo-shop/model-providers';
import type { UiMessage } from '../../../shared/i18n-message';

/** A safeStorage stand-in: `no-keyring` is Linux's basic_text backend. */
function vault(storage: KeyVault['storage']): KeyVault & { plainText: boolean } {
  const v = {
    storage,
    plainText: false,
    usePlainText: () => void (v.plainText = true),
    cipher: {
      encrypt: async (plain: string) => Buffer.from(`sealed:${plain}`),
      decrypt: async (sealed: Buffer) => {
        if (!sealed.toString().startsWith('sealed:')) throw new Error('the keyring refused');
        return { value: sealed.toString().slice(7) };
      },
    },
  };
  return v;
}

let dir: string;
let core: TestCore | undefined;
afterEach(async () => {
  await core?.close();
  core = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function start(v: KeyVault): Promise<TestCore> {
  core = await createTestCore({
    dataDir: dir,
    watchConfig: false,
    log: () => undefined,
    secrets: await createEncryptedSecrets(dir, v, {}),
  });
  return core;
}

describe('settings: API keys on the desktop', () => {
  it('without a keyring: refuses to store without consent, stores with it, and says where the key lives', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-settings-'));
    const v = vault('no-keyring');
    const c = await start(v);
    const settings = c.services.settings;
    expect(settings.view()).toMatchObject({ apiKey: { storage: 'no-keyring', canStore: false, set: false } });
    const refused = settings.setApiKey('sk-1');
    await expect(refused).rejects.toBeInstanceOf(Invalid);
    await expect(refused).rejects.toThrow(/no keyring: storing the key needs your consent/);
    expect(v.plainText).toBe(false);
    expect(await settings.setApiKey(' sk-1 ', true)).toMatchObject({
      set: true,
      source: 'stored',
      storage: 'plain-text',
      canStore: true,
    });
    expect(v.plainText).toBe(true);
  });

  it('a stored key that does not decrypt is reported with a way back: entering it again', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-settings-'));
    await writeFile(
      join(dir, 'secrets.json'),
      JSON.stringify({ keys: { OPENAI_API_KEY: Buffer.from('from another machine').toString('base64') } }),
    );
    const c = await start(vault('keychain'));
    expect(c.services.settings.view()).toMatchObject({
      apiKey: {
        set: false,
        problem: 'the stored key could not be decrypted (the keyring refused); enter it again',
        problemMessage: { code: 'secrets.storedUndecryptable', params: { detail: 'the keyring refused' } },
      },
    });
    const again = await c.services.settings.setApiKey('sk-2');
    expect(again).toMatchObject({ set: true, storage: 'keychain' });
    expect(again).not.toHaveProperty('problem');
    expect(again).not.toHaveProperty('problemMessage');
  });
});

const service = (
  config: object,
  secrets: object,
  modelLabel: () => string | { label: string; labelMessage?: UiMessage },
  env: NodeJS.ProcessEnv = {},
) =>
  new SettingsService({
    config: config as never,
    secrets: secrets as SecretStore,
    modelLabel: () => {
      const label = modelLabel();
      return typeof label === 'string' ? { label } : label;
    },
    env,
    resetBuiltinData: async () => false,
    providers: [],
  });

describe('settings: where the API key comes from (the environment injected, never process.env)', () => {
  const config = {
    current: () => ({ agent: { model: { provider: 'anthropic' }, maxSteps: 8, approvalTimeoutMs: 60_000 } }),
    snapshot: () => ({ dataDir: '/d', path: '/d/switchboard.yaml' }),
  };

  it('a key in the injected environment is the one in use (source env), and keys cannot be stored there', async () => {
    const env = { ANTHROPIC_API_KEY: 'sk-env' };
    const settings = service(config, environmentSecrets(env), () => 'm', env);
    expect(settings.apiKey()).toEqual({
      set: true,
      source: 'env',
      envVar: 'ANTHROPIC_API_KEY',
      canStore: false,
      storage: 'environment',
    });
    await expect(settings.setApiKey('sk-2')).rejects.toBeInstanceOf(Unavailable);
    // The same store read against an environment without the key: nothing is set, whatever process.env holds.
    expect(service(config, environmentSecrets({}), () => 'm', {}).apiKey()).toMatchObject({ set: false, source: null });
  });

  it('a stored key absent from the environment is reported as stored', () => {
    const stored = { storage: 'keychain', canStore: true, get: () => 'sk-stored', problem: () => undefined };
    expect(service(config, stored, () => 'm', {}).apiKey()).toMatchObject({ set: true, source: 'stored' });
    expect(service(config, stored, () => 'm', { ANTHROPIC_API_KEY: 'sk-env' }).apiKey()).toMatchObject({
      source: 'env',
    });
  });
});

describe('settings: the providers offered are the ones this process registered (issue 29)', () => {
  it('with the demo shop: its offline model first, with its label code and no key needed, then the vendors', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-settings-'));
    const { providers } = (await start(vault('keychain'))).services.settings.view();
    expect(providers).toEqual([
      {
        name: 'demo',
        label: 'offline demo model',
        labelMessage: { code: 'provider.demoLabel', text: 'offline demo model' },
        needsApiKey: false,
        offline: true,
      },
      {
        name: 'openai-compatible',
        label: 'OpenAI-compatible API',
        labelMessage: { code: 'provider.openAiCompatibleName', text: 'OpenAI-compatible API' },
        needsApiKey: true,
        offline: false,
      },
      {
        name: 'anthropic',
        label: 'Anthropic',
        labelMessage: { code: 'provider.anthropicName', text: 'Anthropic' },
        needsApiKey: true,
        offline: false,
      },
    ]);
  });

  it('an entry point that registers none offers only the vendors’ providers, each needing a key', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-settings-'));
    // The generic first-run config: the demo shop's names the demo model, which this entry point lacks.
    core = await createTestCore({
      dataDir: dir,
      watchConfig: false,
      log: () => undefined,
      modelProviders: {},
      defaultConfigText: undefined,
    });
    const { providers } = core.services.settings.view();
    expect(providers.map(({ name, needsApiKey, offline }) => ({ name, needsApiKey, offline }))).toEqual([
      { name: 'openai-compatible', needsApiKey: true, offline: false },
      { name: 'anthropic', needsApiKey: true, offline: false },
    ]);
  });
});

describe('settings: a model that cannot be used', () => {
  it('carries "<provider> (not usable: …)" as a code, the provider\'s own failure nested as its code', () => {
    const config = {
      current: () => ({ agent: { model: { provider: 'anthropic' }, maxSteps: 8, approvalTimeoutMs: 60_000 } }),
      snapshot: () => ({ dataDir: '/d', path: '/d/switchboard.yaml' }),
    };
    const secrets = { get: () => undefined, problem: () => undefined, canStore: false, storage: 'environment' };
    const failing = (error: Error) => () => {
      throw error;
    };
    const view = service(
      config,
      secrets,
      failing(new ProviderError('config', say('provider.noApiKey', { label: 'm via h' }))),
    ).view();
    expect(view.model.label).toBe('anthropic (not usable: m via h: no API key is set)');
    expect(view.model.labelMessage).toEqual({
      code: 'provider.notUsable',
      params: { provider: 'anthropic', detail: { code: 'provider.noApiKey', params: { label: 'm via h' } } },
      text: view.model.label,
    });
    // Any other failure is inserted as its words.
    const plain = service(config, secrets, failing(new Error('boom'))).view();
    expect(plain.model.labelMessage).toEqual({
      code: 'provider.notUsable',
      params: { provider: 'anthropic', detail: 'boom' },
      text: 'anthropic (not usable: boom)',
    });
  });

  it('names the offline demo model as a code, so the console says it in its language (issue 30)', () => {
    const config = {
      current: () => ({ agent: { model: { provider: 'demo' }, maxSteps: 8, approvalTimeoutMs: 60_000 } }),
      snapshot: () => ({ dataDir: '/d', path: '/d/switchboard.yaml' }),
    };
    const secrets = { get: () => undefined, problem: () => undefined, canStore: false, storage: 'environment' };
    // The code is the registered provider's own (the demo shop's), not a provider name the service knows.
    const demo = demoModelProviders.demo!.create({ provider: 'demo' }, undefined, {});
    const view = service(config, secrets, () => demo).view();
    expect(view.model.label).toBe('offline demo model');
    expect(view.model.labelMessage).toEqual({ code: 'provider.demoLabel', text: 'offline demo model' });
    // A provider with no code of its own keeps its label as words.
    expect(service(config, secrets, () => 'qwen via localhost').view().model).not.toHaveProperty('labelMessage');
  });
});
