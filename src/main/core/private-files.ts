import { chmod, mkdir, readdir, stat } from 'node:fs/promises';

/** Owner read/write only: records, conversations and the config hold end users' data and header values. */
export const PRIVATE_FILE = 0o600;
export const PRIVATE_DIR = 0o700;

/** Makes `dir` (and missing parents) owner-only; a directory of ours found open to others is tightened. */
export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
  if (process.platform === 'win32') return; // ACLs, not mode bits
  const { mode } = await stat(dir);
  if ((mode & 0o077) !== 0) await chmod(dir, PRIVATE_DIR);
}

/**
 * The data directory: made owner-only when we create it. One that already exists is tightened only when it
 * is clearly a Switchboard data directory (empty, or holding our config): `--data-dir /tmp` must not chmod /tmp.
 */
export async function makePrivateDataDir(dir: string, configName: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
  if (process.platform === 'win32') return;
  const entries = await readdir(dir);
  if (entries.length === 0 || entries.includes(configName)) {
    const { mode } = await stat(dir);
    if ((mode & 0o077) !== 0) await chmod(dir, PRIVATE_DIR);
  }
}
