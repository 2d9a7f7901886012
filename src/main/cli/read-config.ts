import { readFile } from 'node:fs/promises';
import type { SwitchboardConfig } from '../../shared/config/schema';
import { parseConfigText } from '../core/config/parse-config';
import type { CliIo } from './io';

/**
 * Reads and validates a config file for a one-shot command. An unreadable or invalid file is reported (each
 * problem with its path and line) with exit code 2, and gives undefined.
 */
export async function readConfigFile(path: string, io: CliIo): Promise<SwitchboardConfig | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    io.stderr(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    process.exitCode = 2;
    return undefined;
  }
  const parsed = parseConfigText(text);
  if (!parsed.ok) {
    io.stderr(`${path} is not a valid Switchboard config:`);
    for (const p of parsed.problems)
      io.stderr(`  ${p.path || '(root)'}${p.line ? ` (line ${p.line}${p.column ? `:${p.column}` : ''})` : ''}: ${p.message}${p.followsFromLine ? ` (may follow from the error on line ${p.followsFromLine})` : ''}`);
    process.exitCode = 2;
    return undefined;
  }
  return parsed.config;
}
