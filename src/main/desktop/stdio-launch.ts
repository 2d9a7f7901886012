import { ServerConfigError } from '../core/mcp/server-endpoint';
import type { LaunchStdio } from '../core/mcp/transport-factory';
import which from 'which';

/**
 * In a packaged app, a stdio entry with `command: node` runs on the operator's own Node, found on the PATH the login
 * shell gives (login-shell-path.ts), like every other command. It no longer runs on the app's binary as Node
 * (ELECTRON_RUN_AS_NODE): the RunAsNode fuse that allowed it let any local process run the signed app as Node, with
 * the permissions the OS granted the app. Where no Node is found, the server's card says so and what to do,
 * instead of a bare spawn ENOENT. `findOnPath` returns the command's path on that PATH, or null.
 */
export function packagedStdioLaunch(
  findOnPath: (command: string, path: string | undefined) => string | null,
): LaunchStdio {
  return (command, env) => {
    if (isNodeCommand(command) && !findOnPath(command, env.PATH ?? process.env.PATH)) {
      throw new ServerConfigError(
        '"command: node" needs Node.js, which was not found on the PATH of your login shell. Install Node.js (https://nodejs.org), ' +
          'or set command to the full path of a node executable, then reconnect the server.',
      );
    }
    return { command, env };
  };
}

export const isNodeCommand = (command: string): boolean => /^node(\.exe)?$/i.test(command);

/** The command's path on `path` (PATH's syntax, with PATHEXT on Windows), or null: what a spawn would find. */
export const findOnPath = (command: string, path: string | undefined): string | null =>
  which.sync(command, { path, nothrow: true });
