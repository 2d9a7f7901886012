import { join } from 'node:path';
import { LAUNCH_CONFIRMATIONS_FILE_NAME, LaunchConfirmations } from '../core/mcp/launch-confirmations';
import { cliDataDir } from './cli-auth';
import type { CliIo } from './io';

/** The launch confirmations a CLI command reads and writes: the data directory's, shared with `switchboard serve`. */
export const cliLaunches = (opts: { config?: string; dataDir?: string }, io?: CliIo): LaunchConfirmations =>
  LaunchConfirmations.open(
    join(cliDataDir(opts), LAUNCH_CONFIRMATIONS_FILE_NAME),
    io ? (line) => io.stderr(line) : undefined,
  );

/** The command that confirms a waiting server's launch, with this command's --config and --data-dir. */
export function confirmLaunchCommand(server: string, flags: { config?: string; dataDir?: string } = {}): string {
  return `switchboard confirm-launch ${server}${flags.config ? ` --config ${flags.config}` : ''}${flags.dataDir ? ` --data-dir ${flags.dataDir}` : ''}`;
}
