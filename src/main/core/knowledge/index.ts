/** Public surface of the local knowledge search. */
export { createKnowledgeBase, loadKnowledgeBase, formatKnowledgeResult, readKnowledgeDir } from './knowledge-base';
export type { KnowledgeBase, KnowledgeDoc, KnowledgeResult } from './knowledge-base';
export { SEARCH_KNOWLEDGE_TOOL, runSearchKnowledge } from './search-knowledge-tool';
