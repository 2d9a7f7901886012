import type { ModelRequest } from '../core/providers/types';
import { lastAnswered, readConversation, type Conversation } from './conversation';
import { planAddress } from './flow-address';
import { planCancel } from './flow-cancel';
import { planCoupons } from './flow-coupons';
import { planDirect, planToolless } from './flow-direct';
import { planOther, planPolicy } from './flow-policy';
import { planRefund } from './flow-refund';
import { planTrack } from './flow-track';
import { detectIntent, parseSelection, type Intent } from './intent';
import { candidatesFor, ordersIn } from './order-selection';
import type { Plan, PlanContext } from './plan';

const FLOWS: Record<Intent, (ctx: PlanContext) => Plan> = {
  track: planTrack,
  cancel: planCancel,
  refund: planRefund,
  address: planAddress,
  coupons: planCoupons,
  policy: planPolicy,
  other: planOther,
};

/** Decides the next step from this request alone: same input, same output. */
export function planNextStep(req: ModelRequest): Plan {
  const conv = readConversation(req);
  const direct = planDirect(conv);
  if (direct) return direct;
  const intent = detectIntent(conv.userText);
  const pending = pendingClarification(conv);
  if (pending && (intent === 'other' || intent === pending.intent)) {
    const picked = parseSelection(conv.userText, pending.followUp.listed) !== null;
    // Our last act was the "which one?" question, so any reply without a new request answers it.
    const justAsked = conv.earlierSteps.at(-1) === pending.step;
    if (picked || (intent === 'other' && justAsked))
      return FLOWS[pending.intent]({
        conv,
        intent: pending.intent,
        requestText: pending.requestText,
        followUp: pending.followUp,
      });
  }
  if (intent === 'other') return planToolless(conv) ?? FLOWS.other({ conv, intent, requestText: conv.userText });
  return FLOWS[intent]({ conv, intent, requestText: conv.userText });
}

/**
 * An earlier order request whose query_order result listed several candidates: then a reply like
 * 「第一笔」 picks one of them. The list is rebuilt from the history, exactly as it was shown.
 */
function pendingClarification(conv: Conversation) {
  const requestText = conv.earlierUserTexts.findLast((text) => ORDER_INTENTS.includes(detectIntent(text)));
  if (!requestText) return undefined;
  const intent = detectIntent(requestText);
  const step = lastAnswered(conv.earlierSteps, 'query_order');
  const orders = ordersIn(step);
  if (!step || !orders) return undefined;
  const listed = candidatesFor(intent, orders);
  return listed.length > 1 ? { intent, requestText, step, followUp: { listed } } : undefined;
}

const ORDER_INTENTS: Intent[] = ['track', 'cancel', 'refund', 'address'];
