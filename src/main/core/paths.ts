import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `--data-dir` beats SWITCHBOARD_DATA_DIR beats the entry's own default. */
export function resolveDataDir(flag: string | undefined, env: NodeJS.ProcessEnv, fallback: string): string {
  const chosen = flag || env.SWITCHBOARD_DATA_DIR || fallback;
  return resolve(chosen.startsWith('~/') ? join(homedir(), chosen.slice(2)) : chosen);
}

/** The one data directory the desktop app and the headless console share, so switching keeps config, history and pins. */
export const defaultDataDir = (home: string = homedir()): string => join(home, '.switchboard');

/** The folder holding package.json, whether we run from src (tsx, vitest) or from the bundle in out/. */
export function appRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return from;
    dir = parent;
  }
}
