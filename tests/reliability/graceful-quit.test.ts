import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest, Conversation, RecordSummary, ServerView } from '../../src/shared/contract';
import { INTERRUPTED } from '../../src/main/core/stores/conversation-store';
import { processAlive, STDIO_FIXTURE } from '../support/mcp';
import { connectRpc, data, startHostProcess, type HostProcess, type RpcClient } from './helpers/headless-host';

/**
 * Quit is graceful: on SIGTERM the headless host (the benchmark's and the tests' stand-in for the main process)
 * closes its core before it exits: the turn in flight is stopped and says so, every record is on disk, and every
 * stdio server it started has exited. The desktop app takes the same path (desktop/quit.ts, with a time bound).
 */
let dir: string | undefined;
let host: HostProcess | undefined;
let rpc: RpcClient | undefined;
afterEach(async () => {
  rpc?.close();
  await host?.stop('SIGKILL');
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = host = rpc = undefined;
});

const alive = processAlive;

async function connected(client: RpcClient, names: string[]): Promise<ServerView[]> {
  for (let i = 0; i < 400; i++) {
    const { servers } = data(await client.request<{ servers: ServerView[] }>('servers.list'));
    const ours = servers.filter((s) => names.includes(s.name));
    if (
      ours.length === names.length &&
      ours.every((s) => s.status === 'connected' && /pid \d+/.test(s.stderrTail ?? ''))
    )
      return ours;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the stdio servers did not connect');
}

describe('SIGTERM: the host closes its core before it exits', () => {
  it('stops the turn in flight, has every record on disk, and leaves no stdio server running', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-quit-'));
    host = await startHostProcess(dir);
    rpc = await connectRpc(host.port, host.token);
    for (const name of ['stdio-a', 'stdio-b'])
      data(await rpc.request('servers.add', { server: { name, ...STDIO_FIXTURE } }));
    const pids = (await connected(rpc, ['stdio-a', 'stdio-b'])).map((s) => Number(/pid (\d+)/.exec(s.stderrTail!)![1]));
    expect(pids.every(alive)).toBe(true);

    // A turn left waiting for an approval, and a turn that finishes just before the signal.
    const waiting = data(await rpc.request<{ id: string }>('chat.create', { actingIdentity: 'u1001' })).id;
    data(await rpc.request('chat.send', { conversationId: waiting, text: '帮我取消键盘的订单' }));
    await rpc.waitForEvent<ApprovalRequest>('approvals.requested', (p) => p.conversationId === waiting);
    const done = data(await rpc.request<{ id: string }>('chat.create', { actingIdentity: 'u1001' })).id;
    const turn = data(
      await rpc.request<{ turnId: string }>('chat.send', {
        conversationId: done,
        text: '上周买的AirPods Pro还没收到，帮我看看送到哪了',
      }),
    );
    await rpc.waitForEvent<{ turnId: string }>('turn.finished', (p) => p.turnId === turn.turnId);
    const listed = data(await rpc.request<RecordSummary[]>('records.list', {}));
    expect(listed.length).toBeGreaterThan(0);

    // Records reach records.jsonl in batches (100 ms): the newest are still in memory when the signal comes.
    const code = await host.stop('SIGTERM');
    expect(code, host.stderr()).toBe(0);

    expect(pids.filter(alive)).toEqual([]);
    const onDisk = readFileSync(join(dir, 'records.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: string }).id);
    for (const record of listed) expect(onDisk).toContain(record.id);
    // The waiting turn was stopped by the close, not found "interrupted" by the next start's crash repair.
    const log = readFileSync(join(dir, 'conversations', `${waiting}.jsonl`), 'utf8');
    const turns = log
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { t: string; turn?: { status: string; error?: string } })
      .filter((line) => line.t === 'turn');
    expect(turns.at(-1)!.turn).toMatchObject({ status: 'stopped' });
    expect(turns.at(-1)!.turn!.error ?? '').not.toBe(INTERRUPTED);

    // And the next start finds nothing to repair in it.
    host = await startHostProcess(dir);
    rpc = await connectRpc(host.port, host.token);
    const conversation = data(await rpc.request<Conversation>('chat.get', { conversationId: waiting }));
    expect(conversation.turns.at(-1)).toMatchObject({ status: 'stopped' });
    expect(conversation.turns.at(-1)!.error ?? '').not.toBe(INTERRUPTED);
  });
});
