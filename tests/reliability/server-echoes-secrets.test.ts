import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { ServerLogView, ServerView } from '../../src/shared/contract';
import { demoShopConfigText } from '../../src/main/demo-shop/default-config';
import { connectRpc, data, startHostProcess, type HostProcess, type RpcClient } from './helpers/headless-host';

/**
 * A careless server echoes the credentials it was given: a stdio child that fails with "invalid token ghp_…" on
 * stderr (common enough). Its stderr tail, its error, its log lines (servers.logs, servers.logged) all leave main,
 * and the host logs the error. Before, each carried the token as printed; now each shows it masked, whether it was
 * written literally in switchboard.yaml or came from `${env:NAME}`.
 */
const LITERAL = `ghp_${randomBytes(12).toString('hex')}`;
const FROM_ENV = `sk-svc-${randomBytes(12).toString('hex')}`;
let dir: string | undefined;
let host: HostProcess | undefined;
let rpc: RpcClient | undefined;
afterAll(async () => {
  rpc?.close();
  await host?.stop('SIGKILL');
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a server that echoes its credentials', () => {
  it('has them masked in its state, its log, the events and the host log', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-echo-'));
    const script = join(dir, 'echoing-server.cjs');
    await writeFile(
      script,
      `process.stderr.write('Error: invalid token ' + process.env.GITHUB_TOKEN + ' (service key ' + process.env.SERVICE_API_KEY + ')\\n');\nsetTimeout(() => process.exit(1), 50);\n`,
    );
    const config = parse(demoShopConfigText());
    config.agent.mcp.servers.push({
      name: 'echo',
      command: process.execPath,
      args: [script],
      env: { GITHUB_TOKEN: LITERAL, SERVICE_API_KEY: '${env:SB_ECHO_KEY}' },
    });
    await writeFile(join(dir, 'switchboard.yaml'), stringify(config));
    host = await startHostProcess(dir, { SB_ECHO_KEY: FROM_ENV });
    rpc = await connectRpc(host.port, host.token);
    const client = rpc;

    let echo: ServerView | undefined;
    for (let i = 0; i < 300 && !(echo?.status === 'failed' && echo.stderrTail); i++) {
      echo = data(await client.request<{ servers: ServerView[] }>('servers.list')).servers.find(
        (s) => s.name === 'echo',
      );
      await new Promise((r) => setTimeout(r, 50));
    }
    // What the child printed is there, with each credential masked.
    expect(echo?.status).toBe('failed');
    expect(echo!.stderrTail).toContain(
      `invalid token ••••${LITERAL.slice(-4)} (service key ••••${FROM_ENV.slice(-4)})`,
    );
    // The error quotes the first stderr line when it had arrived by the time the exit was seen.
    if (echo!.error?.includes('invalid token')) expect(echo!.error).toContain(`••••${LITERAL.slice(-4)}`);
    const log = data(await client.request<ServerLogView>('servers.logs', { name: 'echo' }));
    const line = log.entries.find((e) => e.source === 'stderr');
    expect(line?.text).toBe(`Error: invalid token ••••${LITERAL.slice(-4)} (service key ••••${FROM_ENV.slice(-4)})`);
    // The servers.logged event (batched every 200 ms) carried the line too.
    for (
      let i = 0;
      i < 100 && !client.frames.some((frame) => frame.includes('"servers.logged"') && frame.includes('invalid token'));
      i++
    )
      await new Promise((r) => setTimeout(r, 50));
    expect(
      client.frames.some(
        (frame) => frame.includes('"servers.logged"') && frame.includes(`invalid token ••••${LITERAL.slice(-4)}`),
      ),
    ).toBe(true);
    expect(host.stderr() + host.stdout()).toContain(`[mcp] echo:`);

    // Neither credential in any frame the console received, nor in the host's log, nor in a file main wrote.
    const texts = [...client.frames, host.stdout(), host.stderr()];
    for (const name of await readdir(dir, { recursive: true })) {
      if (/^switchboard\.yaml/.test(name) || name === 'echoing-server.cjs') continue; // the operator's own file holds the literal
      texts.push(await readFile(join(dir, name), 'utf8').catch(() => ''));
    }
    for (const text of texts) {
      expect(text).not.toContain(LITERAL);
      expect(text).not.toContain(FROM_ENV);
    }
  }, 60_000);
});
