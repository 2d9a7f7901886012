import { spawn } from 'node:child_process';
import type { Command } from 'commander';
import { openDataDir } from '../core/data-dir';
import { closeWithin, SHUTDOWN_TIMEOUT_MS } from '../shutdown';
import { DEFAULT_CONSOLE_PORT, startHeadless } from '../server';
import { parsePort, type CliIo } from './io';

export function registerServeCommand(program: Command, io: CliIo): void {
  program
    .command('serve')
    .description('run the console headless: the same core over WebSocket, for a browser')
    .option(
      '--port <n>',
      `port on 127.0.0.1 (default ${DEFAULT_CONSOLE_PORT}, or a free one when that is taken; 0 picks a free one)`,
      parsePort,
    )
    .option('--data-dir <dir>', 'where switchboard.yaml and records live (default ~/.switchboard)')
    .option('--new-token', 'replace the console token kept in the data directory (URLs printed before stop working)')
    .option('--open', 'open the console in the default browser')
    .action(async (opts: { port?: number; dataDir?: string; open?: boolean; newToken?: boolean }) => {
      const dataDir = await openDataDir(opts.dataDir, process.env, io.stderr);
      const handle = await startHeadless({ dataDir, port: opts.port, newToken: opts.newToken, log: io.stderr });
      // The URL last: it is what the operator came for, and nothing printed after it pushes it off the screen.
      io.stdout(`Data directory: ${dataDir}`);
      if (handle.tokenFile)
        io.stdout(
          handle.tokenFile.created
            ? `Console token: new, kept in ${handle.tokenFile.path} for later runs (--new-token replaces it)`
            : `Console token: the one kept in ${handle.tokenFile.path} (--new-token replaces it)`,
        );
      if (handle.portFallback)
        io.stdout(
          `Port ${handle.portFallback.wanted} is in use, so this run uses ${handle.port}: a bookmark made for ${handle.portFallback.wanted} will not reach it.`,
        );
      io.stdout(`Switchboard console: ${handle.url}`);
      if (opts.open) openInBrowser(handle.url, io);
      // Quit closes the core first (turns stopped, records flushed, stdio servers exited), within a time bound.
      // A second signal while closing is ignored rather than killing the process halfway.
      let closing = false;
      const stop = () => {
        if (closing) return;
        closing = true;
        void closeWithin(() => handle.close(), SHUTDOWN_TIMEOUT_MS, io.stderr).then((outcome) =>
          process.exit(outcome === 'closed' ? 0 : 1),
        );
      };
      for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);
    });
}

function openInBrowser(url: string, io: CliIo): void {
  // The convention other dev servers follow: BROWSER=none prints the URL and opens nothing.
  if (process.env.BROWSER === 'none') return;
  const opener = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(opener, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => io.stderr(`Could not open a browser (${opener}); open the URL above yourself.`));
  child.unref();
}
