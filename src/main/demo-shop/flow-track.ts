import { canCall, lastAnswered } from './conversation';
import { findKnownOrder, resolveOrder } from './order-selection';
import { callTool, reply, type Plan, type PlanContext } from './plan';
import * as say from './replies';
import { logisticsSchema, parseToolJson } from './shop-results';

/** "Where is my parcel?": query_order -> (clarify) -> query_logistics with the order's trackingNo -> report. */
export function planTrack(ctx: PlanContext): Plan {
  const { conv } = ctx;
  const tracked = lastAnswered(conv.turnSteps, 'query_logistics');
  if (tracked?.result) {
    if (tracked.result.isError) return reply(say.callFailed(['查询物流', 'Tracking the parcel'], tracked, conv.lang));
    const logistics = parseToolJson(logisticsSchema, tracked.result.content);
    if (!logistics) return reply(say.unreadable('query_logistics', conv.lang));
    return reply(say.logisticsReport(logistics, findKnownOrder(ctx, logistics.orderNo), conv.lang));
  }

  const resolved = resolveOrder(ctx);
  if (resolved.kind === 'plan') return resolved.plan;
  const order = resolved.order;
  if (!order.trackingNo) return reply(say.notShipped(order, conv.lang));
  if (!canCall(conv, 'query_logistics')) return reply(say.noLogisticsTool(order, conv.lang));
  // The tracking number comes from the order result, never from what the user typed.
  return callTool(
    ctx,
    'query_logistics',
    { trackingNo: order.trackingNo },
    conv.lang === 'zh'
      ? `订单 ${order.orderNo} 的运单号是 ${order.trackingNo}，我查一下物流。`
      : `Order ${order.orderNo} has tracking number ${order.trackingNo}; checking where it is.`,
  );
}
