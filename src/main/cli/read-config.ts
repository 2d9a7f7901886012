import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { SwitchboardConfig } from '../../shared/config/schema';
import { parseConfigText } from '../core/config/parse-config';
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

/**
 * Reads and validates a config file for a one-shot command. An unreadable or invalid file is reported (each
 * problem with its path and line) with exit code 2, and gives undefined.
 */
export async function readConfigFile(path: string, io: CliIo): Promise<SwitchboardConfig | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    io.stderr(code === 'ENOENT' ? missingConfigText(path) : `cannot read ${path}: ${code ?? (error as Error).message}`);
    process.exitCode = 2;
    return undefined;
  }
  const parsed = parseConfigText(text);
  if (!parsed.ok) {
    io.stderr(`${path} is not a valid Switchboard config:`);
    for (const p of parsed.problems)
      io.stderr(
        `  ${p.path || '(root)'}${p.line ? ` (line ${p.line}${p.column ? `:${p.column}` : ''})` : ''}: ${p.message}${p.followsFromLine ? ` (may follow from the error on line ${p.followsFromLine})` : ''}`,
      );
    process.exitCode = 2;
    return undefined;
  }
  return parsed.config;
}
