import { request } from 'node:http';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  connectRpc,
  data,
  startHostProcess,
  waitForServersSettled,
  type HostProcess,
  type RpcClient,
} from './helpers/headless-host';

/**
 * Records and conversation logs hold customer data (orders, addresses, phone numbers): another local user
 * must not read them. And the loopback Host check compares host names as HTTP does, case-insensitively.
 */
let parent: string | undefined;
let host: HostProcess | undefined;
let rpc: RpcClient | undefined;
afterAll(async () => {
  rpc?.close();
  await host?.stop();
  if (parent) await rm(parent, { recursive: true, force: true });
});

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe('the data directory is private, and Host is case-insensitive', () => {
  it('creates records, conversations and test results 0600 in a 0700 data directory', async () => {
    parent = await mkdtemp(join(tmpdir(), 'sb-private-'));
    const dataDir = join(parent, 'data'); // does not exist yet: the host creates it
    const previousUmask = process.umask(0o022); // the usual umask, inherited by the host
    try {
      host = await startHostProcess(dataDir);
    } finally {
      process.umask(previousUmask);
    }
    rpc = await connectRpc(host.port, host.token);
    // The shop connects after the console is up: its tools must be visible for the turn to make records.
    const shop = (await waitForServersSettled(rpc)).find((server) => server.name === 'shop')?.status;
    expect(shop).toBe('connected');
    const { id } = data(await rpc.request<{ id: string }>('chat.create', { actingIdentity: 'u1001' }));
    const { turnId } = data(
      await rpc.request<{ turnId: string }>('chat.send', { conversationId: id, text: '充电器到哪了' }),
    );
    expect(
      await rpc.waitForEvent<{ turnId: string; status: string }>('turn.finished', (p) => p.turnId === turnId, 30_000),
    ).toMatchObject({ status: 'completed' });
    expect(data(await rpc.request<unknown[]>('records.list', {})).length).toBeGreaterThan(0);
    for (let i = 0; i < 50 && !(await readdir(dataDir)).includes('records.jsonl'); i++)
      await new Promise((r) => setTimeout(r, 100));

    expect((await modeOf(dataDir)).toString(8)).toBe('700');
    expect((await modeOf(join(dataDir, 'conversations'))).toString(8)).toBe('700');
    expect((await modeOf(join(dataDir, 'records.jsonl'))).toString(8)).toBe('600');
    expect((await modeOf(join(dataDir, 'switchboard.yaml'))).toString(8)).toBe('600');
    const logs = await readdir(join(dataDir, 'conversations'));
    expect(logs.length).toBeGreaterThan(0);
    for (const log of logs) expect((await modeOf(join(dataDir, 'conversations', log))).toString(8)).toBe('600');
    // A test run keeps each case's transcript (the customer's address and phone number among them).
    const list = data(await rpc.request<{ cases: { id: string }[] }>('tests.list', {}));
    const run = data(await rpc.request<{ passed: number }>('tests.run', { ids: [list.cases[0].id] }));
    expect(run.passed).toBe(1);
    expect((await modeOf(join(dataDir, 'test-results.json'))).toString(8)).toBe('600');
  }, 60_000);

  it('accepts LOCALHOST:port as its own host, and still refuses a foreign one', async () => {
    const status = (hostHeader: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port: host!.port, path: '/', headers: { host: hostHeader } },
          (res) => {
            res.resume();
            resolve(res.statusCode!);
          },
        );
        req.on('error', reject);
        req.end();
      });
    expect(await status(`LOCALHOST:${host!.port}`)).not.toBe(403);
    expect(await status(`evil.example:${host!.port}`)).toBe(403);

    const upgrade = (hostHeader: string) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(`ws://127.0.0.1:${host!.port}/rpc?token=${encodeURIComponent(host!.token)}`, {
          headers: { host: hostHeader },
        });
        socket.once('open', () => {
          socket.close();
          resolve('open');
        });
        socket.once('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
        socket.once('error', () => resolve('error'));
      });
    expect(await upgrade(`LocalHost:${host!.port}`)).toBe('open');
    expect(await upgrade(`evil.example:${host!.port}`)).toBe('403');
  }, 30_000);
});
