import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli-process';
import { stringify } from 'yaml';
import type { ImportResult, ServerView } from '../../src/shared/contract';
import { appRoot } from '../../src/main/core/paths';
import { connectRpc, data, startHostProcess, type HostProcess, type RpcClient } from './helpers/headless-host';

/**
 * Security review 2, item 10: "Import" launched a pasted stdio command at once (a marker file appeared). Now a stdio
 * server that arrives by import waits for the operator's confirmation of its exact command line before its first
 * launch, in the console (servers.confirmLaunch) and in the CLI (--trust-command, confirm-launch); the confirmation
 * is kept in the data dir, bound to the command line. The helper writes its environment to the file named by its
 * argument the moment it runs: that file is the marker.
 */
const HELPER = join(appRoot(), 'tests', 'reliability', 'helpers', 'env-dump-stdio.mjs');
const runCliHere = (args: string[]) => runCli(args, { ...process.env, SWITCHBOARD_DATA_DIR: '' });
let dir: string;
let host: HostProcess | undefined;
let rpc: RpcClient | undefined;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-launch-'));
});
afterAll(async () => {
  rpc?.close();
  await host?.stop('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

const marker = (name: string) => join(dir, `${name}.marker`);
const entry = (name: string, extraArgs: string[] = []) => ({
  command: process.execPath,
  args: [HELPER, marker(name), ...extraArgs],
});
const pasted = (servers: Record<string, object>) => JSON.stringify({ mcpServers: servers });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const waitFor = async (check: () => Promise<boolean> | boolean, what: string, ms = 20_000) => {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
};

async function open(dataDir: string): Promise<RpcClient> {
  rpc?.close();
  await host?.stop();
  host = await startHostProcess(dataDir);
  rpc = await connectRpc(host.port, host.token);
  return rpc;
}
const serverNamed = async (client: RpcClient, name: string) =>
  data(await client.request<{ servers: ServerView[] }>('servers.list')).servers.find((s) => s.name === name);

describe('a stdio command that arrives by import waits for the operator', () => {
  it('in the console: no launch on import, reconnect or restart; Launch runs exactly the confirmed line; a changed line waits again; Don’t launch disables', async () => {
    const dataDir = join(dir, 'console');
    // A stdio server the operator wrote in the config by hand launches as before (no regression).
    await mkdir(dataDir, { recursive: true });
    await writeFile(
      join(dataDir, 'switchboard.yaml'),
      stringify({ agent: { mcp: { servers: [{ name: 'mine', ...entry('mine') }] } } }),
    );
    let client = await open(dataDir);
    await waitFor(
      async () => (await serverNamed(client, 'mine'))?.status === 'connected',
      'the hand-written server to launch',
    );
    expect(existsSync(marker('mine'))).toBe(true);

    const imported = data(
      await client.request<ImportResult>('config.import', { text: pasted({ pasted: entry('pasted') }) }),
    );
    expect(imported.applied).toBe(true);
    await waitFor(
      async () => (await serverNamed(client, 'pasted'))?.status === 'needs-confirmation',
      'the imported server to wait',
    );
    const waiting = (await serverNamed(client, 'pasted'))!;
    expect(waiting.launchConfirmation?.commandLine).toBe(`${process.execPath} ${HELPER} ${marker('pasted')}`);
    expect(waiting.errorMessage).toMatchObject({ code: 'server.launchWaits' });
    data(await client.request('servers.reconnect', { name: 'pasted' }));
    await sleep(1_000);
    expect(existsSync(marker('pasted'))).toBe(false);

    // Remembered in the data dir: a restart does not launch it either.
    client = await open(dataDir);
    await waitFor(
      async () => (await serverNamed(client, 'pasted'))?.status === 'needs-confirmation',
      'the imported server to wait after a restart',
    );
    await sleep(500);
    expect(existsSync(marker('pasted'))).toBe(false);

    // The answer is bound to the line shown: another line is refused.
    const stale = await client.request('servers.confirmLaunch', {
      name: 'pasted',
      commandLine: 'node something-else.js',
      launch: true,
    });
    expect(stale).toMatchObject({ ok: false, error: { code: 'conflict' } });
    data(
      await client.request('servers.confirmLaunch', {
        name: 'pasted',
        commandLine: waiting.launchConfirmation!.commandLine,
        launch: true,
      }),
    );
    await waitFor(
      async () => (await serverNamed(client, 'pasted'))?.status === 'connected',
      'the confirmed server to launch',
    );
    expect(existsSync(marker('pasted'))).toBe(true);
    const kept = JSON.parse(await readFile(join(dataDir, 'launch-confirmations.json'), 'utf8')) as {
      commandLines: Record<string, { verdict: string; server: string }>;
    };
    expect(Object.values(kept.commandLines)).toContainEqual(
      expect.objectContaining({ server: 'pasted', verdict: 'confirmed' }),
    );

    // A changed command line (an import replaces the entry with other arguments) is a new question.
    data(
      await client.request<ImportResult>('config.import', {
        text: pasted({ pasted: entry('pasted-2') }),
        onConflict: 'replace',
      }),
    );
    await waitFor(
      async () => (await serverNamed(client, 'pasted'))?.status === 'needs-confirmation',
      'the changed command line to wait',
    );
    await sleep(500);
    expect(existsSync(marker('pasted-2'))).toBe(false);

    // Don't launch: the entry is disabled, nothing runs.
    const line = (await serverNamed(client, 'pasted'))!.launchConfirmation!.commandLine;
    data(await client.request('servers.confirmLaunch', { name: 'pasted', commandLine: line, launch: false }));
    await waitFor(
      async () => (await serverNamed(client, 'pasted'))?.status === 'disabled',
      'the declined server to be disabled',
    );
    expect(existsSync(marker('pasted-2'))).toBe(false);
  }, 90_000);

  it('in the CLI: import refuses a new command unless --trust-command; a console-imported one is not launched by catalog until confirm-launch', async () => {
    rpc?.close();
    await host?.stop();
    host = undefined;
    const dataDir = join(dir, 'cli');
    const file = join(dir, 'cli.json');
    await writeFile(file, pasted({ cli: entry('cli') }));
    const refused = await runCliHere(['import', file, '--data-dir', dataDir]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`cli: ${process.execPath} ${HELPER} ${marker('cli')}`);
    expect(refused.stderr).toContain('--trust-command');
    expect(await readFile(join(dataDir, 'switchboard.yaml'), 'utf8')).not.toContain(marker('cli'));

    const trusted = await runCliHere(['import', file, '--data-dir', dataDir, '--trust-command']);
    expect(trusted.code, trusted.stderr).toBe(0);
    expect(existsSync(marker('cli'))).toBe(false); // importing runs nothing
    const catalog = await runCliHere(['catalog', '--data-dir', dataDir]);
    expect(catalog.stdout).toMatch(/cli\s+connected/);
    expect(existsSync(marker('cli'))).toBe(true);

    // Imported in the console (it waits), then the CLI: catalog does not launch it and says how to confirm.
    const client = await open(dataDir);
    data(await client.request<ImportResult>('config.import', { text: pasted({ later: entry('later') }) }));
    await waitFor(
      async () => (await serverNamed(client, 'later'))?.status === 'needs-confirmation',
      'the console import to wait',
    );
    client.close();
    await host!.stop();
    host = undefined;
    const before = await runCliHere(['catalog', '--data-dir', dataDir]);
    expect(before.stdout).toContain(`confirm-launch later --data-dir ${dataDir}`);
    expect(before.stdout).toMatch(/later\s+needs-confirmation/);
    expect(existsSync(marker('later'))).toBe(false);
    const chat = await runCliHere(['chat', '--data-dir', dataDir, '-m', 'hello', '--approve', 'none']);
    expect(chat.stderr).toContain(
      `note: later was not launched (waiting for your confirmation to launch: ${process.execPath} ${HELPER} ${marker('later')}); confirm with: switchboard confirm-launch later --data-dir ${dataDir}`,
    );
    expect(existsSync(marker('later'))).toBe(false);
    const notAtTerminal = await runCliHere(['confirm-launch', 'later', '--data-dir', dataDir]);
    expect(notAtTerminal.code).toBe(1);
    expect(notAtTerminal.stdout).toContain(marker('later'));
    const confirmed = await runCliHere(['confirm-launch', 'later', '--data-dir', dataDir, '--yes']);
    expect(confirmed.code, confirmed.stderr).toBe(0);
    const after = await runCliHere(['catalog', '--data-dir', dataDir]);
    expect(after.stdout).toMatch(/later\s+connected/);
    expect(existsSync(marker('later'))).toBe(true);
  }, 240_000);
});
