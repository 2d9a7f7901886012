import { afterEach, describe, expect, it } from 'vitest';
import type { ChatItem } from '../../../shared/contract';
import { REFUSED_CALL_PREFIX } from './refusal';
import { createDemoProvider } from '../../demo-shop/demo-provider';
import { startRuntimeHarness, type RuntimeHarness } from '../../../../tests/support/agent/runtime-harness';
import { callTools, say, scriptedProvider } from '../../../../tests/support/agent/scripted-provider';
import { SkillPinStore } from '../server-skills/skill-pins';

const SEED_QUESTION = '上周买的AirPods Pro还没收到，帮我看看送到哪了';
type ToolItem = Extract<ChatItem, { kind: 'tool' }>;
const toolItems = (h: RuntimeHarness, id: string) =>
  h.agent.get(id).items.filter((i): i is ToolItem => i.kind === 'tool');
const lastAssistant = (h: RuntimeHarness, id: string) =>
  h.agent
    .get(id)
    .items.filter((i) => i.kind === 'assistant')
    .at(-1) as { text: string };

let harness: RuntimeHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function talk(h: RuntimeHarness, id: string, text: string) {
  const { done } = h.agent.send(id, text);
  return done;
}

describe('agent runtime with the demo model and the real shop', () => {
  it('runs the T2 chain: query_order, a clarifying question, then query_logistics with the tracking number from the order', async () => {
    harness = await startRuntimeHarness({ provider: createDemoProvider });
    const { id } = await harness.agent.create('u1001');
    expect((await talk(harness, id, SEED_QUESTION)).status).toBe('completed');
    expect(toolItems(harness, id).map((t) => [t.toolName, t.status])).toEqual([['query_order', 'success']]);
    expect(lastAssistant(harness, id).text).toMatch(/BIT2\d+|哪一笔|which/i);

    expect((await talk(harness, id, '第一笔')).status).toBe('completed');
    const logistics = toolItems(harness, id).find((t) => t.toolName === 'query_logistics')!;
    expect(logistics).toMatchObject({ status: 'success', arguments: { trackingNo: 'BIT9100000233' }, server: 'shop' });
    const truth = await harness.client.callTool({
      name: 'query_logistics',
      arguments: { trackingNo: 'BIT9100000233' },
      _meta: { 'switchboard/customerId': 'u1001' },
    });
    const newest = (truth.structuredContent as { nodes: { location: string; description: string }[] }).nodes[0];
    expect(lastAssistant(harness, id).text).toContain(newest.location);

    const turn = harness.agent.get(id).turns[0];
    expect(turn.steps[0].tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['search_knowledge', 'load_skill', 'query_order', 'query_logistics', 'cancel_order']),
    );
    expect(turn.steps[0].tools.map((t) => t.name)).not.toContain('apply_refund');
    expect(turn.steps[0].totalTokens).toBeGreaterThan(50);
    expect(
      harness.records
        .list({ conversationId: id })
        .map((r) => r.tool)
        .sort(),
    ).toEqual(['query_logistics', 'query_order']);
  });

  it('answers generically, calling nothing, when query_order is not mounted (the seed failure)', async () => {
    harness = await startRuntimeHarness({ provider: createDemoProvider });
    const withoutOrder = harness.catalog();
    expect(withoutOrder.bindingsByToolId.has('query_order')).toBe(true);
    const intents = JSON.parse(
      JSON.stringify(
        (await import('yaml')).parse((await import('../../demo-shop/default-config')).demoShopConfigText()).intents,
      ),
    );
    intents[0].children = intents[0].children.filter((n: { toolId?: string }) => n.toolId !== 'query_order');
    harness.setIntents(intents);
    const { id } = await harness.agent.create('u1001');
    await talk(harness, id, SEED_QUESTION);
    expect(toolItems(harness, id)).toEqual([]);
    expect(harness.agent.get(id).turns[0].steps[0].tools.map((t) => t.name)).not.toContain('query_order');
    expect(lastAssistant(harness, id).text.length).toBeGreaterThan(10);
  });

  it('reject leaves the order unchanged; approve cancels it', async () => {
    harness = await startRuntimeHarness({ provider: createDemoProvider });
    const keyboard = harness.shop.store.listOrders('u1001').find((o) => /键盘|keyboard/i.test(o.items[0].name))!;
    let decision: 'reject' | 'approve' = 'reject';
    harness.autoDecide((tool) => (tool === 'cancel_order' ? decision : undefined));

    const first = await harness.agent.create('u1001');
    await talk(harness, first.id, '帮我取消键盘的订单');
    const rejected = toolItems(harness, first.id).find((t) => t.toolName === 'cancel_order')!;
    expect(rejected.status).toBe('rejected');
    expect(harness.shop.store.getOrder(keyboard.orderNo)!.status).toBe(keyboard.status);
    expect(harness.shop.store.writesExecuted).toBe(0);
    const rejectedRecord = await harness.records.get(rejected.recordId!);
    expect(rejectedRecord.approval).toMatchObject({ decision: 'reject', reason: 'not today', decidedBy: 'operator' });
    expect(rejectedRecord.approval!.argumentsHash).toMatch(/^sha256:/);

    decision = 'approve';
    const second = await harness.agent.create('u1001');
    await talk(harness, second.id, '帮我取消键盘的订单');
    expect(toolItems(harness, second.id).find((t) => t.toolName === 'cancel_order')!.status).toBe('success');
    expect(harness.shop.store.getOrder(keyboard.orderNo)!.status).toBe('cancelled');
    expect(harness.shop.store.writesExecuted).toBe(1);
  });

  it('a rejection reaches the user in their language, never the operator’s note; the model reads the note as internal', async () => {
    harness = await startRuntimeHarness({ provider: createDemoProvider });
    const note = '已超过7天售后期，需人工复核';
    harness.autoDecide((tool) => (tool === 'cancel_order' ? 'reject' : undefined), note);
    const zh = await harness.agent.create('u1001');
    await talk(harness, zh.id, '帮我取消键盘的订单');
    const rejected = toolItems(harness, zh.id).find((t) => t.toolName === 'cancel_order')!;
    expect(rejected.status).toBe('rejected');
    // What the model read: a refusal, the note marked as the agent's, and what to tell the customer instead.
    expect(rejected.resultText).toMatch(new RegExp(`^${REFUSED_CALL_PREFIX}`));
    expect(rejected.resultText).toContain(`for you, the agent, not for the user: "${note}"`);
    expect(rejected.resultText).toMatch(/in the user's own language/);
    const answer = lastAssistant(harness, zh.id).text;
    expect(answer).not.toContain(note);
    expect(answer).not.toMatch(/operator|approve|reject/i);
    expect(answer).toMatch(/暂时没有办理/);
    expect(answer).toMatch(/^[^A-Za-z]*BS\d+[^A-Za-z]*$/); // Chinese throughout, apart from the order number

    const en = await harness.agent.create('u1001');
    await talk(harness, en.id, 'cancel my keyboard order');
    const english = lastAssistant(harness, en.id).text;
    expect(english).toMatch(/has not been done for now/);
    expect(english).not.toContain(note);
  });

  it('approve-for-conversation does not ask again; a timeout counts as a reject', async () => {
    const order = () =>
      harness!.shop.store.listOrders('u1001').find((o) => o.status === 'paid' || o.status === 'unpaid')!.orderNo;
    const update = (address: string) =>
      callTools({ name: 'update_shipping_address', arguments: { orderNo: order(), address } });
    harness = await startRuntimeHarness({
      provider: () => provider,
      approvalTimeoutMs: 300,
    });
    const provider = scriptedProvider([
      update('上海市浦东新区张江路1号 王小明 13800000001'),
      say('ok'),
      update('上海市浦东新区张江路2号 王小明 13800000002'),
      say('ok'),
    ]);
    let asked = 0;
    harness.autoDecide(() => (++asked === 1 ? 'approve_conversation' : undefined));
    const { id } = await harness.agent.create('u1001');
    await talk(harness, id, 'change it');
    await talk(harness, id, 'change it again');
    expect(asked).toBe(1);
    const updates = toolItems(harness, id).filter((t) => t.toolName === 'update_shipping_address');
    expect(updates.map((u) => [u.status, u.resultText])).toEqual([
      ['success', expect.any(String)],
      ['success', expect.any(String)],
    ]);
    expect((await harness.records.get(updates[1].recordId!)).approval?.decision).toBe('remembered');

    const other = await harness.agent.create('u1001');
    const timedOut = scriptedProvider([update('上海市浦东新区张江路3号 王小明 13800000003'), say('ok')]);
    provider.stream = timedOut.stream;
    await talk(harness, other.id, 'change it');
    const item = toolItems(harness, other.id)[0];
    expect(item.status).toBe('rejected');
    expect((await harness.records.get(item.recordId!)).approval?.decision).toBe('timeout');
    expect(harness.shop.store.getOrder(order())!.shippingAddress).toBe('上海市浦东新区张江路2号 王小明 13800000002');
  });

  it('blocks a gated tool before its skill is loaded, then lets it run after load_skill', async () => {
    const delivered = () =>
      harness!.shop.store
        .listOrders('u1001')
        .find((o) => o.status === 'delivered' && o.items[0].name.includes('AirPods') === false)!;
    const provider = scriptedProvider([
      () => callTools({ name: 'apply_refund', arguments: { orderNo: delivered().orderNo, reason: 'x' } }),
      callTools({ name: 'load_skill', arguments: { name: 'after-sales' } }),
      () => callTools({ name: 'apply_refund', arguments: { orderNo: delivered().orderNo, reason: '不喜欢' } }),
      say('done'),
    ]);
    harness = await startRuntimeHarness({ provider: () => provider });
    harness.autoDecide(() => 'approve');
    const { id } = await harness.agent.create('u1001');
    await talk(harness, id, '我要退款');
    const calls = toolItems(harness, id);
    expect(calls.map((c) => [c.toolName, c.status])).toEqual([
      ['apply_refund', 'blocked'],
      ['load_skill', 'success'],
      ['apply_refund', 'success'],
    ]);
    expect(calls[0].resultText).toContain('load_skill');
    // The manual is the SKILL.md body the shop publishes (the default config's after-sales takes it from `server: shop`).
    expect(calls[1].resultText).toContain('1. 先用 query_order 确认订单已签收，且签收不超过 7 天。');
    expect(provider.requests[0].tools.map((t) => t.name)).not.toContain('apply_refund');
    expect(provider.requests[2].tools.map((t) => t.name)).toContain('apply_refund');
    expect(harness.shop.store.writesExecuted).toBe(1);
  });

  it('refuses to load a server skill whose digest changed since it was pinned: the reason reaches the model, the gate stays shut', async () => {
    const skillPins = SkillPinStore.inMemory();
    skillPins.accept('shop', 'after-sales', 'a'.repeat(64)); // what the operator trusted before the shop changed its manual
    const provider = scriptedProvider([
      callTools({ name: 'load_skill', arguments: { name: 'after-sales' } }),
      callTools({ name: 'apply_refund', arguments: { orderNo: 'x', reason: 'y' } }),
      say('sorry'),
    ]);
    harness = await startRuntimeHarness({ provider: () => provider, skillPins });
    const { id } = await harness.agent.create('u1001');
    await talk(harness, id, '我要退款');
    const calls = toolItems(harness, id);
    expect(calls.map((c) => [c.toolName, c.status])).toEqual([
      ['load_skill', 'error'],
      ['apply_refund', 'blocked'],
    ]);
    expect(calls[0].resultText).toMatch(
      /skill after-sales takes its manual from server shop, and it cannot be loaded now: its files changed since they were pinned/,
    );
    expect(provider.requests[1].tools.map((t) => t.name)).not.toContain('apply_refund');
    expect(harness.shop.store.writesExecuted).toBe(0);
  });

  it('refuses a tool that is bound nowhere visible (query_coupons is unmounted)', async () => {
    const provider = scriptedProvider([callTools({ name: 'query_coupons', arguments: {} }), say('sorry')]);
    harness = await startRuntimeHarness({ provider: () => provider });
    const { id } = await harness.agent.create('u1001');
    await talk(harness, id, 'coupons?');
    expect(toolItems(harness, id)[0]).toMatchObject({ toolName: 'query_coupons', status: 'blocked' });
    expect(provider.requests[1].messages.at(-1)).toMatchObject({ role: 'tool', isError: true });
  });
});
