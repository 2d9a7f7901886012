import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';

/** Where API keys come from. Electron implements it with safeStorage; headless reads the environment only. */
export interface SecretStore {
  readonly canStore: boolean;
  get(name: string): string | undefined;
  set(name: string, value: string): Promise<void>;
}

export const environmentSecrets = (env: NodeJS.ProcessEnv = process.env): SecretStore => ({
  canStore: false,
  get: (name) => env[name] || undefined,
  async set() {
    throw new Error('this console cannot store keys: set the environment variable instead');
  },
});

/** The crypto half of Electron's safeStorage, as a port so core never imports electron. */
export interface StringCipher {
  encrypt(plain: string): Buffer;
  decrypt(cipher: Buffer): string;
}

/** Keys encrypted by the OS keychain (through `cipher`) in <dataDir>/secrets.json; the environment still wins. */
export async function createEncryptedSecrets(dataDir: string, cipher: StringCipher, env = process.env): Promise<SecretStore> {
  const path = join(dataDir, 'secrets.json');
  let stored: Record<string, string> = {};
  try {
    const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
    // `null` or an array parsed fine and then made every get() throw.
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) stored = parsed as Record<string, string>;
  } catch {
    stored = {};
  }
  return {
    canStore: true,
    get(name) {
      if (env[name]) return env[name];
      const sealed = stored[name];
      if (!sealed) return undefined;
      try {
        return cipher.decrypt(Buffer.from(sealed, 'base64'));
      } catch {
        return undefined;
      }
    },
    async set(name, value) {
      const next = { ...stored };
      if (value) next[name] = cipher.encrypt(value).toString('base64');
      else delete next[name];
      // Atomic, owner-only, and no .bak: a backup kept a cleared key's ciphertext on disk.
      await writeFileAtomic(path, JSON.stringify(next, null, 2), { encoding: 'utf8', fsync: true, mode: 0o600 });
      await rm(`${path}.bak`, { force: true }); // left by earlier versions
      stored = next;
    },
  };
}

export function defaultApiKeyEnv(provider: string): string {
  return provider === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY';
}
