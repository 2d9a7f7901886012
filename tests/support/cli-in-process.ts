import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { buildProgram } from '../../src/main/cli/program';

export interface CliOutput {
  out: string;
  err: string;
  /** The exit code the command left in process.exitCode (reset after each run). */
  code: number | undefined;
}

export interface CliDataDir {
  dir: string;
  /** `<dir>/switchboard.yaml`. */
  config: string;
  /** `switchboard ARGS… --config <config> --data-dir <dir>`, in this process (the program as `bin/switchboard` builds it). */
  run(...args: string[]): Promise<CliOutput>;
  remove(): Promise<void>;
}

/** A fresh data directory whose switchboard.yaml is `config`, and the CLI run against it. */
export async function cliDataDir(prefix: string, config: unknown): Promise<CliDataDir> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const configFile = join(dir, 'switchboard.yaml');
  await writeFile(configFile, stringify(config));
  return {
    dir,
    config: configFile,
    async run(...args) {
      const out: string[] = [];
      const err: string[] = [];
      process.exitCode = undefined;
      try {
        await buildProgram({ stdout: (l) => out.push(l), stderr: (l) => err.push(l) }).parseAsync([
          'node',
          'switchboard',
          ...args,
          '--config',
          configFile,
          '--data-dir',
          dir,
        ]);
        return { out: out.join('\n'), err: err.join('\n'), code: process.exitCode as number | undefined };
      } finally {
        process.exitCode = undefined;
      }
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
