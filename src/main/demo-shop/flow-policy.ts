import { canCall, lastAnswered } from './conversation';
import { callTool, reply, type Plan, type PlanContext } from './plan';
import * as say from './replies';
import { knowledgeResultSchema, parseToolJson } from './shop-results';

/** Policy questions go to search_knowledge; the answer cites the top passage and its source. */
export function planPolicy(ctx: PlanContext): Plan {
  const { conv } = ctx;
  const searched = lastAnswered(conv.turnSteps, 'search_knowledge');
  if (searched?.result) {
    if (searched.result.isError)
      return reply(say.toolFailed(['查询知识库', 'Searching the knowledge base'], searched.result.content, conv.lang));
    const found = parseToolJson(knowledgeResultSchema, searched.result.content);
    if (!found) return reply(say.unreadable('search_knowledge', conv.lang));
    const top = found.results[0];
    return reply(top ? say.policyAnswer(top, conv.lang) : say.policyNotFound(conv.lang));
  }
  if (!canCall(conv, 'search_knowledge')) return reply(say.noKnowledgeTool(conv.lang));
  return callTool(
    ctx,
    'search_knowledge',
    { query: ctx.requestText.trim() },
    conv.lang === 'zh' ? '我查一下相关政策。' : 'Let me check the policy.',
  );
}

/** Anything else: say what this assistant can do with the tools visible on this request. */
export function planOther(ctx: PlanContext): Plan {
  return reply(say.capabilities((tool) => canCall(ctx.conv, tool), ctx.conv.lang));
}
