import { describe, expect, it } from 'vitest';
import { fakeShop, SEEDED_ORDERS, SHOP_TOOLS, toolsNamed } from '../../../tests/support/providers/fake-shop';
import { fixed, runTurn } from '../../../tests/support/providers/demo-harness';
import { createDemoProvider } from './demo-provider';
import { splitAddress } from './flow-address';

const provider = createDemoProvider();
const shop = fakeShop();
const allTools = fixed(Object.values(SHOP_TOOLS));
const { keyboardPaid, dockUnpaid } = SEEDED_ORDERS;
const ADDRESS = '北京市朝阳区建国路88号现代城5号楼1201室，张明，13800001001';

describe('demo planner: change the shipping address', () => {
  it('finds the order from the words before the address, then updates it with the address as given', async () => {
    const turn = await runTurn(provider, [], `把键盘订单的收货地址改成${ADDRESS}`, allTools, shop);
    expect(turn.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['query_order', { keyword: '键盘' }],
      ['update_shipping_address', { orderNo: keyboardPaid.orderNo, address: ADDRESS }],
    ]);
    expect(turn.answer).toContain(`已把订单 ${keyboardPaid.orderNo} 的收货地址改为：${ADDRESS}`);
  });

  it('asks for a full address instead of guessing one from 「改成公司」', async () => {
    const turn = await runTurn(provider, [], '把收货地址改成公司', allTools, shop);
    expect(turn.calls).toEqual([]);
    expect(turn.answer).toContain('“公司”不是一个完整的收货地址');
  });

  it('asks which order when several have not shipped, then updates the pick', async () => {
    const first = await runTurn(
      provider,
      [],
      `change the address to ${'88 Jianguo Road, Beijing, Zhang Ming'}`,
      allTools,
      shop,
    );
    expect(first.calls.map((c) => c.name)).toEqual(['query_order']);
    expect(first.answer).toContain(dockUnpaid.orderNo);
    expect(first.answer).toContain(keyboardPaid.orderNo);
    const second = await runTurn(provider, first.messages, 'the first one', allTools, shop);
    expect(second.calls.map((c) => c.name)).toEqual(['update_shipping_address']);
    expect(second.calls[0].arguments.address).toBe('88 Jianguo Road, Beijing, Zhang Ming');
  });

  it('does not call update_shipping_address when it is not visible', async () => {
    const turn = await runTurn(
      provider,
      [],
      `把键盘订单的收货地址改成${ADDRESS}`,
      fixed(toolsNamed('query_order')),
      shop,
    );
    expect(turn.calls.map((c) => c.name)).toEqual(['query_order']);
    expect(turn.answer).toMatch(/无法替您修改收货地址/);
  });

  it('tells a full address from a place name', () => {
    expect(splitAddress(`改成${ADDRESS}`).address).toBe(ADDRESS);
    expect(splitAddress('把收货地址改成公司')).toEqual({ before: '把收货地址', said: '公司' });
    expect(splitAddress('地址不对')).toEqual({ before: '地址不对' });
  });
});

describe('demo planner: coupons', () => {
  it('calls query_coupons and lists them', async () => {
    const turn = await runTurn(provider, [], '查一下我的优惠券', allTools, shop);
    expect(turn.calls.map((c) => [c.name, c.arguments])).toEqual([['query_coupons', {}]]);
    expect(turn.answer).toContain('您有 1 张可用优惠券');
    expect(turn.answer).toContain('满 500 减 50');
  });

  it('says it cannot look coupons up when query_coupons is not visible (not mounted)', async () => {
    const turn = await runTurn(provider, [], '查一下我的优惠券', fixed(toolsNamed('query_order')), shop);
    expect(turn.calls).toEqual([]);
    expect(turn.answer).toContain('我现在查不到优惠券');
  });
});
