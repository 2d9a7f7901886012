import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../../shared/contract';
import type { IntentNode } from '../../../shared/config/schema';
import { createTestCore, type TestCore } from '../../../../tests/support/core';
import { Conflict, Invalid, NotFound } from '../errors';

let dir: string;
let core: TestCore;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-workbench-'));
  core = await createTestCore({ dataDir: dir, watchConfig: false, log: () => undefined });
  await core.whenServersSettled();
});
afterEach(async () => {
  await core.close();
  await rm(dir, { recursive: true, force: true });
});

const workbench = () => core.services.workbench;

describe('tools.call', () => {
  it('a write asks the operator first (an approval marked actor operator) and runs once approved', async () => {
    const requested = new Promise<ApprovalRequest>((resolve) =>
      core.events.subscribe((name, payload) => name === 'approvals.requested' && resolve(payload as ApprovalRequest)),
    );
    const run = workbench().call({
      runId: 'op_test1234',
      toolId: 'cancel_order',
      server: 'shop',
      arguments: { orderNo: 'BS1001011' },
      actingIdentity: 'u1001',
    });
    const request = await requested;
    expect(request).toMatchObject({
      conversationId: 'op_test1234',
      toolName: 'cancel_order',
      actor: 'operator',
      policy: 'auto',
    });
    core.services.approvals.answer(request.id, { decision: 'approve' });
    const done = await run;
    expect(done.item.status).toBe('success');
    expect(done.record).toMatchObject({ actor: 'operator', approval: { decision: 'approve' } });
    const operator = core.services.records.list({ actor: 'operator' });
    expect(operator.map((r) => r.tool)).toEqual(['cancel_order']);
    expect(core.services.records.list({ actor: 'model' })).toEqual([]);
  });

  it('refuses a tool the server does not offer (not_found)', async () => {
    await expect(
      workbench().call({ toolId: 'nope', server: 'shop', arguments: {}, actingIdentity: 'u1001' }),
    ).rejects.toBeInstanceOf(NotFound);
  });
});

describe('tests.*', () => {
  it('lists the default examples, runs one, keeps its last result with a transcript', async () => {
    const list = await workbench().listTests();
    expect(list.problems).toEqual([]);
    expect(list.cases.map((c) => c.id)).toContain('example:order-cancel:帮我取消键盘的订单');
    const ran = await workbench().runTests(['example:order-cancel:帮我取消键盘的订单'], 'none');
    expect(ran).toMatchObject({ passed: 1, failed: 0 });
    const result = await workbench().testResult('example:order-cancel:帮我取消键盘的订单');
    expect(result.passed).toBe(true);
    // Approve none: the write was asked for, and refused without running.
    expect(result.transcript.find((i) => i.kind === 'tool' && i.toolName === 'cancel_order')).toMatchObject({
      status: 'rejected',
    });
    const again = await workbench().listTests();
    expect(again.cases.find((c) => c.id === 'example:order-cancel:帮我取消键盘的订单')?.last?.passed).toBe(true);
    expect(await core.services.conversations.list()).toEqual([]); // test runs add no conversation
  });

  it('approve all answers every write the case asks for with an approval, so the write runs', async () => {
    await workbench().runTests(['example:order-cancel:帮我取消键盘的订单'], 'all');
    const result = await workbench().testResult('example:order-cancel:帮我取消键盘的订单');
    expect(result.transcript.find((i) => i.kind === 'tool' && i.toolName === 'cancel_order')).toMatchObject({
      status: 'success',
    });
  });

  it('turns a saved conversation into a case whose calls are the expectations, and it passes', async () => {
    const conversation = await core.services.conversations.create('u1001');
    await core.runtime.agent.send(conversation.id, '上周买的AirPods Pro还没收到，帮我看看送到哪了').done;
    await core.runtime.agent.send(conversation.id, '第一笔').done;
    const saved = await workbench().saveConversationAsTest(conversation.id, 'airpods story');
    expect(saved.id).toBe('case:airpods story');
    const yaml = await readFile(join(dir, 'cases.yaml'), 'utf8');
    expect(yaml).toContain('name: airpods story');
    expect(yaml).toContain('trackingNo: BIT9100000233');
    expect(await workbench().runTests(['case:airpods story'], 'none')).toMatchObject({ passed: 1, failed: 0 });
    await expect(workbench().saveConversationAsTest(conversation.id, 'airpods story')).rejects.toBeInstanceOf(Conflict);
  });
});

describe('preview.run', () => {
  it('shows the visible tools a draft adds, with tokens, and runs the affected examples against the draft without saving', async () => {
    const { intents } = core.config.current();
    const draft: IntentNode[] = structuredClone(intents);
    const shop = draft[0] as Extract<IntentNode, { kind: 'category' }>;
    shop.children.push({
      id: 'coupons',
      name: '优惠券',
      kind: 'mcp',
      toolId: 'query_coupons',
      confirm: 'auto',
      examples: ['查一下我的优惠券'],
    });
    const preview = await workbench().preview(draft);
    expect(preview.added).toEqual(['query_coupons']);
    expect(preview.removed).toEqual([]);
    expect(preview.after.totalTokens).toBeGreaterThan(preview.before.totalTokens);
    expect(preview.affectedNodes).toEqual(['coupons']);
    expect(preview.examples).toEqual([
      expect.objectContaining({ id: 'example:coupons:查一下我的优惠券', passed: true }),
    ]);
    expect(core.config.current().intents).toEqual(intents); // nothing saved
  });

  it('refuses a draft that is not a valid tree (bad_request)', async () => {
    await expect(workbench().preview([{ id: 'x', kind: 'mcp', name: 'x' }])).rejects.toBeInstanceOf(Invalid);
  });
});
