import { canCall, lastAnswered, notApprovedByOperator } from './conversation';
import { resolveOrder } from './order-selection';
import { callTool, reply, type Plan, type PlanContext } from './plan';
import * as say from './replies';
import { cancelResultSchema, parseToolJson } from './shop-results';

/** "Cancel my order": query_order -> pick the cancellable one (clarify if several) -> cancel_order -> report. */
export function planCancel(ctx: PlanContext): Plan {
  const { conv } = ctx;
  const done = lastAnswered(conv.turnSteps, 'cancel_order');
  if (done?.result) {
    const orderNo = String(done.call.arguments.orderNo ?? '');
    // A rejection by the operator or the shop arrives as an error result: say so, never claim success.
    if (notApprovedByOperator(done)) return reply(say.cancelNotApproved(orderNo, conv.lang));
    if (done.result.isError) return reply(say.notCancelled(orderNo, done.result.content, conv.lang));
    const result = parseToolJson(cancelResultSchema, done.result.content);
    if (!result) return reply(say.unreadable('cancel_order', conv.lang));
    // Money goes back only for an order that was paid, and only the shop knows: no claim when it does not say.
    return reply(
      say.cancelled(
        result.orderNo,
        result.refund === 'original_payment' ? 'refunded' : result.refund === 'none' ? 'unpaid' : 'unknown',
        conv.lang,
      ),
    );
  }

  const resolved = resolveOrder(ctx);
  if (resolved.kind === 'plan') return resolved.plan;
  if (!canCall(conv, 'cancel_order')) return reply(say.noCancelTool(conv.lang));
  const { orderNo } = resolved.order;
  return callTool(
    ctx,
    'cancel_order',
    { orderNo },
    conv.lang === 'zh' ? `好的，我来取消订单 ${orderNo}。` : `OK, cancelling order ${orderNo}.`,
  );
}
