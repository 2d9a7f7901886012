import { describe, expect, it } from 'vitest';
import { fakeShop, SEEDED_ORDERS, SHOP_TOOLS, toolsNamed } from '../../../tests/support/providers/fake-shop';
import { createDemoProvider } from './demo-provider';
import { fixed, runTurn } from '../../../tests/support/providers/demo-harness';

const provider = createDemoProvider();
const shop = fakeShop();
const allTools = fixed(Object.values(SHOP_TOOLS));
const SEED_QUESTION = '上周买的AirPods Pro还没收到，帮我看看送到哪了';

describe('demo planner: where is my parcel (T2 chain)', () => {
  it('queries orders, then asks which of the two AirPods orders is meant', async () => {
    const turn = await runTurn(provider, [], SEED_QUESTION, allTools, shop);
    expect(turn.calls).toHaveLength(1);
    expect(turn.calls[0]).toEqual(
      expect.objectContaining({ name: 'query_order', arguments: { keyword: 'AirPods Pro' } }),
    );
    for (const order of [SEEDED_ORDERS.airpodsShipped, SEEDED_ORDERS.airpodsDelivered]) {
      expect(turn.answer).toContain(order.orderNo);
      expect(turn.answer).toContain(order.statusText);
      expect(turn.answer).toContain(order.createdAt.slice(0, 10));
    }
    expect(turn.answer).toContain('Apple AirPods Pro（第二代）');
    expect(turn.answer).not.toContain(SEEDED_ORDERS.keyboardPaid.orderNo);
    expect(turn.answer).toMatch(/哪一笔/);
  });

  it('「第一笔」 -> query_logistics with the trackingNo from the order result, then reports the newest node', async () => {
    const first = await runTurn(provider, [], SEED_QUESTION, allTools, shop);
    // The user even types a wrong tracking number: it must not be used.
    const second = await runTurn(provider, first.messages, '第一笔，运单号好像是BIT0000000000', allTools, shop);
    expect(second.calls).toEqual([
      expect.objectContaining({ name: 'query_logistics', arguments: { trackingNo: 'BIT9100000233' } }),
    ]);
    expect(second.answer).toContain('2025-11-09 12:30'); // 04:30Z shown in the shop's zone (UTC+8)
    expect(second.answer).toContain('上海');
    expect(second.answer).toContain('因区域运力紧张，快件延迟发出');
    expect(second.answer).toContain('BS1001003');
    expect(second.answer).not.toContain('已揽收'); // only the newest node is reported
  });

  it('「第二笔」 and an order number pick the other order', async () => {
    const first = await runTurn(provider, [], SEED_QUESTION, allTools, shop);
    const byPosition = await runTurn(provider, first.messages, '第二笔', allTools, shop);
    expect(byPosition.calls[0].arguments).toEqual({ trackingNo: 'BIT9100000118' });
    const byNumber = await runTurn(provider, first.messages, 'BS1001003', allTools, shop);
    expect(byNumber.calls[0].arguments).toEqual({ trackingNo: 'BIT9100000233' });
  });

  it('an unclear reply to the question asks again without calling anything', async () => {
    const first = await runTurn(provider, [], SEED_QUESTION, allTools, shop);
    const second = await runTurn(provider, first.messages, '嗯', allTools, shop);
    expect(second.calls).toEqual([]);
    expect(second.answer).toContain('BS1001003');
    expect(second.answer).toMatch(/序号|订单号/);
  });

  it('works in English: "where is my AirPods order" -> clarify -> "the first one"', async () => {
    const first = await runTurn(provider, [], 'where is my AirPods order', allTools, shop);
    expect(first.calls[0]).toMatchObject({ name: 'query_order', arguments: { keyword: 'AirPods' } });
    expect(first.answer).toMatch(/Which one/);
    const second = await runTurn(provider, first.messages, 'the first one', allTools, shop);
    expect(second.calls[0]).toMatchObject({ name: 'query_logistics', arguments: { trackingNo: 'BIT9100000233' } });
    expect(second.answer).toMatch(/Latest tracking update/);
    expect(second.answer).toContain('快件延迟发出');
  });

  it('goes straight to query_logistics when only one order matches', async () => {
    const onlyShipped = fakeShop({
      query_order: () => ({ content: JSON.stringify({ orders: [SEEDED_ORDERS.airpodsShipped] }) }),
    });
    const turn = await runTurn(provider, [], SEED_QUESTION, allTools, onlyShipped);
    expect(turn.calls.map((c) => c.name)).toEqual(['query_order', 'query_logistics']);
    expect(turn.calls[1].arguments).toEqual({ trackingNo: 'BIT9100000233' });
    expect(turn.answer).toContain('快件延迟发出');
  });

  it('says the order has not shipped when it has no trackingNo', async () => {
    const turn = await runTurn(provider, [], '我的键盘送到哪了', allTools, shop);
    expect(turn.calls.map((c) => c.name)).toEqual(['query_order']);
    expect(turn.calls[0].arguments).toEqual({ keyword: '键盘' });
    expect(turn.answer).toContain(SEEDED_ORDERS.keyboardPaid.orderNo);
    expect(turn.answer).toMatch(/还没有发货/);
  });

  it('without query_order in the tool list it gives the generic delivery answer and calls nothing (the seed failure)', async () => {
    const turn = await runTurn(
      provider,
      [],
      SEED_QUESTION,
      fixed(toolsNamed('query_logistics', 'search_knowledge')),
      shop,
    );
    expect(turn.calls).toEqual([]);
    expect(turn.answer).toMatch(/3-5天/);
  });

  it('reports the stage that failed when a tool returns an error', async () => {
    const failing = fakeShop({ query_order: () => ({ content: 'order service unavailable', isError: true }) });
    const turn = await runTurn(provider, [], SEED_QUESTION, allTools, failing);
    expect(turn.calls).toHaveLength(1);
    expect(turn.answer).toContain('order service unavailable');
  });

  it('says so when query_logistics is not visible but the order has a tracking number', async () => {
    const onlyShipped = fakeShop({
      query_order: () => ({ content: JSON.stringify({ orders: [SEEDED_ORDERS.airpodsShipped] }) }),
    });
    const turn = await runTurn(provider, [], SEED_QUESTION, fixed(toolsNamed('query_order')), onlyShipped);
    expect(turn.calls.map((c) => c.name)).toEqual(['query_order']);
    expect(turn.answer).toContain('BIT9100000233');
    expect(turn.answer).toMatch(/没有查询物流的工具/);
  });
});
