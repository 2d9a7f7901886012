import type { LaunchStdio } from '../core/mcp/transport-factory';

/**
 * In a packaged app a stdio entry with `command: node` runs on the app's own binary as plain Node
 * (ELECTRON_RUN_AS_NODE=1): the operator's machine may have no Node at all, or a different one. This is why the
 * RunAsNode fuse stays enabled in the packaging config. Every other command runs as written (found on the PATH
 * the login shell gives, see login-shell-path.ts). Outside a packaged app, `node` is the developer's own.
 */
export function packagedStdioLaunch(execPath: string): LaunchStdio {
  return (command, env) =>
    isNodeCommand(command) ? { command: execPath, env: { ...env, ELECTRON_RUN_AS_NODE: '1' } } : { command, env };
}

export const isNodeCommand = (command: string): boolean => /^node(\.exe)?$/i.test(command);
