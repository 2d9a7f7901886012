import { randomBytes } from 'node:crypto';
import { chmod, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { PRIVATE_FILE } from './core/private-files';

/** The headless console's access token, one per data directory, so its URL (and a bookmark of it) survives a restart. */
export const CONSOLE_TOKEN_FILE = 'console-token';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{24,128}$/;

export interface ConsoleToken {
  token: string;
  path: string;
  /** Made this run: the first start in this data directory, `--new-token`, or the file held no usable token. */
  created: boolean;
}

/**
 * Reads the token kept in `<dataDir>/console-token` (owner-only, mode 0600), or makes one. `rotate` (`serve
 * --new-token`) always makes a new one, so every URL printed before stops working. A file others can read is
 * tightened; one that does not hold a token is replaced.
 */
export async function loadConsoleToken(dataDir: string, options: { rotate?: boolean } = {}): Promise<ConsoleToken> {
  const path = join(dataDir, CONSOLE_TOKEN_FILE);
  if (!options.rotate) {
    const existing = await readFile(path, 'utf8').then(
      (text) => text.trim(),
      () => undefined,
    );
    if (existing !== undefined && TOKEN_SHAPE.test(existing)) {
      if (process.platform !== 'win32' && ((await stat(path)).mode & 0o077) !== 0) await chmod(path, PRIVATE_FILE);
      return { token: existing, path, created: false };
    }
  }
  const token = randomBytes(24).toString('base64url');
  await writeFileAtomic(path, `${token}\n`, { encoding: 'utf8', fsync: true, mode: PRIVATE_FILE });
  return { token, path, created: true };
}
