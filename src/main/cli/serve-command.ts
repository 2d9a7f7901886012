import { spawn } from 'node:child_process';
import type { Command } from 'commander';
import { openDataDir } from '../core/data-dir';
import { closeWithin, SHUTDOWN_TIMEOUT_MS } from '../shutdown';
import { startHeadless } from '../server';
import { parsePort, type CliIo } from './io';

export function registerServeCommand(program: Command, io: CliIo): void {
  program
    .command('serve')
    .description('run the console headless: the same core over WebSocket, for a browser')
    .option('--port <n>', 'port on 127.0.0.1 (0 picks a free one)', parsePort, 0)
    .option('--data-dir <dir>', 'where switchboard.yaml and records live (default ~/.switchboard)')
    .option('--open', 'open the console in the default browser')
    .action(async (opts: { port: number; dataDir?: string; open?: boolean }) => {
      const dataDir = await openDataDir(opts.dataDir, process.env, io.stderr);
      const handle = await startHeadless({ dataDir, port: opts.port, log: io.stderr });
      io.stdout(`Switchboard console: ${handle.url}`);
      io.stdout(`Data directory: ${dataDir}`);
      if (opts.open) openInBrowser(handle.url, io);
      // Quit closes the core first (turns stopped, records flushed, stdio servers exited), within a time bound.
      // A second signal while closing is ignored rather than killing the process halfway.
      let closing = false;
      const stop = () => {
        if (closing) return;
        closing = true;
        void closeWithin(() => handle.close(), SHUTDOWN_TIMEOUT_MS, io.stderr).then((outcome) => process.exit(outcome === 'closed' ? 0 : 1));
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
