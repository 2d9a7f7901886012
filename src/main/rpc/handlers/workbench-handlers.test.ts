import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest, RouteName } from '../../../shared/contract';
import type { IntentNode } from '../../../shared/config/schema';
import { createTestCore, type TestCore } from '../../../../tests/support/core';

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

async function call<T = unknown>(route: RouteName, input: unknown): Promise<T> {
  const result = await core.dispatch(route, input, { transport: 'internal' });
  if (!result.ok) throw new Error(`${route}: ${result.error.code} ${result.error.message}`);
  return result.data as T;
}

describe('tools.call', () => {
  it('a write asks the operator first (an approval marked actor operator) and runs once approved', async () => {
    const requested = new Promise<ApprovalRequest>((resolve) =>
      core.events.subscribe((name, payload) => name === 'approvals.requested' && resolve(payload as ApprovalRequest)),
    );
    const run = call<{ item: { status: string }; record: { actor: string; approval: { decision: string } } }>(
      'tools.call',
      {
        runId: 'op_test1234',
        toolId: 'cancel_order',
        server: 'shop',
        arguments: { orderNo: 'BS1001011' },
        actingIdentity: 'u1001',
      },
    );
    const request = await requested;
    expect(request).toMatchObject({
      conversationId: 'op_test1234',
      toolName: 'cancel_order',
      actor: 'operator',
      policy: 'auto',
    });
    await call('approvals.resolve', { id: request.id, decision: 'approve' });
    const done = await run;
    expect(done.item.status).toBe('success');
    expect(done.record).toMatchObject({ actor: 'operator', approval: { decision: 'approve' } });
    const operator = await call<{ tool: string }[]>('records.list', { actor: 'operator' });
    expect(operator.map((r) => r.tool)).toEqual(['cancel_order']);
    expect(await call<unknown[]>('records.list', { actor: 'model' })).toEqual([]);
  });

  it('refuses a tool the server does not offer (not_found)', async () => {
    const result = await core.dispatch(
      'tools.call',
      { toolId: 'nope', server: 'shop', arguments: {}, actingIdentity: 'u1001' },
      { transport: 'internal' },
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});

describe('tests.*', () => {
  it('lists the default examples, runs one, keeps its last result with a transcript', async () => {
    const list = await call<{ cases: { id: string; source: string; last: unknown }[]; problems: unknown[] }>(
      'tests.list',
      {},
    );
    expect(list.problems).toEqual([]);
    expect(list.cases.map((c) => c.id)).toContain('example:order-cancel:帮我取消键盘的订单');
    const ran = await call<{ passed: number; failed: number }>('tests.run', {
      ids: ['example:order-cancel:帮我取消键盘的订单'],
    });
    expect(ran).toMatchObject({ passed: 1, failed: 0 });
    const result = await call<{ passed: boolean; transcript: { kind: string; toolName?: string; status?: string }[] }>(
      'tests.result',
      { id: 'example:order-cancel:帮我取消键盘的订单' },
    );
    expect(result.passed).toBe(true);
    // --approve none by default: the write was asked for, and refused without running.
    expect(result.transcript.find((i) => i.toolName === 'cancel_order')).toMatchObject({ status: 'rejected' });
    const again = await call<{ cases: { id: string; last: { passed: boolean } | null }[] }>('tests.list', {});
    expect(again.cases.find((c) => c.id === 'example:order-cancel:帮我取消键盘的订单')?.last?.passed).toBe(true);
    expect(await call<unknown[]>('chat.list', {})).toEqual([]); // test runs add no conversation
  });

  it('turns a saved conversation into a case whose calls are the expectations, and it passes', async () => {
    const conversation = await call<{ id: string }>('chat.create', { actingIdentity: 'u1001' });
    await core.runtime.agent.send(conversation.id, '上周买的AirPods Pro还没收到，帮我看看送到哪了').done;
    await core.runtime.agent.send(conversation.id, '第一笔').done;
    const saved = await call<{ id: string }>('tests.saveConversation', {
      conversationId: conversation.id,
      name: 'airpods story',
    });
    expect(saved.id).toBe('case:airpods story');
    const yaml = await readFile(join(dir, 'cases.yaml'), 'utf8');
    expect(yaml).toContain('name: airpods story');
    expect(yaml).toContain('trackingNo: BIT9100000233');
    expect(await call('tests.run', { ids: ['case:airpods story'] })).toMatchObject({ passed: 1, failed: 0 });
    const dup = await core.dispatch(
      'tests.saveConversation',
      { conversationId: conversation.id, name: 'airpods story' },
      { transport: 'internal' },
    );
    expect(dup).toMatchObject({ ok: false, error: { code: 'conflict' } });
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
    const preview = await call<{
      added: string[];
      removed: string[];
      before: { totalTokens: number };
      after: { totalTokens: number };
      affectedNodes: string[];
      examples: { id: string; passed: boolean }[];
    }>('preview.run', { intents: draft });
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
    const result = await core.dispatch(
      'preview.run',
      { intents: [{ id: 'x', kind: 'mcp', name: 'x' }] },
      { transport: 'internal' },
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });
});
