import { readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { Invalid, Unavailable } from './errors';
import { say } from '../../shared/messages';
import type { UiMessage } from '../../shared/i18n-message';
import { errorText } from '../../shared/error-text';

/**
 * Where a stored key would live:
 * - `keychain`: encrypted with a key the OS keeps (macOS Keychain, Windows DPAPI, libsecret/KWallet);
 * - `plain-text`: not protected by the OS: Electron's fallback the operator agreed to where there is no keyring
 *   (it encrypts with a key built into Electron), or an owner-only file (OAuth tokens in the headless console):
 *   anyone who can read the file can read the key;
 * - `no-keyring`: the same OS, before that consent: nothing is stored;
 * - `environment`: keys come from the environment only (the headless console, or no safeStorage at all).
 */
export type SecretStorage = 'keychain' | 'plain-text' | 'no-keyring' | 'environment';

/** Where API keys come from. Electron implements it with safeStorage; headless reads the environment only. */
export interface SecretStore {
  readonly storage: SecretStorage;
  /** A key can be stored now (keychain, or plain text after consent). */
  readonly canStore: boolean;
  get(name: string): string | undefined;
  /** Why the stored key can't be used (it did not decrypt), until it is entered again; undefined when fine. */
  problem(name: string): UiMessage | undefined;
  /** `allowPlainText`: the operator's explicit consent to Electron's plain-text fallback where there is no keyring. */
  set(name: string, value: string, options?: { allowPlainText?: boolean }): Promise<void>;
}

export const environmentSecrets = (env: NodeJS.ProcessEnv = process.env): SecretStore => ({
  storage: 'environment',
  canStore: false,
  get: (name) => env[name] || undefined,
  problem: () => undefined,
  async set() {
    throw new Unavailable(say('secrets.cannotStore'));
  },
});

/** The crypto half of Electron's async safeStorage, as a port so core never imports electron. */
export interface StringCipher {
  encrypt(plain: string): Promise<Buffer>;
  /** `reseal`: the OS rotated its key; encrypt the value again so it keeps opening. */
  decrypt(sealed: Buffer): Promise<{ value: string; reseal?: boolean }>;
}

/** What the host's safeStorage offers: a cipher, and whether it is backed by a keyring. */
export interface KeyVault {
  storage: 'keychain' | 'no-keyring';
  cipher: StringCipher;
  /** Switches the cipher to Electron's plain-text fallback (only after the operator's consent). */
  usePlainText(): void;
}

/** secrets.json: the sealed keys (base64) and whether the operator agreed to plain-text storage. */
interface SecretsFile {
  plainTextConsent?: true;
  keys: Record<string, string>;
}

/**
 * Keys sealed by `vault` in <dataDir>/secrets.json; the environment still wins. Every stored key is decrypted
 * once here, asynchronously (the sync safeStorage API is deprecated and blocks), so `get` stays synchronous.
 */
export async function createEncryptedSecrets(
  dataDir: string,
  vault: KeyVault,
  env = process.env,
): Promise<SecretStore> {
  const path = join(dataDir, 'secrets.json');
  let file = await readSecretsFile(path);
  let storage: SecretStorage = vault.storage;
  if (storage === 'no-keyring' && file.plainTextConsent) {
    vault.usePlainText();
    storage = 'plain-text';
  }
  const { plain, problems, resealed } = await openStoredKeys(file.keys, storage, vault);

  const save = async (next: SecretsFile) => {
    // Atomic, owner-only, and no .bak: a backup kept a cleared key's ciphertext on disk.
    await writeFileAtomic(path, JSON.stringify(next, null, 2), { encoding: 'utf8', fsync: true, mode: 0o600 });
    await rm(`${path}.bak`, { force: true }); // left by earlier versions
    file = next;
  };
  const seal = async (value: string) => (await vault.cipher.encrypt(value)).toString('base64');

  if (resealed.length > 0) {
    const keys = { ...file.keys };
    for (const name of resealed) keys[name] = await seal(plain.get(name)!);
    await save({ ...file, keys }).catch(() => undefined); // the old ciphertext still opens; try again next start
  }

  return {
    get storage() {
      return storage;
    },
    get canStore() {
      return storage === 'keychain' || storage === 'plain-text';
    },
    get(name) {
      return env[name] || plain.get(name);
    },
    problem(name) {
      return env[name] ? undefined : problems.get(name);
    },
    async set(name, value, options = {}) {
      let consent = file.plainTextConsent;
      if (value && storage === 'no-keyring') {
        if (!options.allowPlainText) throw new Invalid(say('secrets.noKeyring'));
        vault.usePlainText();
        storage = 'plain-text';
        consent = true;
      }
      const keys = { ...file.keys };
      if (value) keys[name] = await seal(value);
      else delete keys[name];
      await save({ ...(consent && { plainTextConsent: true }), keys });
      if (value) plain.set(name, value);
      else plain.delete(name);
      problems.delete(name);
    },
  };
}

/**
 * Decrypts every stored key: a key the cipher cannot open (or one stored while no keyring may be used) is a problem
 * of its own, the others still open. `resealed`: keys whose OS key rotated, to be sealed again.
 */
async function openStoredKeys(
  keys: Record<string, string>,
  storage: SecretStorage,
  vault: KeyVault,
): Promise<{ plain: Map<string, string>; problems: Map<string, UiMessage>; resealed: string[] }> {
  const plain = new Map<string, string>();
  const problems = new Map<string, UiMessage>();
  const resealed: string[] = [];
  for (const [name, sealed] of Object.entries(keys)) {
    if (storage === 'no-keyring') {
      // Never opened without consent: the cipher is not switched to plain text behind the operator's back.
      problems.set(name, say('secrets.storedNoKeyring'));
      continue;
    }
    try {
      const { value, reseal } = await vault.cipher.decrypt(Buffer.from(sealed, 'base64'));
      plain.set(name, value);
      if (reseal) resealed.push(name);
    } catch (error) {
      problems.set(name, say('secrets.storedUndecryptable', { detail: errorText(error) }));
    }
  }
  return { plain, problems, resealed };
}

/** Reads secrets.json, current or earlier format (a flat name -> sealed map); anything unreadable is empty. */
async function readSecretsFile(path: string): Promise<SecretsFile> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return { keys: {} };
  }
  // `null` or an array parsed fine and then made every read throw.
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { keys: {} };
  const record = parsed as Record<string, unknown>;
  const keys =
    record.keys && typeof record.keys === 'object' && !Array.isArray(record.keys)
      ? (record.keys as Record<string, unknown>)
      : 'keys' in record
        ? {}
        : record;
  return {
    ...(record.plainTextConsent === true && { plainTextConsent: true }),
    keys: Object.fromEntries(
      Object.entries(keys).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    ),
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
    // Not encrypted: readable by the owner's account only (what the headless console can offer OAuth tokens).
    storage: 'plain-text',
    canStore: true,
    problem: () => undefined,
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
