import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEncryptedSecrets, environmentSecrets, type StringCipher } from './secrets';

/** A reversible stand-in for safeStorage that is visibly not plaintext, and counts its use. */
function fakeCipher() {
  const calls = { encrypt: 0, decrypt: 0 };
  const cipher: StringCipher = {
    encrypt: (plain) => (calls.encrypt++, Buffer.from(`sealed:${[...plain].reverse().join('')}`)),
    decrypt: (sealed) => {
      calls.decrypt++;
      const text = sealed.toString();
      if (!text.startsWith('sealed:')) throw new Error('not ours');
      return [...text.slice(7)].reverse().join('');
    },
  };
  return { cipher, calls };
}

const KEY = 'sk-live-0123456789abcdef';
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-secrets-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});
const file = () => join(dir, 'secrets.json');

describe('encrypted secret store', () => {
  it('stores only ciphertext, reads it back, and a new instance (restart) still has it', async () => {
    const { cipher, calls } = fakeCipher();
    const store = await createEncryptedSecrets(dir, cipher, {});
    expect(store.canStore).toBe(true);
    await store.set('OPENAI_API_KEY', KEY);
    expect(store.get('OPENAI_API_KEY')).toBe(KEY);
    const onDisk = readFileSync(file(), 'utf8');
    expect(onDisk).not.toContain(KEY);
    expect(Buffer.from(JSON.parse(onDisk).OPENAI_API_KEY, 'base64').toString()).toMatch(/^sealed:/);
    expect(calls.encrypt).toBe(1);
    if (process.platform !== 'win32') expect(statSync(file()).mode & 0o077).toBe(0); // owner-only
    const restarted = await createEncryptedSecrets(dir, fakeCipher().cipher, {});
    expect(restarted.get('OPENAI_API_KEY')).toBe(KEY);
  });

  it('the environment wins over a stored key, without touching the store', async () => {
    const { cipher, calls } = fakeCipher();
    const env: NodeJS.ProcessEnv = {};
    const store = await createEncryptedSecrets(dir, cipher, env);
    await store.set('OPENAI_API_KEY', KEY);
    env.OPENAI_API_KEY = 'from-env';
    const decryptsBefore = calls.decrypt;
    expect(store.get('OPENAI_API_KEY')).toBe('from-env');
    expect(calls.decrypt).toBe(decryptsBefore);
    env.OPENAI_API_KEY = ''; // empty counts as unset
    expect(store.get('OPENAI_API_KEY')).toBe(KEY);
  });

  it('an empty value clears the key from memory and from disk; other keys survive', async () => {
    const store = await createEncryptedSecrets(dir, fakeCipher().cipher, {});
    await store.set('OPENAI_API_KEY', KEY);
    await store.set('ANTHROPIC_API_KEY', 'sk-ant-1');
    await store.set('OPENAI_API_KEY', '');
    expect(store.get('OPENAI_API_KEY')).toBeUndefined();
    expect(store.get('ANTHROPIC_API_KEY')).toBe('sk-ant-1');
    expect(Object.keys(JSON.parse(readFileSync(file(), 'utf8')))).toEqual(['ANTHROPIC_API_KEY']);
    // No backup copy keeps the cleared key's ciphertext around.
    const sealed = fakeCipher().cipher.encrypt(KEY).toString('base64');
    for (const name of readdirSync(dir)) expect(readFileSync(join(dir, name), 'utf8'), name).not.toContain(sealed);
    expect((await createEncryptedSecrets(dir, fakeCipher().cipher, {})).get('OPENAI_API_KEY')).toBeUndefined();
  });

  it('a corrupt file or an entry the keychain cannot open reads as "no key", never as a crash or garbage', async () => {
    for (const text of ['{not json', 'null', '[]', '"x"', '42']) {
      writeFileSync(file(), text);
      expect((await createEncryptedSecrets(dir, fakeCipher().cipher, {})).get('OPENAI_API_KEY'), text).toBeUndefined();
    }
    writeFileSync(file(), JSON.stringify({ OPENAI_API_KEY: Buffer.from('foreign ciphertext').toString('base64') }));
    const store = await createEncryptedSecrets(dir, fakeCipher().cipher, {});
    expect(store.get('OPENAI_API_KEY')).toBeUndefined();
    await store.set('OPENAI_API_KEY', KEY); // and it can be replaced
    expect(store.get('OPENAI_API_KEY')).toBe(KEY);
  });

  it('the environment-only store (headless) cannot store and reads only the environment', async () => {
    const store = environmentSecrets({ OPENAI_API_KEY: 'env-key', EMPTY: '' });
    expect(store.canStore).toBe(false);
    expect(store.get('OPENAI_API_KEY')).toBe('env-key');
    expect(store.get('EMPTY')).toBeUndefined();
    await expect(store.set('OPENAI_API_KEY', 'x')).rejects.toThrow(/environment/);
    expect(store.get('OPENAI_API_KEY')).toBe('env-key');
  });
});
