import { describe, expect, it } from 'vitest';
import { fakeShop, SEEDED_ORDERS, SHOP_TOOLS, toolsNamed } from '../../../tests/support/providers/fake-shop';
import { createDemoProvider } from './demo-provider';
import { fixed, runTurn, withSkillGate } from '../../../tests/support/providers/demo-harness';

const provider = createDemoProvider();
const shop = fakeShop();
const allTools = fixed(Object.values(SHOP_TOOLS));
const { keyboardPaid, dockUnpaid, chargerDelivered, airpodsDelivered } = SEEDED_ORDERS;

describe('demo planner: cancel', () => {
  it('queries by keyword, then cancels the cancellable order', async () => {
    const turn = await runTurn(provider, [], '帮我取消键盘的订单', allTools, shop);
    expect(turn.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['query_order', { keyword: '键盘' }],
      ['cancel_order', { orderNo: keyboardPaid.orderNo }],
    ]);
    expect(turn.answer).toContain(`已为您取消订单 ${keyboardPaid.orderNo}，款项会原路退回`);
  });

  it('promises no refund for an unpaid (待付款) order (issue 30 item 12)', async () => {
    const turn = await runTurn(provider, [], `取消订单 ${dockUnpaid.orderNo}`, allTools, shop);
    expect(turn.calls.at(-1)).toMatchObject({ name: 'cancel_order', arguments: { orderNo: dockUnpaid.orderNo } });
    expect(turn.answer).toContain(`已为您取消订单 ${dockUnpaid.orderNo}。这笔订单还没有付款`);
    expect(turn.answer).not.toMatch(/退回|退款/);
    const en = await runTurn(provider, [], `cancel order ${dockUnpaid.orderNo}`, allTools, shop);
    expect(en.answer).toContain('It had not been paid');
    expect(en.answer).not.toMatch(/returned|refund/i);
  });

  it('English: cancel my keyboard order', async () => {
    const turn = await runTurn(provider, [], 'cancel my keyboard order', allTools, shop);
    expect(turn.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['query_order', { keyword: 'keyboard' }],
      ['cancel_order', { orderNo: keyboardPaid.orderNo }],
    ]);
    expect(turn.answer).toMatch(new RegExp(`Order ${keyboardPaid.orderNo} has been cancelled`));
  });

  it('widens the search when the keyword matches nothing, asks which cancellable order, then cancels the pick', async () => {
    const first = await runTurn(provider, [], 'cancel my blender order', allTools, shop);
    expect(first.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['query_order', { keyword: 'blender' }],
      ['query_order', {}],
    ]);
    expect(first.answer).toMatch(/Which one would you like to cancel/);
    expect(first.answer).toContain(dockUnpaid.orderNo);
    expect(first.answer).toContain(keyboardPaid.orderNo);
    expect(first.answer).not.toContain(chargerDelivered.orderNo); // delivered: not cancellable, not offered
    const second = await runTurn(provider, first.messages, 'the second one', allTools, shop);
    expect(second.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['cancel_order', { orderNo: keyboardPaid.orderNo }],
    ]);
  });

  it('tells the user it was NOT cancelled when the call is rejected', async () => {
    const rejecting = fakeShop({
      cancel_order: () => ({ content: 'Rejected by the operator: call the customer first', isError: true }),
    });
    const zh = await runTurn(provider, [], '帮我取消键盘的订单', allTools, rejecting);
    expect(zh.answer).toContain('没有取消');
    expect(zh.answer).toContain('call the customer first');
    expect(zh.answer).not.toContain('已为您取消');
    const en = await runTurn(provider, [], 'cancel my keyboard order', allTools, rejecting);
    expect(en.answer).toMatch(/was not cancelled: Rejected by the operator/);
  });

  it('explains when nothing matching can be cancelled', async () => {
    const turn = await runTurn(provider, [], '取消AirPods Pro的订单', allTools, shop);
    expect(turn.calls.map((c) => c.name)).toEqual(['query_order']);
    expect(turn.answer).toMatch(/不能取消/);
  });

  it('does not call cancel_order when it is not visible', async () => {
    const turn = await runTurn(provider, [], '帮我取消键盘的订单', fixed(toolsNamed('query_order')), shop);
    expect(turn.calls.map((c) => c.name)).toEqual(['query_order']);
    expect(turn.answer).toMatch(/无法替您取消/);
  });
});

describe('demo planner: refund behind the after-sales skill', () => {
  const gated = withSkillGate(
    toolsNamed('query_order', 'load_skill', 'search_knowledge'),
    toolsNamed('apply_refund'),
    'after-sales',
  );

  it('loads the skill first, then queries and applies the refund once apply_refund is visible', async () => {
    const turn = await runTurn(provider, [], '我买的充电器要退款，因为有一个接口接触不良', gated, shop);
    expect(turn.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['load_skill', { name: 'after-sales' }],
      ['query_order', { keyword: '充电器' }],
      ['apply_refund', { orderNo: chargerDelivered.orderNo, reason: '有一个接口接触不良' }],
    ]);
    expect(turn.visiblePerCall[0]).not.toContain('apply_refund');
    expect(turn.visiblePerCall[1]).toContain('apply_refund');
    expect(turn.answer).toContain('RF20251110001');
  });

  it('asks which delivered order, and on 「第二笔」 refunds it without reloading the skill', async () => {
    const first = await runTurn(provider, [], '我要退款', gated, shop);
    expect(first.calls.map((c) => c.name)).toEqual(['load_skill', 'query_order']);
    expect(first.answer).toContain(chargerDelivered.orderNo);
    expect(first.answer).toContain(airpodsDelivered.orderNo);
    expect(first.answer).not.toContain(keyboardPaid.orderNo); // not delivered, so not offered
    const second = await runTurn(provider, first.messages, '第二笔', gated, shop);
    expect(second.calls.map((c) => c.name)).toEqual(['apply_refund']);
    expect(second.calls[0].arguments).toMatchObject({ orderNo: airpodsDelivered.orderNo });
  });

  it('explains it cannot refund when apply_refund never becomes visible', async () => {
    const turn = await runTurn(
      provider,
      [],
      'I want a refund for my charger',
      fixed(toolsNamed('query_order', 'load_skill')),
      shop,
    );
    expect(turn.calls.map((c) => c.name)).toEqual(['load_skill']); // tried once, no loop
    expect(turn.answer).toMatch(/can't process refunds/);
  });

  it('explains it cannot refund when neither load_skill nor apply_refund is visible', async () => {
    const turn = await runTurn(provider, [], '我要退款', fixed(toolsNamed('query_order')), shop);
    expect(turn.calls).toEqual([]);
    expect(turn.answer).toMatch(/无法替您办理退款/);
  });

  it('reports a rejected refund', async () => {
    const rejecting = fakeShop({ apply_refund: () => ({ content: '超过售后期限', isError: true }) });
    const turn = await runTurn(provider, [], '充电器退款', allTools, rejecting);
    expect(turn.calls.map((c) => c.name)).toEqual(['query_order', 'apply_refund']);
    expect(turn.answer).toContain('没有提交成功：超过售后期限');
  });
});
