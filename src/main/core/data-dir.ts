import { cp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { makePrivateDir } from './private-files';
import { defaultDataDir, resolveDataDir } from './paths';

const CONFIG_FILE_NAME = 'switchboard.yaml';
/**
 * What Switchboard keeps in its data directory; nothing else there (Chromium's caches in userData) is ours to move.
 * Spelled out rather than imported from the stores, so the desktop entry resolves its data directory without
 * loading the core (data-dir.test.ts checks these against the stores' own names).
 */
export const DATA_ENTRIES = [
  CONFIG_FILE_NAME,
  `${CONFIG_FILE_NAME}.bak`,
  'pins.json',
  'cases.yaml',
  'secrets.json',
  'oauth-tokens.json',
  'records.jsonl',
  'conversations',
  'preferences.json',
  'launch-confirmations.json',
];

/**
 * Where earlier desktop versions kept their data: Electron's userData folder, named after the app (`switchboard`
 * from package.json in development, `Switchboard`, the product name, when packaged).
 */
export function legacyDesktopDataDirs(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string[] {
  const appData =
    platform === 'win32'
      ? (env.APPDATA ?? join(home, 'AppData', 'Roaming'))
      : platform === 'darwin'
        ? join(home, 'Library', 'Application Support')
        : (env.XDG_CONFIG_HOME ?? join(home, '.config'));
  return [join(appData, 'Switchboard'), join(appData, 'switchboard')];
}

export interface MigrationOutcome {
  /** The folder the data was moved from, if any. */
  from?: string;
  moved: string[];
}

/**
 * Moves what an earlier version wrote in `legacy` into `target`, once: only when `target` holds no Switchboard
 * data yet, from the first legacy folder that has a config. Where both hold data, `target` wins and the legacy
 * folder is left as it was (and said so in the log). A note in the legacy folder says where the data went.
 */
export async function migrateLegacyData(
  target: string,
  legacy: string[],
  log: (line: string) => void = () => undefined,
): Promise<MigrationOutcome> {
  const hasData = async (dir: string) => (await present(dir)).length > 0;
  const targetHasData = await hasData(target);
  for (const dir of legacy) {
    if (dir === target || !(await exists(join(dir, CONFIG_FILE_NAME)))) continue;
    if (targetHasData) {
      log(`[data] ${target} already holds Switchboard data; the earlier data in ${dir} was left where it is`);
      return { moved: [] };
    }
    await makePrivateDir(target); // owner-only, like every data directory the app makes
    const moved: string[] = [];
    for (const name of await present(dir)) {
      await move(join(dir, name), join(target, name));
      moved.push(name);
    }
    await writeFile(
      join(dir, 'switchboard-data-moved.txt'),
      `Switchboard's data (${moved.join(', ')}) moved to ${target} on ${new Date().toISOString()}.\n`,
    ).catch(() => undefined);
    log(`[data] moved ${moved.join(', ')} from ${dir} to ${target}`);
    return { from: dir, moved };
  }
  return { moved: [] };
}

/**
 * The data directory for an entry point: `--data-dir` beats SWITCHBOARD_DATA_DIR beats the shared default, which
 * first takes over what earlier desktop versions left in their own folder.
 */
export async function openDataDir(
  flag: string | undefined,
  env: NodeJS.ProcessEnv,
  log?: (line: string) => void,
  legacy: string[] = legacyDesktopDataDirs(),
): Promise<string> {
  if (flag || env.SWITCHBOARD_DATA_DIR) return resolveDataDir(flag, env, '');
  const dir = defaultDataDir();
  await migrateLegacyData(dir, legacy, log);
  return dir;
}

async function present(dir: string): Promise<string[]> {
  try {
    const names = new Set(await readdir(dir));
    return DATA_ENTRIES.filter((name) => names.has(name));
  } catch {
    return [];
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** A rename where both are on one file system; a copy then a delete across file systems. */
async function move(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true, errorOnExist: true, force: false, preserveTimestamps: true });
    await rm(from, { recursive: true, force: true });
  }
}
