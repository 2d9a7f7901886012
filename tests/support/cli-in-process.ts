import { buildProgram } from '../../src/main/cli/program';
import { configDir, type ConfigDir } from './config-dir';

export interface CliOutput {
  out: string;
  err: string;
  /** The exit code the command left in process.exitCode (reset after each run). */
  code: number | undefined;
}

export interface CliDataDir extends ConfigDir {
  /** `switchboard ARGS… --config <config> --data-dir <dir>`, in this process (the program as `bin/switchboard` builds it). */
  run(...args: string[]): Promise<CliOutput>;
}

/** A fresh data directory whose switchboard.yaml is `config`, and the CLI run against it. */
export async function cliDataDir(prefix: string, config: unknown): Promise<CliDataDir> {
  const folder = await configDir(prefix, config);
  return {
    ...folder,
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
          folder.config,
          '--data-dir',
          folder.dir,
        ]);
        return { out: out.join('\n'), err: err.join('\n'), code: process.exitCode as number | undefined };
      } finally {
        process.exitCode = undefined;
      }
    },
  };
}
