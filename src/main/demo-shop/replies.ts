import { notApprovedByOperator, type Lang, type ToolStep } from './conversation';
import type { Intent } from './intent';
import type { Logistics, ShopOrder } from './shop-results';

/** Every sentence the demo model can say, in Chinese and English. */
const say = (lang: Lang, zh: string, en: string) => (lang === 'zh' ? zh : en);

const STATUS: Record<string, [string, string]> = {
  unpaid: ['待付款', 'awaiting payment'],
  paid: ['已付款，待发货', 'paid, not shipped yet'],
  shipped: ['已发货', 'shipped'],
  delivered: ['已签收', 'delivered'],
  cancelled: ['已取消', 'cancelled'],
};

export function statusOf(order: ShopOrder, lang: Lang): string {
  const known = STATUS[order.status];
  if (lang === 'zh') return order.statusText ?? known?.[0] ?? order.status;
  return known?.[1] ?? order.status;
}

export const itemsOf = (order: ShopOrder, lang: Lang) =>
  order.items
    .map((item) => (item.quantity && item.quantity > 1 ? `${item.name} ×${item.quantity}` : item.name))
    .join(say(lang, '、', ', ')) || say(lang, '（无商品信息）', '(no items)');

/**
 * ISO timestamps in the shop's own time zone (Beijing, UTC+8) as "YYYY-MM-DD HH:mm": fixed rather
 * than the machine's zone, so the demo answers the same everywhere. Other text is shown verbatim.
 */
const SHOP_UTC_OFFSET_MS = 8 * 3_600_000;
function shortTime(time: string): string {
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}.*(?:Z|[+-]\d{2}:?\d{2})$/.test(time) ? Date.parse(time) : NaN;
  return Number.isNaN(ms) ? time : new Date(ms + SHOP_UTC_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}
const shortDate = (time: string | undefined) => (time ? shortTime(time).slice(0, 10) : '?');

export function orderList(orders: ShopOrder[], lang: Lang): string {
  return orders
    .map((order, i) =>
      say(
        lang,
        `${i + 1}. 订单号 ${order.orderNo}｜${itemsOf(order, lang)}｜下单时间 ${shortDate(order.createdAt)}｜${statusOf(order, lang)}`,
        `${i + 1}. Order ${order.orderNo} | ${itemsOf(order, lang)} | ordered ${shortDate(order.createdAt)} | ${statusOf(order, lang)}`,
      ),
    )
    .join('\n');
}

const ACTION: Record<Intent, [string, string]> = {
  track: ['查询物流', 'track'],
  cancel: ['取消', 'cancel'],
  refund: ['申请退款', 'refund'],
  address: ['修改收货地址', 'change the address of'],
  coupons: ['查询优惠券', 'check coupons for'],
  policy: ['查询', 'look up'],
  other: ['处理', 'handle'],
};

export const clarify = (intent: Intent, orders: ShopOrder[], lang: Lang) =>
  say(
    lang,
    `我查到 ${orders.length} 笔相关订单，请问您要${ACTION[intent][0]}的是哪一笔？\n\n${orderList(orders, lang)}\n\n回复“第一笔”或订单号即可。`,
    `I found ${orders.length} matching orders. Which one would you like to ${ACTION[intent][1]}?\n\n${orderList(orders, lang)}\n\nReply "the first one" or the order number.`,
  );

export const selectionUnclear = (orders: ShopOrder[], lang: Lang) =>
  say(
    lang,
    `没看明白您指的是哪一笔，请回复序号（如“第一笔”）或订单号：\n\n${orderList(orders, lang)}`,
    `I couldn't tell which order you mean. Please reply with its position ("the first one") or its order number:\n\n${orderList(orders, lang)}`,
  );

/** What the seed's broken agent says when query_order is not in its tool list. */
export const genericDelivery = (lang: Lang) =>
  say(
    lang,
    '一般情况下，通常下单后3-5天送达，偏远地区可能需要更久。您可以在“我的订单”中查看物流进度，如果超过时效还没收到，可以联系人工客服帮您催件。',
    'Orders usually arrive within 3-5 days of purchase; remote areas can take longer. You can follow the parcel under "My orders", and if it is late, customer service can chase the courier for you.',
  );

export function logisticsReport(logistics: Logistics, order: ShopOrder | undefined, lang: Lang): string {
  const what = order ? say(lang, `（${itemsOf(order, lang)}）`, ` (${itemsOf(order, lang)})`) : '';
  const orderNo = logistics.orderNo ?? order?.orderNo ?? '';
  const status =
    lang === 'zh'
      ? (logistics.orderStatusText ?? logistics.orderStatus ?? '')
      : (STATUS[logistics.orderStatus ?? '']?.[1] ?? logistics.orderStatus ?? '');
  const head = say(
    lang,
    `您的订单 ${orderNo}${what}当前状态：${status}。`,
    `Your order ${orderNo}${what} is ${status}.`,
  );
  const newest = logistics.nodes[0];
  if (!newest)
    return `${head}${say(lang, `运单号 ${logistics.trackingNo} 暂时还没有物流轨迹。`, ` Tracking number ${logistics.trackingNo} has no tracking events yet.`)}`;
  const where = newest.location ? say(lang, `，${newest.location}`, `, ${newest.location}`) : '';
  return `${head}\n${say(
    lang,
    `最新物流（运单号 ${logistics.trackingNo}）：${shortTime(newest.time)}${where}，${newest.description}`,
    `Latest tracking update (tracking number ${logistics.trackingNo}): ${shortTime(newest.time)}${where}: ${newest.description}`,
  )}`;
}

export const notShipped = (order: ShopOrder, lang: Lang) =>
  say(
    lang,
    `订单 ${order.orderNo}（${itemsOf(order, lang)}）目前${statusOf(order, lang)}，还没有发货，所以暂时没有运单号和物流信息。`,
    `Order ${order.orderNo} (${itemsOf(order, lang)}) is ${statusOf(order, lang)}; it has not shipped, so there is no tracking number yet.`,
  );

export const noLogisticsTool = (order: ShopOrder, lang: Lang) =>
  say(
    lang,
    `订单 ${order.orderNo}（${itemsOf(order, lang)}）${statusOf(order, lang)}，运单号 ${order.trackingNo}。我现在没有查询物流的工具，看不到实时轨迹。`,
    `Order ${order.orderNo} (${itemsOf(order, lang)}) is ${statusOf(order, lang)}, tracking number ${order.trackingNo}. I have no logistics tool right now, so I can't see where it is.`,
  );

export const toolFailed = (what: [string, string], message: string, lang: Lang) =>
  say(lang, `${what[0]}失败：${message}`, `${what[1]} failed: ${message}`);

/**
 * The operator did not approve a call. The customer hears that it was not done and what happens next, in their own
 * language; the operator's note (in the tool message, for the agent) is never quoted.
 */
export const notApproved = (what: [string, string], lang: Lang) =>
  say(
    lang,
    `${what[0]}暂时没有办理：这一步需要我们的工作人员进一步确认，确认后会有同事联系您。如有疑问，也可以联系人工客服。`,
    `${what[1]} has not been done for now: this step needs a further check by our staff, and a colleague will get back to you. You can also contact customer service.`,
  );

/** A failed call: the tool's own error is quoted (the shop writes it for the customer); an operator's refusal is not. */
export const callFailed = (what: [string, string], step: ToolStep, lang: Lang) =>
  notApprovedByOperator(step) ? notApproved(what, lang) : toolFailed(what, step.result?.content ?? '', lang);

export const cancelNotApproved = (orderNo: string, lang: Lang) =>
  notApproved([`订单 ${orderNo} 的取消`, `Cancelling order ${orderNo}`], lang);
export const refundNotApproved = (orderNo: string, lang: Lang) =>
  notApproved([`订单 ${orderNo} 的退款申请`, `The refund request for order ${orderNo}`], lang);
export const addressNotApproved = (orderNo: string, lang: Lang) =>
  notApproved([`订单 ${orderNo} 的收货地址修改`, `Changing the address of order ${orderNo}`], lang);

export const unreadable = (tool: string, lang: Lang) =>
  say(
    lang,
    `工具 ${tool} 返回的内容我看不懂，暂时无法继续。`,
    `I couldn't read the result of ${tool}, so I can't continue.`,
  );

export const noOrders = (lang: Lang) =>
  say(
    lang,
    '没有找到相关订单。请确认下单账号，或者告诉我订单号。',
    "I couldn't find a matching order. Please check the account, or tell me the order number.",
  );

export const noOrderTool = (intent: Intent, lang: Lang) =>
  say(
    lang,
    `我现在查不到您的订单，无法确认要${ACTION[intent][0]}的是哪一笔。请在“我的订单”中操作，或联系人工客服。`,
    `I can't look up your orders right now, so I can't tell which one to ${ACTION[intent][1]}. Please use "My orders" or contact customer service.`,
  );

export const nothingEligible = (intent: Intent, orders: ShopOrder[], lang: Lang) =>
  intent === 'address'
    ? say(
        lang,
        `这些订单都已经发货或完成，收货地址不能再改了（只有未发货的订单可以改地址）：\n\n${orderList(orders, lang)}`,
        `These orders have already shipped or finished, so their address can no longer change (only orders not yet shipped can):\n\n${orderList(orders, lang)}`,
      )
    : intent === 'cancel'
      ? say(
          lang,
          `这些订单都已经不能取消了（只有待付款或待发货的订单可以取消）：\n\n${orderList(orders, lang)}\n\n已发货的订单可以在签收后申请退货退款。`,
          `None of these orders can be cancelled (only unpaid or not-yet-shipped ones can):\n\n${orderList(orders, lang)}\n\nShipped orders can be returned for a refund after delivery.`,
        )
      : say(
          lang,
          `这些订单目前都不能申请退款（需要已签收）：\n\n${orderList(orders, lang)}\n\n未发货的订单可以直接取消（已付款的会原路退款）。`,
          `None of these orders can be refunded yet (they must be delivered first):\n\n${orderList(orders, lang)}\n\nAn order that has not shipped can simply be cancelled.`,
        );

/** `payment`: whether money goes back (a paid order), nothing was paid, or the shop did not say. */
export const cancelled = (orderNo: string, payment: 'refunded' | 'unpaid' | 'unknown', lang: Lang) =>
  payment === 'refunded'
    ? say(
        lang,
        `已为您取消订单 ${orderNo}，款项会原路退回。`,
        `Order ${orderNo} has been cancelled; the payment will be returned to the original account.`,
      )
    : payment === 'unpaid'
      ? say(
          lang,
          `已为您取消订单 ${orderNo}。这笔订单还没有付款，不会产生扣款。`,
          `Order ${orderNo} has been cancelled. It had not been paid, so nothing was charged.`,
        )
      : say(lang, `已为您取消订单 ${orderNo}。`, `Order ${orderNo} has been cancelled.`);

export const notCancelled = (orderNo: string, reason: string, lang: Lang) =>
  say(lang, `订单 ${orderNo} 没有取消：${reason}`, `Order ${orderNo} was not cancelled: ${reason}`);

export const noCancelTool = (lang: Lang) =>
  say(
    lang,
    '我现在无法替您取消订单，请在“我的订单”中操作，或联系人工客服。',
    'I can\'t cancel orders right now. Please use "My orders" or contact customer service.',
  );

export const refundSubmitted = (orderNo: string, ticketId: string, lang: Lang) =>
  say(
    lang,
    `已为订单 ${orderNo} 提交退款申请，售后工单号 ${ticketId}，客服会在24小时内处理。`,
    `I've submitted a refund request for order ${orderNo} (ticket ${ticketId}). Customer service will handle it within 24 hours.`,
  );

export const refundRejected = (orderNo: string, reason: string, lang: Lang) =>
  say(
    lang,
    `订单 ${orderNo} 的退款申请没有提交成功：${reason}`,
    `The refund request for order ${orderNo} was not submitted: ${reason}`,
  );

export const cannotRefund = (lang: Lang) =>
  say(
    lang,
    '抱歉，我现在无法替您办理退款。您可以在“我的订单”中点击“申请售后”提交退款申请，或联系人工客服。',
    'Sorry, I can\'t process refunds right now. You can request one under "My orders" > "After-sales", or contact customer service.',
  );

export const policyAnswer = (hit: { source: string; heading: string; passage: string }, lang: Lang) =>
  say(
    lang,
    `根据《${hit.heading}》（来源：${hit.source}）：\n\n${hit.passage}`,
    `According to "${hit.heading}" (source: ${hit.source}):\n\n${hit.passage}`,
  );

export const policyNotFound = (lang: Lang) =>
  say(
    lang,
    '知识库里没有找到相关说明，建议您联系人工客服确认。',
    'The knowledge base has nothing on that; please check with customer service.',
  );

export const noKnowledgeTool = (lang: Lang) =>
  say(
    lang,
    '我现在无法查询政策知识库，建议您查看帮助中心，或联系人工客服。',
    "I can't search the policy knowledge base right now; please see the help center or contact customer service.",
  );

const CAPABILITIES: Array<[string, string, string]> = [
  ['query_order', '查询订单', 'look up your orders'],
  ['query_logistics', '查询物流', 'track parcels'],
  ['cancel_order', '取消未发货的订单', 'cancel orders that have not shipped'],
  ['update_shipping_address', '修改未发货订单的收货地址', 'change the address of an order that has not shipped'],
  ['query_coupons', '查询优惠券', 'check your coupons'],
  ['load_skill', '办理退款等售后', 'handle refunds and after-sales'],
  [
    'search_knowledge',
    '解答运费、退货、退款和保修政策',
    'answer questions about shipping, returns, refunds and warranty',
  ],
];

export function capabilities(visible: (tool: string) => boolean, lang: Lang): string {
  const can = CAPABILITIES.filter(([tool]) => visible(tool) || (tool === 'load_skill' && visible('apply_refund')));
  if (can.length === 0)
    return say(
      lang,
      '您好，我是比特严选的客服助手。现在没有可用的工具，我只能回答一般性的问题。',
      "Hi, I'm the Bit Select assistant. No tools are available right now, so I can only answer general questions.",
    );
  const list = can.map(([, zh, en]) => say(lang, zh, en)).join(say(lang, '、', ', '));
  return say(
    lang,
    `您好，我是比特严选的客服助手，可以帮您${list}。请问有什么可以帮您？`,
    `Hi, I'm the Bit Select assistant. I can ${list}. How can I help?`,
  );
}

export const askAddress = (said: string | undefined, lang: Lang) =>
  said
    ? say(
        lang,
        `“${said}”不是一个完整的收货地址。请告诉我新的完整地址（省市区、街道门牌、收件人和电话），我再帮您修改。`,
        `"${said}" is not a full shipping address. Please give me the new address in full (street, city, recipient and phone) and I'll change it.`,
      )
    : say(
        lang,
        '请告诉我新的完整收货地址（省市区、街道门牌、收件人和电话），我再帮您修改。',
        "Please give me the new shipping address in full (street, city, recipient and phone) and I'll change it.",
      );

export const addressUpdated = (orderNo: string, address: string, lang: Lang) =>
  say(lang, `已把订单 ${orderNo} 的收货地址改为：${address}`, `Order ${orderNo} will now be delivered to: ${address}`);

export const addressNotUpdated = (orderNo: string, reason: string, lang: Lang) =>
  say(
    lang,
    `订单 ${orderNo} 的收货地址没有修改：${reason}`,
    `The address of order ${orderNo} was not changed: ${reason}`,
  );

export const noAddressTool = (lang: Lang) =>
  say(
    lang,
    '我现在无法替您修改收货地址，请在“我的订单”中操作，或联系人工客服。',
    'I can\'t change shipping addresses right now. Please use "My orders" or contact customer service.',
  );

export function couponList(coupons: { title: string; expiresAt?: string }[], lang: Lang): string {
  if (coupons.length === 0)
    return say(lang, '您的账号里目前没有可用的优惠券。', 'There are no coupons on your account right now.');
  const lines = coupons.map(
    (c, i) =>
      `${i + 1}. ${c.title}${c.expiresAt ? say(lang, `（${shortDate(c.expiresAt)} 到期）`, ` (expires ${shortDate(c.expiresAt)})`) : ''}`,
  );
  return say(
    lang,
    `您有 ${coupons.length} 张可用优惠券：\n\n${lines.join('\n')}`,
    `You have ${coupons.length} coupon${coupons.length === 1 ? '' : 's'}:\n\n${lines.join('\n')}`,
  );
}

export const noCouponTool = (lang: Lang) =>
  say(
    lang,
    '我现在查不到优惠券，您可以在“我的-优惠券”中查看。',
    'I can\'t look up coupons right now; you can find them under "Me > Coupons".',
  );
