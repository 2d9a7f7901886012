import { readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
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

/**
 * A plain JSON file readable by its owner only (mode 0600): where the headless console and the CLI keep
 * OAuth tokens, since they have no OS keychain. The file is re-read when another process (the CLI's
 * `auth login` beside a running console) changed it, and every write re-reads it first so neither
 * process drops the other's entries.
 */
export function createOwnerOnlyFileSecrets(path: string): SecretStore {
  let stored: Record<string, string> = {};
  let seenMtime = -1;
  const reload = () => {
    let mtime: number;
    try {
      mtime = statSync(path).mtimeMs;
    } catch {
      stored = {};
      seenMtime = -1;
      return;
    }
    if (mtime === seenMtime) return;
    seenMtime = mtime;
    try {
      const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
      stored = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string>) : {};
    } catch {
      stored = {};
    }
  };
  return {
    canStore: true,
    get(name) {
      reload();
      const value = stored[name];
      return typeof value === 'string' && value ? value : undefined;
    },
    async set(name, value) {
      reload();
      const next = { ...stored };
      if (value) next[name] = value;
      else delete next[name];
      await mkdir(dirname(path), { recursive: true });
      await writeFileAtomic(path, JSON.stringify(next, null, 2), { encoding: 'utf8', fsync: true, mode: 0o600 });
      stored = next;
      seenMtime = statSync(path).mtimeMs;
    },
  };
}
