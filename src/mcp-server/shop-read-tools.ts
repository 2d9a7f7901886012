// Read-only tools: orders, logistics, coupons. Descriptions follow the seed: every parameter says
// where its value comes from, because the model only knows what the definition tells it.
import { z } from 'zod';
import { defineShopTool } from './shop-tool-definition';
import { trackingNotFoundMessage } from './shop-store';
import { ORDER_STATUS_TEXT, type Order } from './shop-types';
import { toolError, toolSuccess } from './tool-results';

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

/** What clients see of an order: no owner id, no search aliases, no raw tracking log. */
export function toPublicOrder(order: Order) {
  return {
    orderNo: order.orderNo,
    items: order.items.map(({ name, quantity, price }) => ({ name, quantity, price })),
    amount: order.items.reduce((sum, i) => sum + i.price * i.quantity, 0),
    status: order.status,
    statusText: ORDER_STATUS_TEXT[order.status],
    createdAt: order.createdAt,
    ...(order.trackingNo ? { trackingNo: order.trackingNo } : {}),
    ...(order.deliveredAt ? { deliveredAt: order.deliveredAt } : {}),
    shippingAddress: order.shippingAddress,
  };
}

export const queryOrderTool = defineShopTool({
  name: 'query_order',
  title: '订单查询',
  description:
    '查询当前账号的订单，按下单时间由新到旧返回订单号、商品、金额、状态、收货地址；已发货的订单带运单号 trackingNo。' +
    '用户没给订单号时，用商品关键词和时间范围筛选；查物流前先用它拿到运单号。匹配到多笔订单时，请用户确认是哪一笔。',
  inputSchema: {
    keyword: z
      .string({ error: 'keyword 必须是字符串' })
      .max(50, 'keyword 不能超过 50 个字符')
      .optional()
      .describe('商品关键词，如 AirPods、耳机、键盘，从用户的话里提取商品名；不填则不按商品筛选'),
    orderNo: z
      .string({ error: 'orderNo 必须是字符串' })
      .max(32, 'orderNo 不能超过 32 个字符')
      .optional()
      .describe('订单号，如 BS1001003，只在用户明确给出或之前的查询结果里出现过时填写，不要自行拼接'),
    days: z
      .number({ error: 'days 必须是数字（天数）' })
      .int('days 必须是整数')
      .min(1, 'days 至少为 1')
      .max(365, 'days 最多为 365')
      .optional()
      .describe('只查最近多少天内下的单，由用户说的时间推算（如“上周”填 14，“最近一个月”填 30）；不填则不限时间'),
  },
  annotations: READ_ONLY,
  run({ keyword, orderNo, days }, { customerId, store }) {
    const orders = store.listOrders(customerId, {
      keyword: keyword?.trim() || undefined,
      orderNo: orderNo?.trim() || undefined,
      days,
    });
    return toolSuccess({ orders: orders.map(toPublicOrder) });
  },
});

export const queryLogisticsTool = defineShopTool({
  name: 'query_logistics',
  title: '物流查询',
  description:
    '按运单号查询物流轨迹，返回对应订单号、订单状态与全部轨迹节点，由新到旧。' +
    '运单号先用订单查询取到再传进来，不要凭用户口述或自行拼接',
  inputSchema: {
    trackingNo: z
      .string({ error: 'trackingNo 是必填的字符串：先用 query_order 查订单，从结果里取运单号' })
      .trim()
      .min(1, 'trackingNo 不能为空：先用 query_order 查订单，从结果里取运单号')
      .max(32, 'trackingNo 不能超过 32 个字符')
      .describe('运单号，如 BIT9100000233，从订单查询的结果里取'),
  },
  annotations: READ_ONLY,
  run({ trackingNo }, { customerId, store }) {
    const order = store.findOrderByTrackingNo(customerId, trackingNo);
    if (!order || !order.trackingNo) return toolError(trackingNotFoundMessage(trackingNo));
    return toolSuccess({
      trackingNo: order.trackingNo,
      orderNo: order.orderNo,
      orderStatus: order.status,
      orderStatusText: ORDER_STATUS_TEXT[order.status],
      nodes: [...order.tracking].sort((a, b) => Date.parse(b.time) - Date.parse(a.time)),
    });
  },
});

export const queryCouponsTool = defineShopTool({
  name: 'query_coupons',
  title: '优惠券查询',
  description: '查询当前账号可用的优惠券：名称、优惠金额、使用门槛与到期时间。无需参数，账号由会话确定。',
  inputSchema: {},
  annotations: READ_ONLY,
  run(_args, { customerId, store }) {
    const coupons = store
      .listCoupons(customerId)
      .map(({ id, title, discount, minSpend, expiresAt }) => ({ id, title, discount, minSpend, expiresAt }));
    return toolSuccess({ coupons });
  },
});
