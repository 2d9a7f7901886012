// The shop tools over real Streamable HTTP with the SDK client, as the app will use them.
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CUSTOMER_ID_META_KEY, DEMO_STATE_META_KEY, NO_IDENTITY_MESSAGE } from './shop-mcp-server';
import { startShopServer, type ShopServerHandle } from './shop-server';
import { callAs, connectShopClient } from '../../tests/support/shop-test-client';
import { toolSuccess } from './tool-results';

const NOW = new Date('2026-03-10T08:00:00.000Z');
const fixedClock = () => NOW;

interface PublicOrder {
  orderNo: string;
  status: string;
  statusText: string;
  trackingNo?: string;
  items: Array<{ name: string; quantity: number; price: number }>;
  amount: number;
  createdAt: string;
  shippingAddress: string;
}

describe('shop tools (read)', () => {
  let shop: ShopServerHandle;
  let client: Client;

  beforeAll(async () => {
    shop = await startShopServer({ now: fixedClock });
    client = await connectShopClient(shop.url);
  });
  afterAll(async () => {
    await client.close();
    await shop.close();
  });

  it('lists the six tools, each with an explicit readOnlyHint and the right write hints', async () => {
    const { tools } = await client.listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(tools.map((t) => t.name)).toEqual([
      'query_order',
      'query_logistics',
      'query_coupons',
      'cancel_order',
      'update_shipping_address',
      'apply_refund',
    ]);
    for (const name of ['query_order', 'query_logistics', 'query_coupons']) {
      expect(byName[name].annotations?.readOnlyHint).toBe(true);
    }
    expect(byName.cancel_order.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.update_shipping_address.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
    });
    expect(byName.apply_refund.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    // The seed's wording: where the tracking number comes from.
    expect(byName.query_logistics.description).toContain('运单号先用订单查询取到再传进来，不要凭用户口述或自行拼接');
    const trackingNo = (byName.query_logistics.inputSchema.properties as Record<string, { description?: string }>)
      .trackingNo;
    expect(trackingNo.description).toBe('运单号，如 BIT9100000233，从订单查询的结果里取');
    expect(byName.query_logistics.inputSchema.required).toEqual(['trackingNo']);
    // Every parameter explains where its value comes from.
    for (const tool of tools) {
      for (const [param, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
        expect((schema as { description?: string }).description, `${tool.name}.${param}`).toMatch(/从|按|由|填/);
      }
    }
  });

  it("T2 chain: query_order finds last week's AirPods Pro, its trackingNo feeds query_logistics", async () => {
    const orders = await callAs(client, 'u1001', 'query_order', { keyword: 'AirPods Pro', days: 14 });
    expect(orders.isError).toBe(false);
    const payload = orders.structured as { orders: PublicOrder[] };
    expect(JSON.parse(orders.text)).toEqual(payload);
    expect(payload.orders).toHaveLength(1);
    const [order] = payload.orders;
    expect(order).toMatchObject({
      orderNo: 'BS1001003',
      status: 'shipped',
      statusText: '已发货，运输中',
      amount: 1899,
      trackingNo: 'BIT9100000233',
    });
    expect(Object.keys(order)).not.toContain('customerId');

    const logistics = await callAs(client, 'u1001', 'query_logistics', { trackingNo: order.trackingNo });
    expect(logistics.isError).toBe(false);
    const track = logistics.structured as {
      orderNo: string;
      orderStatus: string;
      nodes: Array<{ time: string; location: string; description: string }>;
    };
    expect(track).toMatchObject({
      trackingNo: 'BIT9100000233',
      orderNo: 'BS1001003',
      orderStatus: 'shipped',
      orderStatusText: '已发货，运输中',
    });
    expect(track.nodes.length).toBeGreaterThanOrEqual(4);
    const times = track.nodes.map((n) => Date.parse(n.time));
    expect(times).toEqual([...times].sort((a, b) => b - a)); // newest first
    expect(track.nodes[0].description).toContain('上海转运中心');
    expect(track.nodes.at(-1)!.description).toContain('揽收');
  });

  it('"耳机" without a time window matches both AirPods orders, newest first', async () => {
    const { structured } = await callAs(client, 'u1001', 'query_order', { keyword: '耳机' });
    expect((structured as { orders: PublicOrder[] }).orders.map((o) => o.orderNo)).toEqual(['BS1001003', 'BS1000871']);
  });

  it('query_coupons returns the customer coupons', async () => {
    const { isError, structured } = await callAs(client, 'u1001', 'query_coupons');
    expect(isError).toBe(false);
    const { coupons } = structured as { coupons: Array<Record<string, unknown>> };
    expect(coupons.map((c) => c.id)).toEqual(['CP-1001-01', 'CP-1001-02']);
    expect(Object.keys(coupons[0]).sort()).toEqual(['discount', 'expiresAt', 'id', 'minSpend', 'title']);
  });

  it('every tool refuses without a customer identity', async () => {
    const calls: Array<[string, Record<string, unknown>]> = [
      ['query_order', {}],
      ['query_logistics', { trackingNo: 'BIT9100000233' }],
      ['query_coupons', {}],
      ['cancel_order', { orderNo: 'BS1001011' }],
      ['update_shipping_address', { orderNo: 'BS1001011', address: '北京市朝阳区建国路 1 号' }],
      ['apply_refund', { orderNo: 'BS1000952', reason: '不想要了' }],
    ];
    for (const [name, args] of calls) {
      expect(await callAs(client, undefined, name, args), name).toEqual({
        isError: true,
        text: NO_IDENTITY_MESSAGE,
        structured: undefined,
      });
    }
    expect(shop.store.writesExecuted).toBe(0);
    expect(shop.store.getOrder('BS1001011')!.status).toBe('paid');
  });

  it('identity comes from _meta only: a customerId argument is ignored', async () => {
    const { structured } = await callAs(client, 'u1002', 'query_order', { customerId: 'u1001' });
    const nos = (structured as { orders: PublicOrder[] }).orders.map((o) => o.orderNo);
    expect(nos).toEqual(['BS1000990', 'BS1000920']);
  });

  it("u1002 asking for u1001's tracking number gets exactly the not-found answer", async () => {
    const foreign = await callAs(client, 'u1002', 'query_logistics', { trackingNo: 'BIT9100000233' });
    const bogus = await callAs(client, 'u1002', 'query_logistics', { trackingNo: 'BIT9199999999' });
    expect(foreign.isError).toBe(true);
    expect(foreign.text).toBe(bogus.text.replace('BIT9199999999', 'BIT9100000233'));
    expect(foreign.text).not.toContain('BS1001003');
    const own = await callAs(client, 'u1002', 'query_logistics', { trackingNo: 'BIT9100000777' });
    expect(own).toMatchObject({ isError: false, structured: { orderNo: 'BS1000990' } });
  });

  it("u1002 asking for u1001's order sees the same empty result as for a missing one", async () => {
    const foreign = await callAs(client, 'u1002', 'query_order', { orderNo: 'BS1001003' });
    const missing = await callAs(client, 'u1002', 'query_order', { orderNo: 'BS0000000' });
    expect(foreign).toEqual({ isError: false, text: '{"orders":[]}', structured: { orders: [] } });
    expect(missing).toEqual(foreign);
  });

  it.each([
    ['query_logistics', {}, /trackingNo/],
    ['query_logistics', { trackingNo: 233 }, /trackingNo/],
    ['query_logistics', { trackingNo: '   ' }, /trackingNo 不能为空/],
    ['query_order', { days: 0 }, /days/],
    ['query_order', { days: 'last week' }, /days/],
    ['cancel_order', {}, /orderNo/],
    ['update_shipping_address', { orderNo: 'BS1001011' }, /address/],
    ['apply_refund', { orderNo: 'BS1000952', reason: '' }, /reason/],
  ])('%s with bad arguments %j answers isError naming the field', async (name, args, pattern) => {
    const outcome = await callAs(client, 'u1001', name, args);
    expect(outcome.isError).toBe(true);
    expect(outcome.text).toMatch(pattern);
  });

  it('an unknown tool is refused by name (the v2 SDK answers it as a protocol error, -32602)', async () => {
    await expect(callAs(client, 'u1001', 'drop_database')).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('drop_database'),
    });
  });
});

describe('shop tools (write)', () => {
  let shop: ShopServerHandle;
  let client: Client;

  beforeEach(async () => {
    shop = await startShopServer({ now: fixedClock });
    client = await connectShopClient(shop.url);
  });
  afterEach(async () => {
    await client.close();
    await shop.close();
  });

  it('cancel_order cancels a paid order once; a shipped order cannot be cancelled', async () => {
    expect(await callAs(client, 'u1001', 'cancel_order', { orderNo: 'BS1001011', reason: '买错了' })).toMatchObject({
      isError: false,
      structured: { orderNo: 'BS1001011', status: 'cancelled', refund: 'original_payment' },
    });
    // Not paid yet: cancelled, and nothing to give back.
    expect(await callAs(client, 'u1001', 'cancel_order', { orderNo: 'BS1001015' })).toMatchObject({
      isError: false,
      structured: { orderNo: 'BS1001015', status: 'cancelled', refund: 'none' },
    });
    expect(shop.store.getOrder('BS1001011')!.status).toBe('cancelled');
    const { structured } = await callAs(client, 'u1001', 'query_order', { orderNo: 'BS1001011' });
    expect((structured as { orders: PublicOrder[] }).orders[0]).toMatchObject({
      status: 'cancelled',
      statusText: '已取消',
    });

    const again = await callAs(client, 'u1001', 'cancel_order', { orderNo: 'BS1001011' });
    expect(again).toMatchObject({ isError: true, text: expect.stringContaining('已经取消') });
    const shipped = await callAs(client, 'u1001', 'cancel_order', { orderNo: 'BS1001003' });
    expect(shipped).toMatchObject({ isError: true, text: expect.stringContaining('已发货，无法取消') });
    expect(shop.store.getOrder('BS1001003')!.status).toBe('shipped');
    expect(shop.store.writesExecuted).toBe(4);
    expect(shop.store.writesApplied).toBe(2);
  });

  it('a call naming a demo state of its own works on fresh seed data, apart from the live data; reset puts the live data back', async () => {
    const cancelIn = (demoState: string | undefined) =>
      client.callTool({
        name: 'cancel_order',
        arguments: { orderNo: 'BS1001011' },
        _meta: { [CUSTOMER_ID_META_KEY]: 'u1001', ...(demoState && { [DEMO_STATE_META_KEY]: demoState }) },
      });
    expect((await cancelIn(undefined)).isError).toBeFalsy();
    expect(shop.store.getOrder('BS1001011')!.status).toBe('cancelled');
    // A test case's own state starts from the seed, whatever the live data went through, and keeps its own changes.
    expect((await cancelIn('test_a')).isError).toBeFalsy();
    expect((await cancelIn('test_a')).isError).toBe(true); // already cancelled, in test_a
    expect((await cancelIn('test_b')).isError).toBeFalsy();
    shop.resetDemoData();
    expect(shop.store.getOrder('BS1001011')!.status).toBe('paid');
  });

  it('a foreign cancel reads exactly like a missing order and changes nothing', async () => {
    const foreign = await callAs(client, 'u1002', 'cancel_order', { orderNo: 'BS1001011' });
    const missing = await callAs(client, 'u1002', 'cancel_order', { orderNo: 'BS1009999' });
    expect(foreign.isError).toBe(true);
    expect(foreign.text).toBe(missing.text.replace('BS1009999', 'BS1001011'));
    expect(shop.store.getOrder('BS1001011')!.status).toBe('paid');
  });

  it('update_shipping_address changes an unshipped order only', async () => {
    const address = '北京市朝阳区建国路 88 号 2 单元 301，张明，138****1001';
    expect(await callAs(client, 'u1001', 'update_shipping_address', { orderNo: 'BS1001011', address })).toMatchObject({
      isError: false,
      structured: { orderNo: 'BS1001011', shippingAddress: address },
    });
    expect(shop.store.getOrder('BS1001011')!.shippingAddress).toBe(address);
    const shipped = await callAs(client, 'u1001', 'update_shipping_address', { orderNo: 'BS1001003', address });
    expect(shipped.isError).toBe(true);
    expect(shop.store.getOrder('BS1001003')!.shippingAddress).not.toBe(address);
  });

  it('apply_refund opens a ticket within 7 days of delivery and refuses outside it', async () => {
    const ok = await callAs(client, 'u1001', 'apply_refund', { orderNo: 'BS1000952', reason: '充电器有异响' });
    expect(ok).toMatchObject({
      isError: false,
      structured: { orderNo: 'BS1000952', status: 'open', ticketId: expect.stringMatching(/^AS\d+$/) },
    });
    expect(shop.store.tickets).toEqual([
      expect.objectContaining({ ticketId: (ok.structured as { ticketId: string }).ticketId, reason: '充电器有异响' }),
    ]);

    const old = await callAs(client, 'u1001', 'apply_refund', { orderNo: 'BS1000871', reason: '坏了' });
    expect(old).toMatchObject({ isError: true, text: expect.stringContaining('超过 7 天') });
    const notDelivered = await callAs(client, 'u1001', 'apply_refund', { orderNo: 'BS1001003', reason: '太慢了' });
    expect(notDelivered.isError).toBe(true);
    expect(shop.store.tickets).toHaveLength(1);
  });

  it('each server instance starts from fresh seed state', async () => {
    await callAs(client, 'u1001', 'cancel_order', { orderNo: 'BS1001011' });
    const other = await startShopServer({ now: fixedClock });
    try {
      expect(other.store.getOrder('BS1001011')!.status).toBe('paid');
      expect(other.store.writesExecuted).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('start-up check and extra tools', () => {
  it('refuses to start when a tool lacks readOnlyHint, naming the tool', async () => {
    const sneaky = {
      name: 'sneaky_write',
      description: 'writes without saying so',
      inputSchema: {},
      run: () => toolSuccess({}),
    };
    await expect(startShopServer({ extraTools: [sneaky] })).rejects.toThrow(/"sneaky_write".*readOnlyHint/);
  });

  it('refuses a duplicate tool name', async () => {
    const dup = {
      name: 'query_order',
      description: 'dup',
      inputSchema: {},
      annotations: { readOnlyHint: true },
      run: () => toolSuccess({}),
    };
    await expect(startShopServer({ extraTools: [dup] })).rejects.toThrow(/"query_order" is registered twice/);
  });

  it('serves a well-declared extra tool next to the shop tools', async () => {
    const echo = {
      name: 'echo_customer',
      description: 'test tool',
      inputSchema: { n: z.number() },
      annotations: { readOnlyHint: true },
      run: (args: { n: number }, ctx: { customerId: string }) => toolSuccess({ n: args.n, customerId: ctx.customerId }),
    };
    const shop = await startShopServer({ extraTools: [echo] });
    const client = await connectShopClient(shop.url);
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('echo_customer');
      expect(await callAs(client, 'u1001', 'echo_customer', { n: 2 })).toMatchObject({
        structured: { n: 2, customerId: 'u1001' },
      });
    } finally {
      await client.close();
      await shop.close();
    }
  });
});
