import type { ShopOrder } from './shop-results';

/** Keyword rules standing in for a model's judgement. Order matters: actions before questions. */
export type Intent = 'track' | 'cancel' | 'refund' | 'address' | 'coupons' | 'policy' | 'other';

const CANCEL = /取消|cancel/i;
const REFUND = /退款|退钱|refund|money back/i;
/** Asking about rules or timing ("退款多久到账", "refund policy") is a knowledge question, not an action. */
const ASKS_ABOUT_RULES = /多久|几天|到账|政策|规则|流程|怎么|如何|policy|rules?\b|how (?:long|do|does|can)|when will/i;
/** Changing where an order goes: needs both the address and a verb of change. */
const ADDRESS = /(?:收货)?地址|address/i;
const CHANGE = /改|换|修改|更新|change|update|switch/i;
const COUPONS = /优惠券|优惠|代金券|折扣券|coupons?|vouchers?|discount codes?/i;
const STRONG_POLICY =
  /运费|包邮|邮费|保修|质保|政策|规则|policy|warrant|guarantee|shipping (?:fee|cost)|free shipping/i;
const TRACK =
  /送到哪|到哪|物流|快递|包裹|没收到|还没到|没到货|运单|where(?:'s| is| are)|track|parcel|package|not (?:yet )?(?:arrived|received)|hasn'?t arrived|haven'?t (?:received|got)/i;
const WEAK_POLICY = /退货|换货|多久|几天|到账|时效|无理由|return|exchange|how long|how many days|refund/i;

export function detectIntent(text: string): Intent {
  if (CANCEL.test(text) && !ASKS_ABOUT_RULES.test(text)) return 'cancel';
  if (REFUND.test(text) && !ASKS_ABOUT_RULES.test(text)) return 'refund';
  if (ADDRESS.test(text) && CHANGE.test(text) && !ASKS_ABOUT_RULES.test(text)) return 'address';
  if (COUPONS.test(text) && !ASKS_ABOUT_RULES.test(text)) return 'coupons';
  if (STRONG_POLICY.test(text)) return 'policy';
  if (TRACK.test(text)) return 'track';
  if (WEAK_POLICY.test(text)) return 'policy';
  return 'other';
}

const ENGLISH_FILLER = new Set(
  (
    'where is are was my the a an i me we you your it its of for to in on at and or please can could would will ' +
    'cancel refund track check find order orders parcel package delivery shipment item items thing stuff ' +
    'bought buy purchased last week month yesterday recent recently still not yet arrived received got ' +
    'want need help with this that one status hi hello hey do does did has have hasn haven t s ' +
    'what how long when why which there any some policy warranty shipping return returns fee free'
  ).split(' '),
);
const CHINESE_PRODUCTS = [
  '键盘',
  '鼠标',
  '耳机',
  '显示器',
  '手机',
  '平板',
  '笔记本',
  '手表',
  '充电器',
  '数据线',
  '音箱',
  '路由器',
];

/** A product keyword when the text makes one obvious ("AirPods Pro", "keyboard", "键盘"), else undefined. */
export function extractKeyword(text: string): string | undefined {
  const runs: string[][] = [];
  for (const phrase of text.match(/[A-Za-z0-9][A-Za-z0-9+'-]*(?:[ \t]+[A-Za-z0-9][A-Za-z0-9+'-]*)*/g) ?? []) {
    let run: string[] = [];
    for (const word of phrase.split(/\s+/)) {
      if (ENGLISH_FILLER.has(word.toLowerCase().replace(/'.*$/, '')) || /^\d+$/.test(word)) {
        if (run.length) runs.push(run);
        run = [];
      } else run.push(word);
    }
    if (run.length) runs.push(run);
  }
  // Prefer brand-like words (capitals or digits inside: "AirPods", "K8") over plain nouns.
  const named = runs.find((run) => run.some((word) => /[A-Z]|\d/.test(word)));
  const chosen = named ?? runs[0];
  if (chosen) return chosen.join(' ');
  return CHINESE_PRODUCTS.find((word) => text.includes(word));
}

const CHINESE_NUMBERS: Record<string, number> = {
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
  十: 10,
};
const ENGLISH_ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5 };

/**
 * Which of the listed orders the user picked: an order number, 「第一笔」, "the second one", a bare
 * "2", "the last one", or a status ("已发货的那笔") that fits exactly one. Null when unclear.
 */
export function parseSelection(text: string, listed: ShopOrder[]): number | null {
  const byNumber = listed.findIndex((order) => text.toUpperCase().includes(order.orderNo.toUpperCase()));
  if (byNumber >= 0) return byNumber;
  const position = positionIn(text, listed.length);
  if (position !== null) return position >= 1 && position <= listed.length ? position - 1 : null;
  const status = /已发货|运输中|在路上|shipped|in transit/i.test(text)
    ? 'shipped'
    : /已签收|已送达|delivered/i.test(text)
      ? 'delivered'
      : /未发货|没发货|not shipped|unshipped/i.test(text)
        ? 'paid'
        : undefined;
  const matching = listed.flatMap((order, index) => (order.status === status ? [index] : []));
  return matching.length === 1 ? matching[0] : null;
}

function positionIn(text: string, count: number): number | null {
  const zh = /第\s*([一二两三四五六七八九十]|\d+)\s*(?:笔|个|单|条|项|件|次)?/.exec(text);
  if (zh) return CHINESE_NUMBERS[zh[1]] ?? Number(zh[1]);
  if (/最后一|最后那|the last|last one/i.test(text)) return count;
  const ordinal = /\b(first|second|third|fourth|fifth)\b/i.exec(text);
  if (ordinal) return ENGLISH_ORDINALS[ordinal[1].toLowerCase()];
  const numbered = /(?:^|\b(?:number|no\.?|option)\s*|#)\s*(\d{1,2})\s*[.。!！]?\s*$/i.exec(text.trim());
  return numbered ? Number(numbered[1]) : null;
}
