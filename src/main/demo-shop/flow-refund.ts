import { canCall, lastAnswered, type Conversation, notApprovedByOperator } from './conversation';
import { resolveOrder } from './order-selection';
import { callTool, reply, type Plan, type PlanContext } from './plan';
import * as say from './replies';
import { parseToolJson, refundResultSchema } from './shop-results';

export const AFTER_SALES_SKILL = 'after-sales';

/**
 * "I want a refund": apply_refund is gated by the after-sales skill, so the first step is
 * load_skill; only on a later request, where apply_refund is visible, can it be called.
 */
export function planRefund(ctx: PlanContext): Plan {
  const { conv } = ctx;
  const done = lastAnswered(conv.turnSteps, 'apply_refund');
  if (done?.result) {
    const orderNo = String(done.call.arguments.orderNo ?? '');
    if (notApprovedByOperator(done)) return reply(say.refundNotApproved(orderNo, conv.lang));
    if (done.result.isError) return reply(say.refundRejected(orderNo, done.result.content, conv.lang));
    const ticket = parseToolJson(refundResultSchema, done.result.content);
    if (!ticket) return reply(say.unreadable('apply_refund', conv.lang));
    return reply(say.refundSubmitted(ticket.orderNo, ticket.ticketId, conv.lang));
  }

  if (!canCall(conv, 'apply_refund')) {
    if (canCall(conv, 'load_skill') && !skillAttempted(conv))
      return callTool(
        ctx,
        'load_skill',
        { name: AFTER_SALES_SKILL },
        conv.lang === 'zh'
          ? '退款属于售后业务，我先加载售后手册。'
          : 'Refunds are after-sales work; let me load the after-sales manual first.',
      );
    return reply(say.cannotRefund(conv.lang));
  }

  const resolved = resolveOrder(ctx);
  if (resolved.kind === 'plan') return resolved.plan;
  const { orderNo } = resolved.order;
  return callTool(
    ctx,
    'apply_refund',
    { orderNo, reason: refundReason(ctx.requestText) },
    conv.lang === 'zh'
      ? `好的，我为订单 ${orderNo} 提交退款申请。`
      : `OK, submitting a refund request for order ${orderNo}.`,
  );
}

/** Loaded earlier in the conversation, or already tried this turn (a failed load must not loop). */
function skillAttempted(conv: Conversation): boolean {
  const loadedBefore = conv.earlierSteps.some(
    (s) => s.call.name === 'load_skill' && s.call.arguments.name === AFTER_SALES_SKILL && s.result && !s.result.isError,
  );
  const triedNow = conv.turnSteps.some(
    (s) => s.call.name === 'load_skill' && s.call.arguments.name === AFTER_SALES_SKILL,
  );
  return loadedBefore || triedNow;
}

/** The user's own words after "因为/because", else their whole request (trimmed). */
export function refundReason(text: string): string {
  const because = /(?:因为|原因是|原因：|because|since)\s*(.+)$/i.exec(text);
  const reason = (because?.[1] ?? text).trim().replace(/[。.!！]+$/, '');
  return reason.length > 100 ? `${reason.slice(0, 100)}…` : reason;
}
