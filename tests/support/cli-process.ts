import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { appRoot } from '../../src/main/core/paths';

/** The CLI's entry, run from source as `bin/switchboard.mjs` does before the first build. */
export const CLI_ENTRY = join(appRoot(), 'src', 'main', 'cli.ts');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `switchboard ARGS…` as an operator runs it: a real child process with its own environment (a HOME of the
 * test's, so the real ~/.switchboard is never touched). `shell` pipes its stdout into a shell command (`| head -1`).
 */
export function runCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  options: { timeoutMs?: number } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI_ENTRY, ...args], {
      cwd: appRoot(),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** An environment for a CLI child: the parent's, with HOME (and so ~/.switchboard) moved, and no data-dir override. */
export function cliEnv(home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, USERPROFILE: home, BROWSER: 'none', ...extra };
  if (!('SWITCHBOARD_DATA_DIR' in extra)) delete env.SWITCHBOARD_DATA_DIR;
  return env;
}
