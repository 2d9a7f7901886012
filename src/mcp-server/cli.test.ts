// The standalone CLI as an operator runs it: spawn, read the URL line, connect, SIGTERM, exit 0.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { registerShopServerCommand } from './cli';
import { startShopServer } from './shop-server';
import { callAs, connectShopClient, INITIALIZE_BODY, rawRequest } from '../../tests/support/shop-test-client';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const URL_LINE = /Shop MCP server listening on (http:\/\/127\.0\.0\.1:(\d+)\/mcp)/;

// The `tsx` binary that `npx tsx` resolves to, run directly: npx (npm 11) does not forward SIGTERM
// to its child, so through npx the signal would kill npm itself and orphan the server.
const TSX_BIN = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

function spawnCli(
  args: string[],
  env: Record<string, string> = {},
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(TSX_BIN, ['src/mcp-server/main.ts', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, SHOP_TOKEN: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor<T>(probe: () => T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('shop-server CLI', () => {
  it('requires a token by default: generates and prints one, refuses a request without it; serves MCP and exits 0 on SIGTERM', async () => {
    const cli = spawnCli(['shop-server', '--port', '0']);
    try {
      const match = await waitFor(() => URL_LINE.exec(cli.output()) ?? undefined, 'the URL line');
      const url = match[1];
      const token = await waitFor(() => /generated for this run: (\S+)/.exec(cli.output())?.[1], 'the generated token');
      expect(token.length).toBeGreaterThanOrEqual(32);
      // Before (issue 25), a request without a token was served by default.
      expect((await rawRequest(Number(match[2]), { body: INITIALIZE_BODY })).status).toBe(401);
      const client = await connectShopClient(url, token);
      expect(await callAs(client, 'u1001', 'query_order', { orderNo: 'BS1001003' })).toMatchObject({
        isError: false,
        structured: { orders: [{ trackingNo: 'BIT9100000233' }] },
      });
      await client.close();
      cli.child.kill('SIGTERM');
      expect(await cli.exited).toBe(0);
    } finally {
      if (cli.child.exitCode === null) cli.child.kill('SIGKILL');
    }
  });

  it('takes the token from SHOP_TOKEN and exits 0 on SIGINT', async () => {
    const cli = spawnCli(['shop-server', '--port', '0'], { SHOP_TOKEN: 'env-token' });
    try {
      const match = await waitFor(() => URL_LINE.exec(cli.output()) ?? undefined, 'the URL line');
      expect((await rawRequest(Number(match[2]), { body: INITIALIZE_BODY })).status).toBe(401);
      const client = await connectShopClient(match[1], 'env-token');
      await client.close();
      cli.child.kill('SIGINT');
      expect(await cli.exited).toBe(0);
    } finally {
      if (cli.child.exitCode === null) cli.child.kill('SIGKILL');
    }
  });

  it('accepts requests without a token only with --no-token, and says so', async () => {
    const cli = spawnCli(['shop-server', '--port', '0', '--no-token']);
    try {
      const match = await waitFor(() => URL_LINE.exec(cli.output()) ?? undefined, 'the URL line');
      await waitFor(
        () => (cli.output().includes('No token required (--no-token)') ? true : undefined),
        'the no-token line',
      );
      expect((await rawRequest(Number(match[2]), { body: INITIALIZE_BODY })).status).toBe(200);
      cli.child.kill('SIGTERM');
      expect(await cli.exited).toBe(0);
    } finally {
      if (cli.child.exitCode === null) cli.child.kill('SIGKILL');
    }
  });

  it('exits 1 with a readable message when it cannot start', async () => {
    const blocker = await startShopServer({});
    try {
      const cli = spawnCli(['shop-server', '--port', String(blocker.port)]);
      expect(await cli.exited).toBe(1);
      expect(cli.output()).toContain('EADDRINUSE');
    } finally {
      await blocker.close();
    }
  });

  it('rejects an invalid --port before starting', async () => {
    const program = new Command().exitOverride().configureOutput({ writeErr: () => undefined });
    registerShopServerCommand(program);
    await expect(program.parseAsync(['node', 'main', 'shop-server', '--port', 'abc'])).rejects.toThrow(
      /integer from 0 to 65535/,
    );
    await expect(program.parseAsync(['node', 'main', 'shop-server', '--port', '70000'])).rejects.toThrow(
      /integer from 0 to 65535/,
    );
  });
});
