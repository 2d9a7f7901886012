import type { ToolCallRequest, ModelToolDefinition } from '../../../src/main/core/providers/types';

/**
 * An in-memory stand-in for the shop MCP server's tools and customer u1001's seeded orders, in
 * the server's result formats. For planner and loop tests that must not depend on the real server.
 */
const object = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object' as const,
  properties,
  required,
});

export const SHOP_TOOLS: Record<string, ModelToolDefinition> = {
  query_order: {
    name: 'query_order',
    description: '查询当前账号最近的订单，可按商品关键词和天数过滤',
    inputSchema: object({ keyword: { type: 'string' }, days: { type: 'integer' } }),
  },
  query_logistics: {
    name: 'query_logistics',
    description: '按运单号查询物流轨迹，运单号先用订单查询取到再传进来',
    inputSchema: object({ trackingNo: { type: 'string' } }, ['trackingNo']),
  },
  cancel_order: {
    name: 'cancel_order',
    description: '取消未发货的订单',
    inputSchema: object({ orderNo: { type: 'string' } }, ['orderNo']),
  },
  apply_refund: {
    name: 'apply_refund',
    description: '为已签收的订单提交退款申请',
    inputSchema: object({ orderNo: { type: 'string' }, reason: { type: 'string' } }, ['orderNo', 'reason']),
  },
  update_shipping_address: {
    name: 'update_shipping_address',
    description: '修改未发货订单的收货地址',
    inputSchema: object({ orderNo: { type: 'string' }, address: { type: 'string' } }, ['orderNo', 'address']),
  },
  query_coupons: { name: 'query_coupons', description: '查询当前账号可用的优惠券', inputSchema: object({}) },
  load_skill: {
    name: 'load_skill',
    description: '加载技能手册',
    inputSchema: object({ name: { type: 'string' } }, ['name']),
  },
  search_knowledge: {
    name: 'search_knowledge',
    description: '检索政策知识库',
    inputSchema: object({ query: { type: 'string' } }, ['query']),
  },
};

export const toolsNamed = (...names: string[]) => names.map((name) => SHOP_TOOLS[name]);
export const ALL_SHOP_TOOL_NAMES = Object.keys(SHOP_TOOLS);

const daysAgo = (days: number) => new Date(Date.UTC(2025, 10, 10, 10, 30) - days * 86_400_000).toISOString();
const address = '上海市浦东新区张江路 88 号 2 号楼 502 室，张三，138****1001';

/** Mirrors src/mcp-server/shop-seed.ts for customer u1001 (numbers, names, statuses), newest first. */
export const SEEDED_ORDERS = {
  dockUnpaid: {
    orderNo: 'BS1001015',
    items: [{ name: 'USB-C 七合一扩展坞', quantity: 1, price: 299 }],
    amount: 299,
    status: 'unpaid',
    statusText: '待付款',
    createdAt: daysAgo(0),
    shippingAddress: address,
  },
  keyboardPaid: {
    orderNo: 'BS1001011',
    items: [{ name: '比特 K87 机械键盘（茶轴）', quantity: 1, price: 399 }],
    amount: 399,
    status: 'paid',
    statusText: '待发货',
    createdAt: daysAgo(1),
    shippingAddress: address,
  },
  airpodsShipped: {
    orderNo: 'BS1001003',
    items: [{ name: 'Apple AirPods Pro（第二代）', quantity: 1, price: 1899 }],
    amount: 1899,
    status: 'shipped',
    statusText: '已发货',
    createdAt: daysAgo(6),
    trackingNo: 'BIT9100000233',
    shippingAddress: address,
  },
  chargerDelivered: {
    orderNo: 'BS1000952',
    items: [
      { name: '65W 氮化镓快充充电器', quantity: 1, price: 129 },
      { name: 'USB-C 编织数据线 1.5m', quantity: 2, price: 39 },
    ],
    amount: 207,
    status: 'delivered',
    statusText: '已签收',
    createdAt: daysAgo(5),
    trackingNo: 'BIT9100000201',
    deliveredAt: daysAgo(2),
    shippingAddress: address,
  },
  airpodsDelivered: {
    orderNo: 'BS1000871',
    items: [{ name: 'Apple AirPods Pro（第二代）', quantity: 1, price: 1899 }],
    amount: 1899,
    status: 'delivered',
    statusText: '已签收',
    createdAt: daysAgo(43),
    trackingNo: 'BIT9100000118',
    deliveredAt: daysAgo(40),
    shippingAddress: address,
  },
};

/** Search aliases the real server matches keywords against besides the item name. */
const ALIASES: Record<string, string[]> = {
  BS1001015: ['扩展坞', 'dock', 'hub'],
  BS1001011: ['键盘', '机械键盘', 'keyboard'],
  BS1001003: ['耳机', '无线耳机', 'earphones', 'headphones'],
  BS1000952: ['充电器', '数据线', 'charger', 'cable'],
  BS1000871: ['耳机', '无线耳机', 'earphones', 'headphones'],
};

export const LOGISTICS_233 = {
  trackingNo: 'BIT9100000233',
  orderNo: 'BS1001003',
  orderStatus: 'shipped',
  orderStatusText: '已发货',
  nodes: [
    {
      time: '2025-11-09T04:30:00.000Z',
      location: '上海',
      description: '【上海转运中心】因区域运力紧张，快件延迟发出，预计 1-2 天内派送',
    },
    { time: '2025-11-07T01:30:00.000Z', location: '上海', description: '【上海转运中心】已到达' },
    { time: '2025-11-04T14:30:00.000Z', location: '深圳', description: '【深圳市】比特严选深圳仓 已揽收' },
  ],
};

export interface FakeToolResult {
  content: string;
  isError?: boolean;
}

/** Answers shop tool calls from the seeded data; `overrides` script errors per tool name. */
export function fakeShop(overrides: Record<string, (call: ToolCallRequest) => FakeToolResult> = {}) {
  const orders = Object.values(SEEDED_ORDERS);
  return (call: ToolCallRequest): FakeToolResult => {
    const override = overrides[call.name];
    if (override) return override(call);
    const args = call.arguments;
    switch (call.name) {
      case 'query_order': {
        // Like the real store: every word of the keyword must appear in an item name or alias.
        const words = typeof args.keyword === 'string' ? args.keyword.toLowerCase().split(/\s+/).filter(Boolean) : [];
        const haystack = (o: (typeof orders)[number]) =>
          [...o.items.map((i) => i.name), ...ALIASES[o.orderNo]].join(' ').toLowerCase();
        const found = orders.filter((o) => words.every((word) => haystack(o).includes(word)));
        return { content: JSON.stringify({ orders: found }) };
      }
      case 'query_logistics': {
        const order = orders.find((o) => 'trackingNo' in o && o.trackingNo === args.trackingNo);
        if (!order) return { content: `运单号 ${String(args.trackingNo)} 不存在`, isError: true };
        if (args.trackingNo === LOGISTICS_233.trackingNo) return { content: JSON.stringify(LOGISTICS_233) };
        const nodes = [{ time: order.createdAt, location: '上海', description: '已签收，签收人：本人' }];
        return {
          content: JSON.stringify({
            trackingNo: args.trackingNo,
            orderNo: order.orderNo,
            orderStatus: order.status,
            orderStatusText: order.statusText,
            nodes,
          }),
        };
      }
      case 'cancel_order': {
        // Like the real store: money goes back only for an order that was paid.
        const order = orders.find((o) => o.orderNo === args.orderNo);
        return {
          content: JSON.stringify({
            orderNo: args.orderNo,
            status: 'cancelled',
            refund: order?.status === 'paid' ? 'original_payment' : 'none',
          }),
        };
      }
      case 'update_shipping_address':
        return { content: JSON.stringify({ orderNo: args.orderNo, shippingAddress: args.address }) };
      case 'query_coupons':
        return {
          content: JSON.stringify({
            coupons: [
              {
                id: 'CP-1001-01',
                title: '数码耳机品类券：满 500 减 50',
                discount: 50,
                minSpend: 500,
                expiresAt: '2025-11-30T00:00:00.000Z',
              },
            ],
          }),
        };
      case 'apply_refund':
        return { content: JSON.stringify({ ticketId: 'RF20251110001', orderNo: args.orderNo, status: 'open' }) };
      case 'load_skill':
        return { content: '# 售后手册\n退款前先用 query_order 确认订单已签收，再调用 apply_refund。' };
      default:
        return { content: `unknown tool ${call.name}`, isError: true };
    }
  };
}
