import { canCall, lastAnswered, notApprovedByOperator } from './conversation';
import { resolveOrder } from './order-selection';
import { callTool, reply, type Plan, type PlanContext } from './plan';
import * as say from './replies';
import { addressResultSchema, parseToolJson } from './shop-results';

/** "Change the address to …": query_order -> the order not yet shipped (clarify if several) -> update_shipping_address. */
export function planAddress(ctx: PlanContext): Plan {
  const { conv } = ctx;
  const done = lastAnswered(conv.turnSteps, 'update_shipping_address');
  if (done?.result) {
    const orderNo = String(done.call.arguments.orderNo ?? '');
    if (notApprovedByOperator(done)) return reply(say.addressNotApproved(orderNo, conv.lang));
    if (done.result.isError) return reply(say.addressNotUpdated(orderNo, done.result.content, conv.lang));
    const result = parseToolJson(addressResultSchema, done.result.content);
    if (!result) return reply(say.unreadable('update_shipping_address', conv.lang));
    return reply(say.addressUpdated(result.orderNo, result.shippingAddress, conv.lang));
  }

  const { before, address, said } = splitAddress(ctx.requestText);
  // 「改成公司」 names a place, not an address: a careful agent asks rather than guesses one.
  if (!address) return reply(say.askAddress(said, conv.lang));
  // The order is found from the words before the new address, so a street name is never taken for a product.
  const resolved = resolveOrder({ ...ctx, requestText: before });
  if (resolved.kind === 'plan') return resolved.plan;
  if (!canCall(conv, 'update_shipping_address')) return reply(say.noAddressTool(conv.lang));
  const { orderNo } = resolved.order;
  return callTool(
    ctx,
    'update_shipping_address',
    { orderNo, address },
    conv.lang === 'zh'
      ? `好的，我把订单 ${orderNo} 的收货地址改为：${address}`
      : `OK, changing the address of order ${orderNo} to: ${address}`,
  );
}

const NEW_ADDRESS =
  /(?:改成|改为|改到|换成|换到|更新为|更新成|修改为|修改成|(?:change|update|switch)(?:\s+(?:it|the address|my address))?\s+to)\s*[:：]?\s*(.+)$/i;

/**
 * The new address the user gave, if it looks like one: long enough, and with a number or a place word
 * (省/市/区/路/街/号, street, road…). `said` is what followed "改成" when it was not an address.
 */
export function splitAddress(text: string): { before: string; address?: string; said?: string } {
  const match = NEW_ADDRESS.exec(text);
  if (!match) return { before: text };
  const before = text.slice(0, match.index);
  const said = match[1].trim().replace(/[。.!！]+$/, '');
  const looksLikeAddress =
    said.length >= 8 && /\d|[省市区县路街道巷号楼室]|street|road|avenue|\bave\b|\bst\b|\brd\b/i.test(said);
  return looksLikeAddress ? { before, address: said } : { before, said: said || undefined };
}
