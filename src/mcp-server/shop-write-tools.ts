// Write tools. They declare readOnlyHint:false so the host asks the operator before running them;
// the business rules (what can be cancelled, refunded, re-addressed) live in ShopStore.
import { z } from 'zod';
import { defineShopTool } from './shop-tool-definition';
import { REFUND_WINDOW_DAYS } from './shop-store';
import { toolError, toolSuccess } from './tool-results';

const orderNoParam = (purpose: string) =>
  z
    .string({ error: 'orderNo 是必填的字符串：先用 query_order 查订单，从结果里取订单号' })
    .trim()
    .min(1, 'orderNo 不能为空：先用 query_order 查订单，从结果里取订单号')
    .max(32, 'orderNo 不能超过 32 个字符')
    .describe(`${purpose}的订单号，如 BS1001011，从订单查询的结果里取，并与用户确认是哪一笔；不要自行拼接`);

export const cancelOrderTool = defineShopTool({
  name: 'cancel_order',
  title: '取消订单',
  description:
    '取消当前账号的一笔订单。只有待付款或已付款未发货的订单可以取消；已发货的订单不能取消，签收后可申请退款。' +
    '这是写操作，执行前需要用户确认。',
  inputSchema: {
    orderNo: orderNoParam('要取消'),
    reason: z
      .string({ error: 'reason 必须是字符串' })
      .trim()
      .max(200, 'reason 不能超过 200 个字符')
      .optional()
      .describe('取消原因，从用户的话里概括；用户没说可以不填'),
  },
  annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
  run({ orderNo, reason }, { customerId, store }) {
    const result = store.cancelOrder(customerId, orderNo, reason || undefined);
    if (!result.ok) return toolError(result.message);
    // An unpaid order has nothing to refund: the result says so, so no agent promises money back.
    return toolSuccess({
      orderNo: result.value.orderNo,
      status: 'cancelled' as const,
      refund: result.value.wasPaid ? ('original_payment' as const) : ('none' as const),
    });
  },
});

export const updateShippingAddressTool = defineShopTool({
  name: 'update_shipping_address',
  title: '修改收货地址',
  description:
    '修改当前账号一笔订单的收货地址。只有未发货（待付款或待发货）的订单可以修改，已发货后无法修改。这是写操作，执行前需要用户确认。',
  inputSchema: {
    orderNo: orderNoParam('要改地址'),
    address: z
      .string({ error: 'address 是必填的字符串：新的完整收货地址' })
      .trim()
      .min(5, 'address 太短：需要完整的收货地址（省市区、街道门牌、收件人和电话）')
      .max(200, 'address 不能超过 200 个字符')
      .describe('新的完整收货地址（省市区、街道门牌、收件人和电话），按用户提供的原文填写，不要自行补全或编造'),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run({ orderNo, address }, { customerId, store }) {
    const result = store.updateShippingAddress(customerId, orderNo, address);
    if (!result.ok) return toolError(result.message);
    return toolSuccess({ orderNo: result.value.orderNo, shippingAddress: result.value.shippingAddress });
  },
});

export const applyRefundTool = defineShopTool({
  name: 'apply_refund',
  title: '申请退款',
  description:
    `为当前账号已签收的订单申请退货退款，创建售后单并返回售后单号。只有签收后 ${REFUND_WINDOW_DAYS} 天内的订单可以申请。` +
    '这是写操作，执行前需要用户确认。',
  inputSchema: {
    orderNo: orderNoParam('要退款'),
    reason: z
      .string({ error: 'reason 是必填的字符串：退款原因' })
      .trim()
      .min(1, 'reason 不能为空：请写明退款原因')
      .max(200, 'reason 不能超过 200 个字符')
      .describe('退款原因，从用户的话里概括，如“商品有划痕”；用户没说原因时先问用户'),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run({ orderNo, reason }, { customerId, store }) {
    const result = store.applyRefund(customerId, orderNo, reason);
    if (!result.ok) return toolError(result.message);
    return toolSuccess({ ticketId: result.value.ticketId, orderNo: result.value.orderNo, status: 'open' as const });
  },
});
