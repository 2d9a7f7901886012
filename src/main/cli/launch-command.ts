import type { Command } from 'commander';
import { isStdioServer } from '../../shared/config/schema';
import { commandLineText } from '../core/mcp/launch-confirmations';
import { DATA_DIR_OPTION, configPathOf, type DataOptions } from './catalog-command';
import { cliLaunches } from './cli-launches';
import { openTerminal, type Terminal } from './core-session';
import type { CliIo } from './io';
import { readConfigFile } from './read-config';

/**
 * `switchboard confirm-launch NAME`: the CLI's "Launch" for a stdio server that came by import and waits. Prints the
 * exact command line; at a terminal it asks, elsewhere it needs --yes. Exit 0 confirmed, 1 not confirmed or not
 * waiting, 2 no such server or an unusable config.
 */
export function registerConfirmLaunchCommand(program: Command, io: CliIo): void {
  program
    .command('confirm-launch <server>')
    .description(
      'confirm the exact command line of a stdio server that waits before its first launch (it came by import)',
    )
    .option('--config <file>', 'config file (default <data dir>/switchboard.yaml)')
    .option(...DATA_DIR_OPTION)
    .option('--yes', 'confirm without asking (needed when stdin is not a terminal)')
    .action(async (server: string, opts: DataOptions & { yes?: boolean }) => {
      process.exitCode = await runConfirmLaunch(server, opts, io);
    });
}

export async function runConfirmLaunch(
  name: string,
  opts: DataOptions & { yes?: boolean },
  io: CliIo,
  terminal: Terminal | undefined = opts.yes ? undefined : openTerminal(),
): Promise<number> {
  try {
    const config = await readConfigFile(configPathOf(opts), io);
    if (!config) return 2;
    const server = config.agent.mcp.servers.find((s) => s.name === name);
    if (!server || !isStdioServer(server)) {
      io.stderr(
        server ? `"${name}" is not a stdio server: it runs no command` : `no MCP server named "${name}" is configured`,
      );
      return 2;
    }
    const launches = cliLaunches(opts, io);
    const line = commandLineText(server);
    if (!launches.waits(server)) {
      io.stdout(
        `${name} is not waiting for a confirmation (${launches.verdictOf(server) === 'confirmed' ? 'already confirmed' : 'written in the config by you'}): ${line}`,
      );
      return 0;
    }
    io.stdout(`${name} will run, as you, on this machine:\n  ${line}`);
    if (!opts.yes) {
      if (!terminal) {
        io.stderr(
          'not confirmed: there is no terminal to ask at; run again with --yes to confirm this exact command line',
        );
        return 1;
      }
      const answer = (await terminal.question('Launch it? [y/N]\n> ')).trim().toLowerCase();
      if (answer !== 'y' && answer !== 'yes') {
        io.stderr('not confirmed; it keeps waiting');
        return 1;
      }
    }
    await launches.confirm([server]);
    io.stdout(`confirmed; ${name} launches from now on (until its command line changes)`);
    return 0;
  } finally {
    terminal?.close();
  }
}
