import type { KeyVault } from '../core/secrets';
import type { ThreadLink } from './thread-link';

/** The main thread's side: its KeyVault (Electron's safeStorage) answers the core thread's seal and open. */
export function serveHostVault(link: ThreadLink, vault: KeyVault): void {
  link.onNotice('vault.usePlainText', () => vault.usePlainText());
  link.serve({
    'vault.encrypt': async (plain: string) => new Uint8Array(await vault.cipher.encrypt(plain)),
    'vault.decrypt': (sealed: Uint8Array) => vault.cipher.decrypt(Buffer.from(sealed)),
  });
}

/** The core thread's side: a KeyVault whose cipher runs on the main thread. */
export function vaultThroughHost(link: ThreadLink, storage: KeyVault['storage']): KeyVault {
  return {
    storage,
    cipher: {
      encrypt: async (plain) => Buffer.from(await link.call<Uint8Array>('vault.encrypt', plain)),
      decrypt: (sealed) => link.call('vault.decrypt', new Uint8Array(sealed)),
    },
    // A notice, ordered before any seal that follows it on the same port.
    usePlainText: () => link.notify('vault.usePlainText'),
  };
}
