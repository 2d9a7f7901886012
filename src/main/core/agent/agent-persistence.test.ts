import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDemoProvider } from '../../demo-shop/demo-provider';
import { INTERRUPTED } from '../stores/conversation-store';
import { startRuntimeHarness, type RuntimeHarness } from '../../../../tests/support/agent/runtime-harness';
import { callTools, scriptedProvider } from '../../../../tests/support/agent/scripted-provider';

let harness: RuntimeHarness | undefined;
let dir: string | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('persistence', () => {
  it('conversations, visible-tools records and execution records survive a restart', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-persist-'));
    harness = await startRuntimeHarness({ provider: createDemoProvider, dataDir: dir });
    const { id } = await harness.agent.create('u1001');
    await harness.agent.send(id, '上周买的AirPods Pro还没收到，帮我看看送到哪了').done;
    const before = harness.agent.get(id);
    const recordCount = harness.records.count();
    await harness.close();

    harness = await startRuntimeHarness({ provider: createDemoProvider, dataDir: dir });
    const after = harness.agent.get(id);
    expect(after.items).toEqual(before.items);
    expect(after.turns).toEqual(before.turns);
    expect(after.turns[0].steps[0].tools.length).toBeGreaterThan(3);
    expect(harness.records.count()).toBe(recordCount);
    expect((await harness.agent.send(id, '第一笔').done).status).toBe('completed');
  });

  it('each record is written once to records.jsonl, the same bytes as in its conversation line', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-persist-'));
    harness = await startRuntimeHarness({ provider: createDemoProvider, dataDir: dir });
    const { id } = await harness.agent.create('u1001');
    await harness.agent.send(id, '上周买的AirPods Pro还没收到，帮我看看送到哪了').done;
    await harness.close();
    harness = undefined;
    const lines = async (path: string) => (await readFile(path, 'utf8')).trim().split('\n');
    const inRecords = await lines(join(dir, 'records.jsonl'));
    const ids = inRecords.map((line) => (JSON.parse(line) as { id: string }).id);
    expect(new Set(ids).size).toBe(ids.length);
    const results = (await lines(join(dir, 'conversations', `${id}.jsonl`)))
      .filter((line) => line.startsWith('{"t":"toolResult"'))
      // The record's text exactly as the line holds it: from "record": to the line's own closing fields.
      .map((line) =>
        line.slice(line.indexOf(',"record":') + ',"record":'.length).replace(/(,"resultTextInRecord":true)?}$/, ''),
      );
    expect(results.length).toBeGreaterThan(0);
    expect(inRecords).toEqual(expect.arrayContaining(results));
    expect(inRecords).toHaveLength(results.length);
  });

  it('a renamed conversation keeps its new title after a restart, and says so (issue 30)', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-persist-'));
    harness = await startRuntimeHarness({ provider: createDemoProvider, dataDir: dir });
    const { id } = await harness.agent.create('u1001');
    await harness.agent.send(id, '上周买的AirPods Pro还没收到，帮我看看送到哪了').done;
    const renamed = await harness.agent.rename(id, '耳机物流');
    expect(renamed).toMatchObject({ id, title: '耳机物流', running: false });
    await harness.close();

    harness = await startRuntimeHarness({ provider: createDemoProvider, dataDir: dir });
    expect(harness.agent.get(id).title).toBe('耳机物流');
    expect((await harness.agent.list()).find((c) => c.id === id)?.title).toBe('耳机物流');
    expect(harness.agent.get(id).items.length).toBeGreaterThan(0);
  });

  it('deleting a conversation keeps its execution records, also after a restart', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-persist-'));
    harness = await startRuntimeHarness({ provider: createDemoProvider, dataDir: dir });
    const { id } = await harness.agent.create('u1001');
    await harness.agent.send(id, '上周买的AirPods Pro还没收到，帮我看看送到哪了').done;
    const ids = harness.records.list({ conversationId: id }).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(await harness.agent.delete(id)).toBe(true);
    await harness.close();

    harness = await startRuntimeHarness({ provider: createDemoProvider, dataDir: dir });
    expect(harness.records.list({ conversationId: id }).map((r) => r.id)).toEqual(ids);
    for (const recordId of ids) expect((await harness.records.get(recordId)).conversationId).toBe(id);
  });

  it('a pending approval left by a dead host comes back expired, never approved', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-crash-'));
    const keyboard = () => harness!.shop.store.listOrders('u1001').find((o) => o.status === 'paid')!.orderNo;
    const provider = scriptedProvider([() => callTools({ name: 'cancel_order', arguments: { orderNo: keyboard() } })]);
    harness = await startRuntimeHarness({ provider: () => provider, dataDir: dir });
    const { id } = await harness.agent.create('u1001');
    harness.agent.send(id, 'cancel');
    for (let i = 0; i < 200 && harness.approvals.list().length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    // Simulate the crash: reopen the same data directory without closing the turn (no stop, no approval).
    const restarted = await startRuntimeHarness({ provider: () => provider, dataDir: dir });
    try {
      expect(restarted.expired.map((e) => e.outcome.decision)).toEqual(['expired']);
      const conversation = restarted.agent.get(id);
      expect(conversation.turns[0]).toMatchObject({ status: 'stopped', error: INTERRUPTED });
      const item = conversation.items.find((i) => i.kind === 'tool');
      expect(item).toMatchObject({ status: 'rejected' });
      expect(restarted.approvals.list()).toEqual([]);
    } finally {
      await restarted.close(false);
    }
  });
});
