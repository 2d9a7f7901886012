import { canCall, lastAnswered, type ToolStep } from './conversation';
import { extractKeyword, parseSelection, type Intent } from './intent';
import { callTool, reply, type Plan, type PlanContext } from './plan';
import * as say from './replies';
import { isCancellable, isRefundable, orderListSchema, parseToolJson, type ShopOrder } from './shop-results';

/** Either the one order the user means, or the next thing to say/do to find it. */
export type OrderResolution = { kind: 'order'; order: ShopOrder } | { kind: 'plan'; plan: Plan };

/** The orders an intent may act on; the clarify list and the user's "第一笔" both index into this. */
export function candidatesFor(intent: Intent, orders: ShopOrder[]): ShopOrder[] {
  // Unpaid or not yet shipped: what can still be cancelled can still be re-addressed.
  if (intent === 'cancel' || intent === 'address') return orders.filter(isCancellable);
  if (intent === 'refund') return orders.filter(isRefundable);
  return orders;
}

export function ordersIn(step: ToolStep | undefined): ShopOrder[] | undefined {
  if (!step?.result || step.result.isError) return undefined;
  return parseToolJson(orderListSchema, step.result.content)?.orders;
}

export function resolveOrder(ctx: PlanContext): OrderResolution {
  const { conv, intent } = ctx;
  const plan = (p: Plan): OrderResolution => ({ kind: 'plan', plan: p });

  if (ctx.followUp) {
    const index = parseSelection(conv.userText, ctx.followUp.listed);
    if (index === null) return plan(reply(say.selectionUnclear(ctx.followUp.listed, conv.lang)));
    return { kind: 'order', order: ctx.followUp.listed[index] };
  }

  const step = lastAnswered(conv.turnSteps, 'query_order');
  if (!step) {
    if (!canCall(conv, 'query_order'))
      return plan(reply(intent === 'track' ? say.genericDelivery(conv.lang) : say.noOrderTool(intent, conv.lang)));
    // No `days` window on purpose: 「上周买的」 narrowed to 14 days would hide the older AirPods order,
    // and the story is about asking which of several matching orders the customer means.
    const args = { keyword: extractKeyword(ctx.requestText) };
    return plan(
      callTool(
        ctx,
        'query_order',
        args,
        conv.lang === 'zh' ? '我先帮您查一下最近的订单。' : 'Let me look up your recent orders first.',
      ),
    );
  }
  if (step.result?.isError) return plan(reply(say.callFailed(['查询订单', 'Looking up your orders'], step, conv.lang)));
  const orders = ordersIn(step);
  if (!orders) return plan(reply(say.unreadable('query_order', conv.lang)));

  if (orders.length === 0) {
    // The keyword may not match how the shop names the item: widen the search once.
    const triedWithout = conv.turnSteps.some(
      (s) => s.call.name === 'query_order' && s.call.arguments.keyword === undefined,
    );
    if (step.call.arguments.keyword !== undefined && !triedWithout)
      return plan(
        callTool(
          ctx,
          'query_order',
          {},
          conv.lang === 'zh'
            ? '没有按商品名找到，我再查一下全部最近订单。'
            : 'Nothing matched that name; let me check all recent orders.',
        ),
      );
    return plan(reply(say.noOrders(conv.lang)));
  }

  const listed = candidatesFor(intent, orders);
  if (listed.length === 0) return plan(reply(say.nothingEligible(intent, orders, conv.lang)));
  if (listed.length === 1) return { kind: 'order', order: listed[0] };
  // An order number in the original request settles it without asking.
  const named = listed.findIndex((order) => ctx.requestText.toUpperCase().includes(order.orderNo.toUpperCase()));
  if (named >= 0) return { kind: 'order', order: listed[named] };
  return plan(reply(say.clarify(intent, listed, conv.lang)));
}

/** Finds an order by number in any query_order result of the conversation (for nicer reports). */
export function findKnownOrder(ctx: PlanContext, orderNo: string | undefined): ShopOrder | undefined {
  if (!orderNo) return undefined;
  const steps = [...ctx.conv.earlierSteps, ...ctx.conv.turnSteps].filter((s) => s.call.name === 'query_order');
  for (const step of steps.reverse()) {
    const found = ordersIn(step)?.find((order) => order.orderNo === orderNo);
    if (found) return found;
  }
  return undefined;
}
