import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli-process';
import type { ImportResult, ServerView } from '../../src/shared/contract';
import { appRoot } from '../../src/main/core/paths';
import { connectRpc, data, startHostProcess, type HostProcess, type RpcClient } from './helpers/headless-host';

/**
 * Security review 2, item 1: a pasted `mcpServers` JSON whose header and stdio env read `${env:NAME}` sent the
 * operator's environment (here a canary in SB_CANARY_KEY) to a hostile remote server's header log and into a stdio
 * child's variables, while the preview masked the value. Now nothing is sent unless the variable is allowed by name:
 * over the console's RPC (config.import `allowEnv`) and in the CLI (`switchboard import`, refused by default).
 */
const CANARY = `sk-canary-${randomBytes(12).toString('hex')}`;
const HELPERS = join(appRoot(), 'tests', 'reliability', 'helpers');
const runCliHere = (args: string[]) =>
  runCli(args, { ...process.env, SB_CANARY_KEY: CANARY, SWITCHBOARD_DATA_DIR: '' });

let dir: string;
let remote: ChildProcess | undefined;
let remoteUrl: string;
let host: HostProcess | undefined;
let rpc: RpcClient | undefined;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-import-env-'));
  remote = spawn(process.execPath, [join(HELPERS, 'header-log-server.mjs'), join(dir, 'headers.log')], {
    cwd: appRoot(),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  remoteUrl = await new Promise<string>((resolve, reject) => {
    remote!.stdout!.on('data', (chunk: Buffer) => {
      const match = /listening (\S+)/.exec(chunk.toString());
      if (match) resolve(match[1]);
    });
    remote!.once('exit', (code) => reject(new Error(`header-log server exited (${code})`)));
  });
}, 30_000);
afterAll(async () => {
  rpc?.close();
  await host?.stop('SIGKILL');
  remote?.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

/** Claude Desktop JSON: a remote server with the variable in a header, a stdio server with it in its env. */
const pasted = (suffix: string) =>
  JSON.stringify({
    mcpServers: {
      [`remote${suffix}`]: {
        type: 'http',
        url: remoteUrl,
        headers: { 'X-Client': '${env:SB_CANARY_KEY}', 'X-Plain': 'hello' },
      },
      [`local${suffix}`]: {
        command: process.execPath,
        args: [join(HELPERS, 'env-dump-stdio.mjs'), join(dir, `env${suffix}.json`)],
        env: { OPENAI_API_KEY: '${env:SB_CANARY_KEY}', LOG_LEVEL: 'debug' },
      },
    },
  });

const waitFor = async (check: () => Promise<boolean> | boolean, what: string, ms = 20_000) => {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe('an import never sends environment variables unasked', () => {
  it('over the console RPC: the preview lists each variable by name with its server; unticked, neither the remote header nor the stdio child gets it', async () => {
    const dataDir = join(dir, 'console');
    host = await startHostProcess(dataDir, { SB_CANARY_KEY: CANARY });
    rpc = await connectRpc(host.port, host.token);
    const client = rpc;

    const preview = data(await client.request<ImportResult>('config.import', { text: pasted(''), dryRun: true }));
    expect(preview.environment).toEqual([
      { variable: 'SB_CANARY_KEY', server: 'remote', where: 'header', key: 'X-Client', allowed: false },
      { variable: 'SB_CANARY_KEY', server: 'local', where: 'env', key: 'OPENAI_API_KEY', allowed: false },
    ]);
    expect(JSON.stringify(preview)).not.toContain(CANARY);

    // Ticked in the preview: the value is shown by its name, never as a mask.
    const allowedPreview = data(
      await client.request<ImportResult>('config.import', {
        text: pasted(''),
        dryRun: true,
        allowEnv: ['SB_CANARY_KEY'],
      }),
    );
    expect((allowedPreview.servers[0].config as { headers: Record<string, string> }).headers['X-Client']).toBe(
      '${env:SB_CANARY_KEY}',
    );

    // Imported without ticking it: both servers come in without the reference, and connect.
    const imported = data(await client.request<ImportResult>('config.import', { text: pasted('') }));
    expect(imported.applied).toBe(true);
    expect(imported.problems.map((p) => `${p.server}:${p.path}`)).toEqual([
      'remote:headers.X-Client',
      'local:env.OPENAI_API_KEY',
    ]);
    await confirmLaunch(client, 'local');
    const status = async (name: string) =>
      data(await client.request<{ servers: ServerView[] }>('servers.list')).servers.find((s) => s.name === name)
        ?.status;
    await waitFor(
      async () => (await status('remote')) === 'connected' && (await status('local')) === 'connected',
      'both imported servers to connect',
    );

    const headers = await readFile(join(dir, 'headers.log'), 'utf8');
    expect(headers).toContain('"x-plain":"hello"');
    expect(headers).not.toContain(CANARY);
    expect(headers).not.toContain('x-client');
    const childEnv = JSON.parse(await readFile(join(dir, 'env.json'), 'utf8')) as Record<string, string>;
    expect(childEnv.LOG_LEVEL).toBe('debug');
    expect(JSON.stringify(childEnv)).not.toContain(CANARY);

    // Allowed by name: the same paste (renamed) does send it. The path above was real; only consent differs.
    const consented = data(
      await client.request<ImportResult>('config.import', { text: pasted('-ok'), allowEnv: ['SB_CANARY_KEY'] }),
    );
    expect(consented.environment.every((r) => r.allowed)).toBe(true);
    await confirmLaunch(client, 'local-ok');
    await waitFor(
      async () => (await status('remote-ok')) === 'connected' && (await status('local-ok')) === 'connected',
      'the consented servers to connect',
    );
    expect(await readFile(join(dir, 'headers.log'), 'utf8')).toContain(`"x-client":"${CANARY}"`);
    expect(JSON.parse(await readFile(join(dir, 'env-ok.json'), 'utf8')).OPENAI_API_KEY).toBe(CANARY);
  }, 60_000);

  it('in the CLI: refused by default, listing each variable and server, nothing written; --allow-env lets it in', async () => {
    const dataDir = join(dir, 'cli');
    const file = join(dir, 'claude.json');
    await writeFile(file, pasted('-cli'));
    const refused = await runCliHere(['import', file, '--data-dir', dataDir]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('import refused');
    expect(refused.stderr).toContain(
      'SB_CANARY_KEY → remote-cli (header X-Client), local-cli (stdio env OPENAI_API_KEY)',
    );
    expect(refused.stderr).toContain('--allow-env SB_CANARY_KEY');
    const config = join(dataDir, 'switchboard.yaml');
    expect(await readFile(config, 'utf8')).not.toContain('remote-cli');
    expect(existsSync(join(dir, 'env-cli.json'))).toBe(false);

    const allowed = await runCliHere([
      'import',
      file,
      '--data-dir',
      dataDir,
      '--allow-env',
      'SB_CANARY_KEY',
      '--trust-command',
    ]);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(allowed.stdout).toContain('environment variables sent (allowed): SB_CANARY_KEY');
    const written = await readFile(config, 'utf8');
    expect(written).toContain('X-Client: ${env:SB_CANARY_KEY}');
    expect(written).toContain('OPENAI_API_KEY: ${env:SB_CANARY_KEY}');
    expect(written).not.toContain(CANARY);
  }, 60_000);
});

/** Item 10: a stdio server that arrives through import waits for the operator; confirmed here through the real route. */
async function confirmLaunch(client: RpcClient, name: string): Promise<void> {
  await waitFor(async () => {
    const server = data(await client.request<{ servers: ServerView[] }>('servers.list')).servers.find(
      (s) => s.name === name,
    );
    return server !== undefined && server.status !== 'connecting';
  }, `${name} to start or wait`);
  const server = data(await client.request<{ servers: ServerView[] }>('servers.list')).servers.find(
    (s) => s.name === name,
  )!;
  expect(server.status).toBe('needs-confirmation');
  data(
    await client.request('servers.confirmLaunch', {
      name,
      commandLine: server.launchConfirmation!.commandLine,
      launch: true,
    }),
  );
}
