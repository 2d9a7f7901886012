import { Command } from 'commander';
import { registerShopServerCommand } from '../../mcp-server/cli';
import { registerAuthCommands } from './auth-command';
import { registerCatalogCommands } from './catalog-command';
import { registerChatCommand } from './chat-command';
import { registerImportCommand } from './import-command';
import { registerConfirmLaunchCommand } from './launch-command';
import { registerReplayCommand } from './replay-command';
import { registerResourceCommands } from './resources-command';
import { registerServeCommand } from './serve-command';
import { registerTestCommand } from './test-command';
import { registerToolsCommands } from './tools-command';
import type { CliIo } from './io';

/** The `switchboard` command line; each subcommand lives in its own module. */
export function buildProgram(io: CliIo): Command {
  const program = new Command('switchboard')
    .description('Switchboard: why does (or does not) the model see this tool on this turn?')
    .showHelpAfterError()
    .configureOutput({ writeOut: (s) => io.stdout(s.trimEnd()), writeErr: (s) => io.stderr(s.trimEnd()) });
  registerServeCommand(program, io);
  registerShopServerCommand(program);
  registerChatCommand(program, io);
  registerCatalogCommands(program, io);
  registerToolsCommands(program, io);
  registerResourceCommands(program, io);
  registerReplayCommand(program, io);
  registerTestCommand(program, io);
  registerAuthCommands(program, io);
  registerImportCommand(program, io);
  registerConfirmLaunchCommand(program, io);
  return program;
}
