import { describe, expect, it } from 'vitest';
import { seedShopData } from './shop-seed';
import { orderNotFoundMessage, ShopStore } from './shop-store';

const START = new Date('2026-03-10T08:00:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;

function makeStore(now: () => Date = () => START) {
  return new ShopStore(seedShopData(START), now);
}

const orderNos = (orders: Array<{ orderNo: string }>) => orders.map((o) => o.orderNo);

describe('seed data', () => {
  it('is deterministic for a given date, whatever the time of day, and moves with the date', () => {
    expect(seedShopData(START)).toEqual(seedShopData(new Date(START)));
    // Started at 08:00 or at 23:59 the same (UTC) day: the same data, so a replay later that day compares like with like.
    expect(seedShopData(new Date('2026-03-10T23:59:59.000Z'))).toEqual(seedShopData(START));
    expect(seedShopData(new Date('2026-03-10T00:00:00.000Z'))).toEqual(seedShopData(START));
    const later = seedShopData(new Date(START.getTime() + 30 * DAY_MS));
    const story = (seed: ReturnType<typeof seedShopData>) => seed.orders.find((o) => o.orderNo === 'BS1001003')!;
    expect(Date.parse(story(later).createdAt) - Date.parse(story(seedShopData(START)).createdAt)).toBe(30 * DAY_MS);
  });

  it('has the story order: AirPods Pro placed ~6 days ago, in transit with BIT9100000233', () => {
    const order = makeStore().getOrder('BS1001003')!;
    expect(order.customerId).toBe('u1001');
    expect(order.status).toBe('shipped');
    expect(order.trackingNo).toBe('BIT9100000233');
    expect(order.tracking.length).toBeGreaterThanOrEqual(4);
    const ageDays = (START.getTime() - Date.parse(order.createdAt)) / DAY_MS;
    expect(ageDays).toBeGreaterThan(5);
    expect(ageDays).toBeLessThan(8);
  });
});

describe('listOrders', () => {
  const store = makeStore();

  it('returns only the customer own orders, newest first', () => {
    const orders = store.listOrders('u1001');
    expect(orders.every((o) => o.customerId === 'u1001')).toBe(true);
    const times = orders.map((o) => Date.parse(o.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(orderNos(orders)).not.toContain('BS1000990');
  });

  it.each(['airpods', 'AirPods Pro', '耳机', 'AIRPODS 耳机', 'earphones'])(
    'keyword %s finds both AirPods orders',
    (keyword) => {
      expect(orderNos(store.listOrders('u1001', { keyword }))).toEqual(['BS1001003', 'BS1000871']);
    },
  );

  it('keyword that matches nothing, or words split across items, gives nothing', () => {
    expect(store.listOrders('u1001', { keyword: '冰箱' })).toEqual([]);
    expect(store.listOrders('u1001', { keyword: 'airpods 键盘' })).toEqual([]);
  });

  it('days keeps only recent orders', () => {
    expect(orderNos(store.listOrders('u1001', { keyword: 'airpods', days: 14 }))).toEqual(['BS1001003']);
    expect(orderNos(store.listOrders('u1001', { days: 2 }))).toEqual(['BS1001015', 'BS1001011']);
  });

  it('orderNo matches exactly (case-insensitive) and never crosses customers', () => {
    expect(orderNos(store.listOrders('u1001', { orderNo: 'bs1001011' }))).toEqual(['BS1001011']);
    expect(store.listOrders('u1002', { orderNo: 'BS1001011' })).toEqual([]);
  });

  it('hands out copies: mutating a result does not change the store', () => {
    store.listOrders('u1001')[0].status = 'cancelled';
    expect(store.getOrder('BS1001015')!.status).toBe('unpaid');
  });
});

describe('findOrderByTrackingNo', () => {
  it('finds own tracking numbers only', () => {
    const store = makeStore();
    expect(store.findOrderByTrackingNo('u1001', 'BIT9100000233')?.orderNo).toBe('BS1001003');
    expect(store.findOrderByTrackingNo('u1002', 'BIT9100000233')).toBeUndefined();
    expect(store.findOrderByTrackingNo('u1002', 'BIT9100000777')?.orderNo).toBe('BS1000990');
  });
});

describe('writes', () => {
  it('cancels unpaid and paid orders; a cancelled order stays cancelled', () => {
    const store = makeStore();
    expect(store.cancelOrder('u1001', 'BS1001011', '不想要了')).toMatchObject({
      ok: true,
      value: { status: 'cancelled' },
    });
    expect(store.cancelOrder('u1001', 'BS1001015')).toMatchObject({ ok: true });
    const again = store.cancelOrder('u1001', 'BS1001011');
    expect(again.ok).toBe(false);
    expect(store.getOrder('BS1001011')).toMatchObject({ status: 'cancelled', cancelReason: '不想要了' });
    // A cancelled order cannot be re-addressed either.
    expect(store.updateShippingAddress('u1001', 'BS1001011', '北京市朝阳区 1 号').ok).toBe(false);
  });

  it('refuses to cancel shipped or delivered orders', () => {
    const store = makeStore();
    const shipped = store.cancelOrder('u1001', 'BS1001003');
    expect(shipped).toEqual({ ok: false, message: expect.stringContaining('已发货，无法取消') });
    expect(store.cancelOrder('u1001', 'BS1000952').ok).toBe(false);
    expect(store.getOrder('BS1001003')!.status).toBe('shipped');
  });

  it('another customer order answers exactly like a missing one', () => {
    const store = makeStore();
    const foreign = store.cancelOrder('u1002', 'BS1001011');
    const missing = store.cancelOrder('u1002', 'BS0000000');
    expect(foreign).toEqual({ ok: false, message: orderNotFoundMessage('BS1001011') });
    expect(missing).toEqual({ ok: false, message: orderNotFoundMessage('BS0000000') });
    expect(store.getOrder('BS1001011')!.status).toBe('paid');
  });

  it('changes the address only before shipping', () => {
    const store = makeStore();
    expect(store.updateShippingAddress('u1001', 'BS1001011', '杭州市西湖区文三路 1 号')).toMatchObject({ ok: true });
    expect(store.getOrder('BS1001011')!.shippingAddress).toBe('杭州市西湖区文三路 1 号');
    const shipped = store.updateShippingAddress('u1001', 'BS1001003', '杭州市西湖区文三路 1 号');
    expect(shipped).toEqual({ ok: false, message: expect.stringContaining('只有未发货的订单') });
  });

  it('refunds only delivered orders within 7 days of delivery, once', () => {
    const store = makeStore();
    const ok = store.applyRefund('u1001', 'BS1000952', '充电器有异响');
    expect(ok).toMatchObject({
      ok: true,
      value: { orderNo: 'BS1000952', status: 'open', ticketId: expect.stringMatching(/^AS\d+$/) },
    });
    expect(store.tickets).toHaveLength(1);
    expect(store.applyRefund('u1001', 'BS1000952', '再来一次')).toEqual({
      ok: false,
      message: expect.stringContaining('已有处理中的售后单'),
    });
    expect(store.applyRefund('u1001', 'BS1000871', '坏了')).toEqual({
      ok: false,
      message: expect.stringContaining('超过 7 天'),
    });
    expect(store.applyRefund('u1001', 'BS1001003', '没收到')).toEqual({
      ok: false,
      message: expect.stringContaining('只有已签收的订单'),
    });
    expect(store.tickets).toHaveLength(1);
  });

  it('the refund window follows the clock', () => {
    let now = START;
    const store = makeStore(() => now);
    now = new Date(START.getTime() + 6 * DAY_MS); // delivered 2d4h before start: now 8+ days ago
    expect(store.applyRefund('u1001', 'BS1000952', '晚了').ok).toBe(false);
  });

  it('counts every executed write and, separately, the ones that changed state', () => {
    const store = makeStore();
    store.cancelOrder('u1001', 'BS1001003'); // refused
    store.cancelOrder('u1001', 'BS1001011'); // applied
    store.cancelOrder('u1002', 'BS1001015'); // not theirs
    store.applyRefund('u1001', 'BS1000952', '质量问题'); // applied
    expect(store.writesExecuted).toBe(4);
    expect(store.writesApplied).toBe(2);
  });
});
