import type { Conversation } from './conversation';
import { reply, type Plan } from './plan';

/** `/call TOOL {json}`: the operator names a tool and its arguments, and the demo model calls exactly that. */
const DIRECT = /^\/call\s+(\S+)(?:\s+([\s\S]*))?$/;
const RESULT_CHARS = 600;

/**
 * The operator's way to try any visible tool with the offline model (a server's elicitation, sampling or
 * long-running tool, say): `/call trigger-long-running-operation {"duration": 3}`. The model calls the tool
 * once, then reports its result. A tool that is not visible this turn is refused, as a real model would.
 * Undefined when the message is not a direct call.
 */
export function planDirect(conv: Conversation): Plan | undefined {
  const match = DIRECT.exec(conv.userText.trim());
  if (!match) return undefined;
  const [, name, rawArgs] = match;
  const done = conv.turnSteps.findLast((step) => step.call.name === name && step.result);
  if (done?.result) {
    const text =
      done.result.content.length > RESULT_CHARS
        ? `${done.result.content.slice(0, RESULT_CHARS)}…`
        : done.result.content;
    return reply(done.result.isError ? `${name} failed: ${text}` : `${name} returned: ${text}`);
  }
  if (!conv.tools.has(name))
    return reply(
      `I cannot call ${name}: it is not among the tools I was given this turn (${[...conv.tools.keys()].join(', ') || 'none'}).`,
    );
  let args: unknown;
  try {
    args = rawArgs?.trim() ? JSON.parse(rawArgs) : {};
  } catch {
    return reply(`The arguments for ${name} must be a JSON object, e.g. /call ${name} {"key": "value"}.`);
  }
  if (!args || typeof args !== 'object' || Array.isArray(args))
    return reply(`The arguments for ${name} must be a JSON object.`);
  return { text: `Calling ${name}.`, call: { name, arguments: args as Record<string, unknown> } };
}

/**
 * A request with no tools and no shop question (a server's sampling request): a deterministic answer that
 * quotes what was asked, so a test (or an operator) can tell it came back through the right path.
 */
export function planToolless(conv: Conversation): Plan | undefined {
  if (conv.tools.size > 0) return undefined;
  const asked = conv.userText.length > 200 ? `${conv.userText.slice(0, 200)}…` : conv.userText;
  return reply(`Demo answer: you asked “${asked}”. (The offline demo model answers the same way every time.)`);
}
