import type { SafeStorage } from 'electron';
import type { KeyVault } from '../core/secrets';

export type SafeStoragePort = Pick<
  SafeStorage,
  | 'isAsyncEncryptionAvailable'
  | 'encryptStringAsync'
  | 'decryptStringAsync'
  | 'getSelectedStorageBackend'
  | 'setUsePlainTextEncryption'
>;

/**
 * Electron's async safeStorage as the core's KeyVault, or undefined where it can't encrypt at all (the
 * environment is used then). On Linux without a keyring Electron selects `basic_text`: encryption with a key
 * built into Electron. That is reported as `no-keyring`, and switched on only with the operator's consent.
 */
export async function desktopKeyVault(
  safeStorage: SafeStoragePort,
  platform: NodeJS.Platform,
): Promise<KeyVault | undefined> {
  // Initialises the async encryptor (and, on Linux, picks the backend reported below).
  const available = await safeStorage.isAsyncEncryptionAvailable();
  const cipher: KeyVault['cipher'] = {
    encrypt: (plain) => safeStorage.encryptStringAsync(plain),
    decrypt: async (sealed) => {
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(sealed);
      return { value: result, reseal: shouldReEncrypt };
    },
  };
  if (platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text')
    return { storage: 'no-keyring', cipher, usePlainText: () => safeStorage.setUsePlainTextEncryption(true) };
  return available ? { storage: 'keychain', cipher, usePlainText: () => undefined } : undefined;
}
