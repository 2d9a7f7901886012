import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { CONFIG_FILE_NAME } from '../core/config/config-store';
import { defaultDataDir, resolveDataDir } from '../core/paths';
import type { CliIo } from './io';

/** The words for a config that is not there: a --config must name a file; only the data directory's own is ever created. */
export const missingConfigText = (path: string): string =>
  `no config file at ${path} (--config must name an existing file; only the data directory's switchboard.yaml is created, on the first run of the app, serve, chat or test)`;

/**
 * A `--config` given on the command line must exist: a mistyped path would otherwise run against a freshly written
 * demo config and pass. Says so with exit code 2 and gives false; true when there is no --config or the file is there.
 */
export async function explicitConfigExists(config: string | undefined, io: CliIo): Promise<boolean> {
  return config === undefined || configFileExists(resolve(config), io);
}

/** The config file at `path` is there; else that is said (exit code 2) and false. Read nothing, write nothing. */
export async function configFileExists(path: string, io: CliIo): Promise<boolean> {
  const found = await stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
  if (found) return true;
  io.stderr(missingConfigText(path));
  process.exitCode = 2;
  return false;
}

export function defaultConfigPath(env: NodeJS.ProcessEnv = process.env, dataDir?: string): string {
  return join(resolveDataDir(dataDir, env, defaultDataDir()), CONFIG_FILE_NAME);
}

/** The config a one-shot command reads: --config, else switchboard.yaml in --data-dir, $SWITCHBOARD_DATA_DIR or ~/.switchboard. */
export const configPathOf = (
  opts: { config?: string; dataDir?: string },
  env: NodeJS.ProcessEnv = process.env,
): string => (opts.config ? resolve(opts.config) : defaultConfigPath(env, opts.dataDir));
