import { canCall, lastAnswered } from './conversation';
import { callTool, reply, type Plan, type PlanContext } from './plan';
import * as say from './replies';
import { couponsResultSchema, parseToolJson } from './shop-results';

/** "What coupons do I have?": query_coupons (the account comes from the session) -> list them. */
export function planCoupons(ctx: PlanContext): Plan {
  const { conv } = ctx;
  const done = lastAnswered(conv.turnSteps, 'query_coupons');
  if (done?.result) {
    if (done.result.isError) return reply(say.callFailed(['查询优惠券', 'Checking coupons'], done, conv.lang));
    const result = parseToolJson(couponsResultSchema, done.result.content);
    if (!result) return reply(say.unreadable('query_coupons', conv.lang));
    return reply(say.couponList(result.coupons, conv.lang));
  }
  if (!canCall(conv, 'query_coupons')) return reply(say.noCouponTool(conv.lang));
  return callTool(
    ctx,
    'query_coupons',
    {},
    conv.lang === 'zh' ? '我查一下您账号里的优惠券。' : 'Let me check the coupons on your account.',
  );
}
