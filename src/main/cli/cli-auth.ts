import { spawn } from 'node:child_process';
import type { BrowserOpener } from '../core/auth';
import { defaultDataDir, resolveDataDir } from '../core/paths';
import { checkExternalUrl, externalUrlRefusalText } from '../../shared/net/external-url';
import type { CliIo } from './io';

/**
 * The data directory a CLI command keeps OAuth tokens (and pins) in: --data-dir, else $SWITCHBOARD_DATA_DIR, else
 * ~/.switchboard, whatever --config says, as for `chat`, `test` and `serve`: a config kept elsewhere never gets a
 * pins.json or a token file written beside it.
 */
export function cliDataDir(opts: { dataDir?: string }, env: NodeJS.ProcessEnv = process.env): string {
  return resolveDataDir(opts.dataDir, env, defaultDataDir());
}

/**
 * Opens the authorization page the way a terminal user expects: the command in $BROWSER (with `%s`
 * replaced by the URL, or the URL appended), else the OS opener; the URL is printed either way, so a
 * machine without a browser can finish the sign-in elsewhere. A URL the gate refuses (file:, smb:, plain http:
 * off this machine) is neither printed nor opened: the sign-in refuses it first; this is the opener's own check.
 */
export function terminalOpener(
  io: CliIo,
  server: string,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): BrowserOpener {
  return async (url) => {
    const check = checkExternalUrl(url);
    if (!check.ok) throw new Error(externalUrlRefusalText(check, server));
    io.stderr(`Sign in at: ${url}`);
    const browser = env.BROWSER?.split(':').find((entry) => entry.trim());
    const [command, ...args] = browser
      ? splitCommand(browser)
      : platform === 'darwin'
        ? ['open']
        : platform === 'win32'
          ? ['rundll32', 'url.dll,FileProtocolHandler']
          : ['xdg-open'];
    const withUrl = browser && browser.includes('%s') ? args.map((a) => a.replaceAll('%s', url)) : [...args, url];
    const opened = await new Promise<boolean>((resolve) => {
      const child = spawn(command, withUrl, { stdio: 'ignore', detached: !browser });
      child.once('error', () => resolve(false));
      child.once('spawn', () => resolve(true));
      child.unref();
    });
    if (!opened) io.stderr(`Could not start ${command}; open the address above in a browser.`);
    return opened;
  };
}

/** Splits a $BROWSER value into words, honouring simple double or single quotes. */
function splitCommand(text: string): string[] {
  return [...text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
}
