import { fitArguments, type Conversation } from './conversation';
import type { Intent } from './intent';
import type { ShopOrder } from './shop-results';

/** What the demo model says next: some text, and at most one tool call. */
export interface Plan {
  text: string;
  call?: { name: string; arguments: Record<string, unknown> };
}

export interface PlanContext {
  conv: Conversation;
  intent: Intent;
  /** The user message that carries the intent (an earlier one when the latest only picks an order). */
  requestText: string;
  /** Set when the latest message answers our "which order?" question from an earlier turn. */
  followUp?: { listed: ShopOrder[] };
}

export const reply = (text: string): Plan => ({ text });

/** A call to a tool the caller has checked is visible; arguments are trimmed to its schema. */
export function callTool(ctx: PlanContext, name: string, args: Record<string, unknown>, text: string): Plan {
  const tool = ctx.conv.tools.get(name);
  if (!tool) throw new Error(`demo planner bug: ${name} is not visible`); // flows check canCall first
  return { text, call: { name, arguments: fitArguments(tool, args) } };
}
