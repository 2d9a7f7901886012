import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestCore, type TestCore } from '../../../../tests/support/core';
import { createEncryptedSecrets, type KeyVault } from '../../core/secrets';
import { ProviderError } from '../../core/providers/types';
import type { Settings } from '../../../shared/contract';
import { say } from '../../../shared/messages';
import { createSettingsHandlers } from './settings-handlers';

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
const request = (c: TestCore, route: string, input: unknown) => c.dispatch(route, input, { transport: 'internal' });

describe('settings: API keys on the desktop', () => {
  it('without a keyring: refuses to store without consent, stores with it, and says where the key lives', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-settings-'));
    const v = vault('no-keyring');
    const c = await start(v);
    expect(await request(c, 'settings.get', {})).toMatchObject({
      ok: true,
      data: { apiKey: { storage: 'no-keyring', canStore: false, set: false } },
    });
    const refused = await request(c, 'settings.setApiKey', { apiKey: 'sk-1' });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'bad_request', message: expect.stringMatching(/no keyring: storing the key needs your consent/) },
    });
    expect(v.plainText).toBe(false);
    const stored = await request(c, 'settings.setApiKey', { apiKey: 'sk-1', allowPlainText: true });
    expect(stored).toMatchObject({
      ok: true,
      data: { set: true, source: 'stored', storage: 'plain-text', canStore: true },
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
    expect(await request(c, 'settings.get', {})).toMatchObject({
      ok: true,
      data: {
        apiKey: {
          set: false,
          problem: 'the stored key could not be decrypted (the keyring refused); enter it again',
          problemMessage: { code: 'secrets.storedUndecryptable', params: { detail: 'the keyring refused' } },
        },
      },
    });
    const again = await request(c, 'settings.setApiKey', { apiKey: 'sk-2' });
    expect(again).toMatchObject({ ok: true, data: { set: true, storage: 'keychain' } });
    expect((again as { data: object }).data).not.toHaveProperty('problem');
    expect((again as { data: object }).data).not.toHaveProperty('problemMessage');
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
    const coded = createSettingsHandlers(
      config as never,
      secrets as never,
      failing(new ProviderError('config', say('provider.noApiKey', { label: 'm via h' }))),
    );
    const view = coded['settings.get']({}, {} as never) as Settings;
    expect(view.model.label).toBe('anthropic (not usable: m via h: no API key is set)');
    expect(view.model.labelMessage).toEqual({
      code: 'provider.notUsable',
      params: { provider: 'anthropic', detail: { code: 'provider.noApiKey', params: { label: 'm via h' } } },
      text: view.model.label,
    });
    // Any other failure is inserted as its words.
    const plain = createSettingsHandlers(config as never, secrets as never, failing(new Error('boom')))['settings.get'](
      {},
      {} as never,
    ) as Settings;
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
    const view = createSettingsHandlers(config as never, secrets as never, () => 'offline demo model')['settings.get'](
      {},
      {} as never,
    ) as Settings;
    expect(view.model.label).toBe('offline demo model');
    expect(view.model.labelMessage).toEqual({ code: 'provider.demoLabel', text: 'offline demo model' });
  });
});
