import { describe, expect, it } from 'vitest';
import { desktopKeyVault, type SafeStoragePort } from './safe-storage';

/** Electron's safeStorage as a port: which backend Linux picked, whether the async encryptor is available. */
function fakeSafeStorage(backend: ReturnType<SafeStoragePort['getSelectedStorageBackend']>, available: boolean) {
  const calls: string[] = [];
  const port: SafeStoragePort = {
    isAsyncEncryptionAvailable: async () => (calls.push('available'), available),
    encryptStringAsync: async (plain) => (calls.push('encrypt'), Buffer.from(`x${plain}`)),
    decryptStringAsync: async (sealed) => (
      calls.push('decrypt'),
      { result: sealed.toString().slice(1), shouldReEncrypt: true }
    ),
    getSelectedStorageBackend: () => (calls.push('backend'), backend),
    setUsePlainTextEncryption: (on) => void calls.push(`plainText:${on}`),
  };
  return { port, calls };
}

describe('desktop key vault (safeStorage, async API)', () => {
  it('uses the async API and passes re-encryption requests on', async () => {
    const { port, calls } = fakeSafeStorage('gnome_libsecret', true);
    const vault = (await desktopKeyVault(port, 'linux'))!;
    expect(vault.storage).toBe('keychain');
    const sealed = await vault.cipher.encrypt('sk');
    expect(await vault.cipher.decrypt(sealed)).toEqual({ value: 'sk', reseal: true });
    expect(calls).toEqual(['available', 'backend', 'encrypt', 'decrypt']);
  });

  it("reports Linux's basic_text backend as no keyring, and switches to plain text only when asked", async () => {
    const { port, calls } = fakeSafeStorage('basic_text', false);
    const vault = (await desktopKeyVault(port, 'linux'))!;
    expect(vault.storage).toBe('no-keyring');
    expect(calls).not.toContain('plainText:true');
    vault.usePlainText();
    expect(calls.at(-1)).toBe('plainText:true');
  });

  it('macOS and Windows: the keychain when available; otherwise none (the environment is used)', async () => {
    expect((await desktopKeyVault(fakeSafeStorage('unknown', true).port, 'darwin'))?.storage).toBe('keychain');
    const { port, calls } = fakeSafeStorage('unknown', false);
    expect(await desktopKeyVault(port, 'win32')).toBeUndefined();
    expect(calls).not.toContain('backend'); // a Linux-only call
  });
});
