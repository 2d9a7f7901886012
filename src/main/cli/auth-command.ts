import { InvalidArgumentError, type Command } from 'commander';
import type { AuthView } from '../core/auth';
import type { AppServices } from '../core/services';
import { terminalOpener } from './cli-auth';
import { withCore } from './core-session';
import type { CliIo } from './io';
import { errorText } from '../../shared/error-text';

interface AuthOptions {
  config?: string;
  dataDir?: string;
}

/**
 * `switchboard auth login|status|logout`: OAuth for remote servers from a terminal. Tokens go to the
 * data directory's owner-only file, the one `switchboard serve` reads. Exit codes: 0 done, 1 the
 * sign-in failed (or timed out), 2 an unusable config or an unknown server.
 */
export function registerAuthCommands(program: Command, io: CliIo): void {
  const auth = program
    .command('auth')
    .description('sign in to OAuth-protected MCP servers, and see or forget their tokens');
  const common = (command: Command) =>
    command
      .option('--config <file>', 'config file (default <data dir>/switchboard.yaml)')
      .option('--data-dir <dir>', 'where tokens are kept (default $SWITCHBOARD_DATA_DIR, else ~/.switchboard)');

  common(auth.command('login <server>'))
    .description('sign in (browser from $BROWSER or the OS; the address is printed too), then connect')
    .option('--timeout <seconds>', 'how long to wait for the browser', parseSeconds, 300)
    .action(async (server: string, opts: AuthOptions & { timeout: number }) => {
      const settings = { signInTimeoutMs: opts.timeout * 1000, connect: [server] };
      await withAuth(opts, io, settings, async (servers) => {
        const before = servers.get(server);
        if (before.status === 'connected' && before.auth?.signedIn) {
          io.stdout(`${server}: already signed in and connected (${describe(before.auth)})`);
          return 0;
        }
        const handle = await servers.startSignIn(server, terminalOpener(io, server));
        io.stderr(`Waiting for the browser (up to ${opts.timeout} s)…`);
        await handle.done;
        const after = servers.get(server);
        io.stdout(`${server}: signed in and connected, ${after.toolCount} tools (${describe(after.auth!)})`);
        return 0;
      });
    });

  common(auth.command('status'))
    .description('every server’s authorization: signed in or not, authorization server, scopes, expiry')
    .option('--json', 'machine-readable output')
    .action(async (opts: AuthOptions & { json?: boolean }) => {
      await withAuth(opts, io, { connect: [] }, async (servers) => {
        // `auth` is null for a server that takes no OAuth (stdio, builtin, a static Authorization header).
        const rows = servers.list().servers.map((s) => ({ name: s.name, oauth: s.auth }));
        if (opts.json)
          io.stdout(
            JSON.stringify(
              {
                servers: rows.map(({ name, oauth }) => ({
                  name,
                  ...(oauth ? { ...oauth, signInUrl: undefined } : { oauth: null }),
                })),
              },
              null,
              2,
            ),
          );
        else
          for (const { name, oauth } of rows)
            io.stdout(
              `  ${name.padEnd(20)}  ${oauth ? describe(oauth) : 'no OAuth (stdio, builtin or a static Authorization header)'}`,
            );
        return 0;
      });
    });

  common(auth.command('logout <server>'))
    .description('forget the server’s tokens and client registration')
    .action(async (server: string, opts: AuthOptions) => {
      await withAuth(opts, io, { connect: [] }, async (servers) => {
        await servers.signOut(server, { reconnect: false });
        io.stdout(`${server}: signed out; tokens forgotten`);
        return 0;
      });
    });
}

function describe(view: AuthView): string {
  if (!view.signedIn) return `not signed in${view.error ? ` (last error: ${view.error})` : ''}`;
  const parts = ['signed in'];
  if (view.authorizationServer) parts.push(`at ${view.authorizationServer}`);
  if (view.scopes.length) parts.push(`scopes ${view.scopes.join(' ')}`);
  if (view.expiresAt)
    parts.push(`${Date.parse(view.expiresAt) > Date.now() ? 'expires' : 'expired'} ${view.expiresAt}`);
  if (!view.persistent) parts.push('(kept in memory only)');
  return parts.join(', ');
}

/**
 * Builds the app for the command (createCore, one-shot, connecting only `connect`), runs `run` over its server
 * administration service (sign-in, sign-out, each server's view with its authorization), closes. A failure is said on stderr: exit 2 for an unknown server or a conflict, else 1.
 */
async function withAuth(
  opts: AuthOptions,
  io: CliIo,
  settings: { signInTimeoutMs?: number; connect: readonly string[] },
  run: (servers: AppServices['servers']) => Promise<number>,
): Promise<void> {
  process.exitCode = await withCore(
    opts,
    io,
    async (core) => {
      try {
        return await run(core.services.servers);
      } catch (error) {
        io.stderr(`switchboard auth: ${errorText(error)}`);
        return error instanceof Error && (error.name === 'NotFound' || error.name === 'Conflict') ? 2 : 1;
      }
    },
    process.env,
    // A server not configured connects nothing, and `servers` says it is not found.
    {
      onlyServers: settings.connect,
      signInTimeoutMs: settings.signInTimeoutMs,
      noteUnlaunched: false,
      existingConfig: true,
    },
  );
}

function parseSeconds(value: string): number {
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new InvalidArgumentError('a positive number of seconds');
  return seconds;
}
