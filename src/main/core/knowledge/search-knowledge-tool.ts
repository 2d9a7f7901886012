import { formatKnowledgeResult, type KnowledgeBase } from './knowledge-base';
import { Invalid } from '../errors';
import { say } from '../../../shared/messages';

/** The definition lives with the other local tools in the shared catalog. */
export { SEARCH_KNOWLEDGE_TOOL } from '../../../shared/catalog/local-tools';

/** Runs the tool; bad arguments throw, and the tool proxy turns that into an error result for the model. */
export function runSearchKnowledge(kb: KnowledgeBase, args: Record<string, unknown>): string {
  const { query, limit } = args;
  if (typeof query !== 'string' || !query.trim()) throw new Invalid(say('localTool.searchNeedsQuery'));
  const count = typeof limit === 'number' && Number.isInteger(limit) ? Math.min(Math.max(limit, 1), 5) : 3;
  return formatKnowledgeResult(kb.search(query, count));
}
