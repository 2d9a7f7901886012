// `shop-server` command: runs the demo shop MCP server in the foreground until SIGINT/SIGTERM.
import { randomBytes } from 'node:crypto';
import { type Command, InvalidArgumentError } from 'commander';
import { startShopServer } from './shop-server';

export const DEFAULT_SHOP_PORT = 9099;

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError('expected an integer from 0 to 65535');
  return port;
}

export function registerShopServerCommand(program: Command): Command {
  return program
    .command('shop-server')
    .description('Run the demo shop MCP server (比特严选) over Streamable HTTP on 127.0.0.1')
    .option('--port <n>', `port on 127.0.0.1, 0 picks a free one (default ${DEFAULT_SHOP_PORT})`, parsePort)
    .option(
      '--token <t>',
      'require "Authorization: Bearer <t>" on every request (default: env SHOP_TOKEN, else a new random token, printed)',
    )
    .option('--no-token', 'accept requests without a token (any local process can then call the shop)')
    .action(async (options: { port?: number; token?: string | false }) => {
      // A token by default (issue 25): without one, any process on this machine could place orders as any customer.
      const given = options.token === false ? undefined : (options.token ?? (process.env.SHOP_TOKEN || undefined));
      const token = options.token === false ? undefined : (given ?? randomBytes(24).toString('base64url'));
      const handle = await startShopServer({ port: options.port ?? DEFAULT_SHOP_PORT, token });
      console.log(`Shop MCP server listening on ${handle.url}`);
      if (!token) console.log('No token required (--no-token): any local process can call this server');
      else if (given) console.log('Bearer token required (Authorization: Bearer <token>)');
      else console.log(`Bearer token required (Authorization: Bearer <token>); generated for this run: ${token}`);

      // `on`, not `once`: a terminal or a wrapper (npx, tsx) may deliver the signal twice, and a
      // second one without a listener would kill the process before close() finishes.
      let shuttingDown = false;
      const shutdown = (signal: NodeJS.Signals): void => {
        if (shuttingDown) return;
        shuttingDown = true;
        console.log(`Received ${signal}, shutting down`);
        handle.close().then(
          () => process.exit(0),
          (error: unknown) => {
            console.error('Shop MCP server: error while closing', error);
            process.exit(1);
          },
        );
      };
      process.on('SIGINT', shutdown);
      process.on('SIGTERM', shutdown);
    });
}
