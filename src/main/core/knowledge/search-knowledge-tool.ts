import type { ToolDefinitionForModel } from '../providers/types';
import { formatKnowledgeResult, type KnowledgeBase } from './knowledge-base';

/** The in-process search_knowledge tool as the model sees it (a reserved local tool name). */
export const SEARCH_KNOWLEDGE_TOOL: ToolDefinitionForModel = {
  name: 'search_knowledge',
  description:
    '检索比特严选的政策知识库（运费与配送时效、7天无理由退货、退款流程与到账时间、保修政策）。' +
    'Search the shop policy knowledge base (shipping, returns, refunds, warranty). ' +
    'Returns the best matching passages with their source file; cite the source in the answer.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', description: '用户的问题或关键词，例如「退货要多久」' },
      limit: { type: 'integer', minimum: 1, maximum: 5, description: 'How many passages to return (default 3)' },
    },
    required: ['query'],
    additionalProperties: false,
  },
};

/** Runs the tool; bad arguments throw, and the tool proxy turns that into an error result for the model. */
export function runSearchKnowledge(kb: KnowledgeBase, args: Record<string, unknown>): string {
  const { query, limit } = args;
  if (typeof query !== 'string' || !query.trim()) throw new Error('search_knowledge needs a non-empty "query" string');
  const count = typeof limit === 'number' && Number.isInteger(limit) ? Math.min(Math.max(limit, 1), 5) : 3;
  return formatKnowledgeResult(kb.search(query, count));
}
