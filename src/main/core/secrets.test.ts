import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEncryptedSecrets, createOwnerOnlyFileSecrets, environmentSecrets, type KeyVault } from './secrets';

/** A reversible stand-in for safeStorage that is visibly not plaintext, and counts its use. */
function fakeCipher(storage: KeyVault['storage'] = 'keychain') {
  const calls = { encrypt: 0, decrypt: 0, plainText: 0 };
  const encryptSync = (plain: string) => Buffer.from(`sealed:${[...plain].reverse().join('')}`);
  const vault: KeyVault & { encryptSync: typeof encryptSync } = {
    storage,
    encryptSync,
    cipher: {
      encrypt: async (plain) => (calls.encrypt++, encryptSync(plain)),
      decrypt: async (sealed) => {
        calls.decrypt++;
        const text = sealed.toString();
        if (!text.startsWith('sealed:')) throw new Error('not ours');
        return { value: [...text.slice(7)].reverse().join('') };
      },
    },
    usePlainText: () => void calls.plainText++,
  };
  return { cipher: vault, calls };
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
    expect(Buffer.from(JSON.parse(onDisk).keys.OPENAI_API_KEY, 'base64').toString()).toMatch(/^sealed:/);
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
    expect(calls.decrypt).toBe(decryptsBefore); // decrypted once, at open, never per read
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
    expect(Object.keys(JSON.parse(readFileSync(file(), 'utf8')).keys)).toEqual(['ANTHROPIC_API_KEY']);
    // No backup copy keeps the cleared key's ciphertext around.
    const sealed = fakeCipher().cipher.encryptSync(KEY).toString('base64');
    for (const name of readdirSync(dir)) expect(readFileSync(join(dir, name), 'utf8'), name).not.toContain(sealed);
    expect((await createEncryptedSecrets(dir, fakeCipher().cipher, {})).get('OPENAI_API_KEY')).toBeUndefined();
  });

  it('a corrupt file reads as "no key"; a key the keychain cannot open is reported, and entering it again clears that', async () => {
    for (const text of ['{not json', 'null', '[]', '"x"', '42', '{"keys": 7}']) {
      writeFileSync(file(), text);
      const store = await createEncryptedSecrets(dir, fakeCipher().cipher, {});
      expect(store.get('OPENAI_API_KEY'), text).toBeUndefined();
      expect(store.problem('OPENAI_API_KEY'), text).toBeUndefined();
    }
    writeFileSync(
      file(),
      JSON.stringify({ keys: { OPENAI_API_KEY: Buffer.from('foreign ciphertext').toString('base64') } }),
    );
    const store = await createEncryptedSecrets(dir, fakeCipher().cipher, {});
    expect(store.get('OPENAI_API_KEY')).toBeUndefined();
    expect(store.problem('OPENAI_API_KEY')).toEqual({
      code: 'secrets.storedUndecryptable',
      params: { detail: 'not ours' },
      text: 'the stored key could not be decrypted (not ours); enter it again',
    });
    await store.set('OPENAI_API_KEY', KEY); // re-entered
    expect(store.get('OPENAI_API_KEY')).toBe(KEY);
    expect(store.problem('OPENAI_API_KEY')).toBeUndefined();
  });

  it('reads the earlier flat file format, and re-seals a key the OS asks to re-encrypt', async () => {
    const { cipher } = fakeCipher();
    writeFileSync(file(), JSON.stringify({ OPENAI_API_KEY: cipher.encryptSync(KEY).toString('base64') }));
    expect((await createEncryptedSecrets(dir, cipher, {})).get('OPENAI_API_KEY')).toBe(KEY);

    const rotating = fakeCipher();
    const decrypt = rotating.cipher.cipher.decrypt;
    rotating.cipher.cipher.decrypt = async (sealed) => ({ ...(await decrypt(sealed)), reseal: true });
    await createEncryptedSecrets(dir, rotating.cipher, {});
    expect(rotating.calls.encrypt).toBe(1);
    expect(JSON.parse(readFileSync(file(), 'utf8'))).toEqual({
      keys: { OPENAI_API_KEY: cipher.encryptSync(KEY).toString('base64') },
    });
  });

  it('without a keyring: stores nothing without consent; with it, switches to plain text and remembers that', async () => {
    const { cipher, calls } = fakeCipher('no-keyring');
    const store = await createEncryptedSecrets(dir, cipher, {});
    expect(store.storage).toBe('no-keyring');
    expect(store.canStore).toBe(false);
    await expect(store.set('OPENAI_API_KEY', KEY)).rejects.toThrow(/no keyring: storing the key needs your consent/);
    expect(calls).toEqual({ encrypt: 0, decrypt: 0, plainText: 0 });
    expect(() => readFileSync(file())).toThrow();

    await store.set('OPENAI_API_KEY', KEY, { allowPlainText: true });
    expect(calls.plainText).toBe(1); // switched before the first encryption
    expect(store.storage).toBe('plain-text');
    expect(store.get('OPENAI_API_KEY')).toBe(KEY);
    expect(JSON.parse(readFileSync(file(), 'utf8')).plainTextConsent).toBe(true);

    // The next start remembers the consent and opens the key.
    const next = fakeCipher('no-keyring');
    const restarted = await createEncryptedSecrets(dir, next.cipher, {});
    expect(next.calls.plainText).toBe(1);
    expect(restarted.storage).toBe('plain-text');
    expect(restarted.get('OPENAI_API_KEY')).toBe(KEY);
  });

  it('without a keyring and without consent, a key found on disk is not opened: it is reported', async () => {
    writeFileSync(
      file(),
      JSON.stringify({ keys: { OPENAI_API_KEY: fakeCipher().cipher.encryptSync(KEY).toString('base64') } }),
    );
    const { cipher, calls } = fakeCipher('no-keyring');
    const store = await createEncryptedSecrets(dir, cipher, {});
    expect(store.get('OPENAI_API_KEY')).toBeUndefined();
    expect(store.problem('OPENAI_API_KEY')).toMatchObject({
      code: 'secrets.storedNoKeyring',
      text: expect.stringMatching(/no keyring to open it; enter it again/),
    });
    expect(calls).toEqual({ encrypt: 0, decrypt: 0, plainText: 0 });
  });

  it('the environment-only store (headless) cannot store and reads only the environment', async () => {
    const store = environmentSecrets({ OPENAI_API_KEY: 'env-key', EMPTY: '' });
    expect(store.canStore).toBe(false);
    expect(store.storage).toBe('environment');
    expect(store.get('OPENAI_API_KEY')).toBe('env-key');
    expect(store.get('EMPTY')).toBeUndefined();
    await expect(store.set('OPENAI_API_KEY', 'x')).rejects.toThrow(/environment/);
    expect(store.get('OPENAI_API_KEY')).toBe('env-key');
  });
});

describe('owner-only file store (OAuth tokens headless and in the CLI)', () => {
  const path = () => join(dir, 'oauth-tokens.json');

  it('writes mode 0600, reads back after a restart, and an empty value deletes', async () => {
    const store = createOwnerOnlyFileSecrets(path());
    expect(store.canStore).toBe(true);
    await store.set('oauth/tracker', '{"tokens":1}');
    if (process.platform !== 'win32') expect(statSync(path()).mode & 0o777).toBe(0o600);
    expect(createOwnerOnlyFileSecrets(path()).get('oauth/tracker')).toBe('{"tokens":1}');
    await store.set('oauth/tracker', '');
    expect(JSON.parse(readFileSync(path(), 'utf8'))).toEqual({});
  });

  it('sees what another process wrote, and a write keeps the other process’s entries', async () => {
    const console_ = createOwnerOnlyFileSecrets(path());
    const cli = createOwnerOnlyFileSecrets(path());
    await console_.set('oauth/a', 'A');
    await new Promise((resolve) => setTimeout(resolve, 20)); // a distinct mtime
    await cli.set('oauth/b', 'B');
    expect(console_.get('oauth/b')).toBe('B');
    await console_.set('oauth/a', 'A2');
    expect(JSON.parse(readFileSync(path(), 'utf8'))).toEqual({ 'oauth/a': 'A2', 'oauth/b': 'B' });
  });

  it('a damaged file reads as empty instead of throwing', () => {
    writeFileSync(path(), '[1,2');
    expect(createOwnerOnlyFileSecrets(path()).get('oauth/a')).toBeUndefined();
  });
});
