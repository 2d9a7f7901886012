import type { Command } from 'commander';
import type { AppServices } from '../core/services';
import { DATA_DIR_OPTION, type DataOptions } from './catalog-command';
import { openTerminal, withCore, type Terminal } from './core-session';
import type { CliIo } from './io';

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
    // The app's config store and server administration, connecting nothing: nothing is launched here. Only a config
    // that is there: confirming a launch never writes a first-run config.
    return await withCore(opts, io, (core) => confirm(core.services.servers, name, opts, io, terminal), process.env, {
      onlyServers: [],
      noteUnlaunched: false,
      existingConfig: true,
    });
  } finally {
    terminal?.close();
  }
}

async function confirm(
  servers: AppServices['servers'],
  name: string,
  opts: { yes?: boolean },
  io: CliIo,
  terminal: Terminal | undefined,
): Promise<number> {
  if (!servers.list().servers.some((s) => s.name === name)) {
    io.stderr(`no MCP server named "${name}" is configured`);
    return 2;
  }
  const { commandLine, verdict } = servers.launchStatus(name);
  if (commandLine === null) {
    io.stderr(`"${name}" is not a stdio server: it runs no command`);
    return 2;
  }
  if (verdict !== 'waiting') {
    io.stdout(
      `${name} is not waiting for a confirmation (${verdict === 'confirmed' ? 'already confirmed' : 'written in the config by you'}): ${commandLine}`,
    );
    return 0;
  }
  io.stdout(`${name} will run, as you, on this machine:\n  ${commandLine}`);
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
  // The same answer as the console's Launch: the command line confirmed is the one shown.
  await servers.confirmLaunch(name, commandLine, true);
  io.stdout(`confirmed; ${name} launches from now on (until its command line changes)`);
  return 0;
}
