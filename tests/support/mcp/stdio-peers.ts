import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appRoot } from '../../../src/main/core/paths';

/** @modelcontextprotocol/server-everything over stdio, started with this very node binary. */
export const EVERYTHING_SERVER = {
  command: process.execPath,
  args: [join(appRoot(), 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js'), 'stdio'],
};

/** Our stdio fixture: print_env (what environment it got), crash (exits), and stderr output. */
export const STDIO_FIXTURE = {
  command: process.execPath,
  args: [join(dirname(fileURLToPath(import.meta.url)), 'stdio-fixture-server.mjs')],
};

/** A tool with a title and icons (one shown, two withheld) and an audio result: play_chime; and plain_tool. */
export const MEDIA_FIXTURE = {
  command: process.execPath,
  args: [join(dirname(fileURLToPath(import.meta.url)), 'media-fixture-server.mjs')],
};

/** Whether a process (a stdio server's child) is still running. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
