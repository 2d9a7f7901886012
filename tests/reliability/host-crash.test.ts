import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import type {
  ApprovalRequest,
  Conversation,
  ExecutionRecord,
  RecordSummary,
  ServerView,
} from '../../src/shared/contract';
import { INTERRUPTED } from '../../src/main/core/stores/conversation-store';
import { openAiStream, startOpenAiCompatibleServer, type ScriptedServer } from '../support/providers';
import { connectRpc, data, startHostProcess, type HostProcess, type RpcClient } from './helpers/headless-host';
import { startShopProcess, type ShopProcess } from './helpers/shop-process';

/**
 * Fault 7: the headless host is killed with SIGKILL in the middle of a turn, then started again on the
 * same data directory. Everything written before the crash is there; a pending approval comes back
 * expired (never approved), a call that was running gets a record saying it was interrupted, the
 * config file is byte-identical, and the conversation carries on.
 */
let dir: string | undefined;
let host: HostProcess | undefined;
let rpc: RpcClient | undefined;
let shop: ShopProcess | undefined;
let model: ScriptedServer | undefined;
afterEach(async () => {
  rpc?.close();
  await host?.stop('SIGKILL');
  await shop?.kill();
  await model?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = host = rpc = shop = model = undefined;
});

async function start(): Promise<RpcClient> {
  host = await startHostProcess(dir!);
  rpc = await connectRpc(host.port, host.token);
  for (let i = 0; i < 300; i++) {
    const { servers } = data(await rpc.request<{ servers: ServerView[] }>('servers.list'));
    if (servers.every((s) => s.status === 'connected')) return rpc;
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error('servers did not connect');
}

async function crashAndRestart(): Promise<RpcClient> {
  rpc!.close();
  expect(await host!.stop('SIGKILL')).toBe('SIGKILL');
  return start();
}

const fullRecords = async (client: RpcClient, conversationId: string) =>
  Promise.all(
    data(await client.request<RecordSummary[]>('records.list', { conversationId })).map(async (r) =>
      data(await client.request<ExecutionRecord>('records.get', { id: r.id })),
    ),
  );

describe('host killed with SIGKILL mid-turn', () => {
  it('with a pending approval: the approval comes back expired, never approved; records and config intact', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-crash-'));
    let client = await start();
    const configBefore = readFileSync(join(dir, 'switchboard.yaml'));
    const { id } = data(await client.request<{ id: string }>('chat.create', { actingIdentity: 'u1001' }));
    data(await client.request('chat.send', { conversationId: id, text: '帮我取消键盘的订单' }));
    const pending = await client.waitForEvent<ApprovalRequest>('approvals.requested', (p) => p.conversationId === id);
    expect(pending.toolName).toBe('cancel_order');
    const before = data(await client.request<Conversation>('chat.get', { conversationId: id }));
    const recordsBefore = await fullRecords(client, id);
    expect(recordsBefore.map((r) => r.tool)).toContain('query_order');

    client = await crashAndRestart();

    // Nothing pending, nothing approved.
    expect(data(await client.request<ApprovalRequest[]>('approvals.list'))).toEqual([]);
    const after = data(await client.request<Conversation>('chat.get', { conversationId: id }));
    // Every item from before the crash is there, in order; the waiting call is now rejected.
    expect(after.items.map((i) => i.id)).toEqual(before.items.map((i) => i.id));
    const cancelItem = after.items.find((i) => i.kind === 'tool' && i.toolName === 'cancel_order');
    expect(cancelItem).toMatchObject({ status: 'rejected', resultText: INTERRUPTED });
    expect(after.turns[0]).toMatchObject({ status: 'stopped', error: INTERRUPTED });
    // Every record from before the crash survives unchanged, plus exactly one for the expired approval.
    const recordsAfter = await fullRecords(client, id);
    for (const record of recordsBefore) expect(recordsAfter).toContainEqual(record);
    const cancelRecords = recordsAfter.filter((r) => r.tool === 'cancel_order');
    expect(cancelRecords).toHaveLength(1);
    expect(cancelRecords[0]).toMatchObject({
      status: 'rejected',
      callId: pending.callId,
      approval: { approvalId: pending.id, decision: 'expired', decidedBy: 'system' },
    });
    expect(
      recordsAfter.filter(
        (r) => r.approval && ['approve', 'approve_conversation', 'remembered'].includes(r.approval.decision),
      ),
    ).toEqual([]);
    expect(readFileSync(join(dir, 'switchboard.yaml')).equals(configBefore)).toBe(true);

    // The conversation carries on (its history is still valid for the model).
    const next = data(await client.request<{ turnId: string }>('chat.send', { conversationId: id, text: '你好' }));
    expect(
      await client.waitForEvent<{ turnId: string; status: string }>('turn.finished', (p) => p.turnId === next.turnId),
    ).toMatchObject({ status: 'completed' });
  });

  it('with a call running: the call gets a record saying it was interrupted, and the conversation carries on', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-crash-'));
    shop = await startShopProcess();
    model = await startOpenAiCompatibleServer([
      openAiStream({ toolCalls: [{ id: 'call_q', name: 'query_order', arguments: {} }] }),
      openAiStream({ toolCalls: [{ id: 'call_slow', name: 'slow_echo', arguments: { ms: 20_000 } }] }),
      openAiStream({ text: '继续' }),
    ]);
    await writeFile(
      join(dir, 'switchboard.yaml'),
      stringify({
        agent: {
          model: { provider: 'openai-compatible', baseUrl: `${model.url}/v1`, model: 'm' },
          mcp: { servers: [{ name: 'shop', url: shop.url }] },
        },
        intents: [
          {
            id: 'c',
            name: 'c',
            children: ['query_order', 'slow_echo'].map((toolId) => ({
              id: toolId,
              name: toolId,
              kind: 'mcp',
              toolId,
              confirm: 'never',
            })),
          },
        ],
      }),
    );
    let client = await start();
    const { id } = data(await client.request<{ id: string }>('chat.create', { actingIdentity: 'u1001' }));
    data(await client.request('chat.send', { conversationId: id, text: 'go' }));
    await client.waitForEvent<{ item: { id: string; status: string } }>(
      'tool.progressed',
      (p) => p.item.id === 'call_slow' && p.item.status === 'running',
    );

    client = await crashAndRestart();
    const records = await fullRecords(client, id);
    expect(records.map((r) => [r.callId, r.status]).sort()).toEqual([
      ['call_q', 'success'],
      ['call_slow', 'stopped'],
    ]);
    expect(records.find((r) => r.callId === 'call_slow')!.error).toMatch(
      /interrupted.*may or may not have reached shop/,
    );
    const conversation = data(await client.request<Conversation>('chat.get', { conversationId: id }));
    expect(conversation.items.find((i) => i.id === 'call_slow')).toMatchObject({
      status: 'stopped',
      resultText: INTERRUPTED,
    });

    const next = data(await client.request<{ turnId: string }>('chat.send', { conversationId: id, text: '然后呢' }));
    expect(
      await client.waitForEvent<{ turnId: string; status: string }>('turn.finished', (p) => p.turnId === next.turnId),
    ).toMatchObject({ status: 'completed' });
  });
});
