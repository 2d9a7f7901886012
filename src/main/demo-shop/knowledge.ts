import type { KnowledgeDescription } from '../../shared/catalog/local-tools';

/** What search_knowledge tells the model about the shop's knowledge base (resources/knowledge: its policies). */
export const DEMO_SHOP_KNOWLEDGE: KnowledgeDescription = {
  description:
    '检索比特严选的政策知识库（运费与配送时效、7天无理由退货、退款流程与到账时间、保修政策）。' +
    'Search the shop policy knowledge base (shipping, returns, refunds, warranty). ' +
    'Returns the best matching passages with their source file; cite the source in the answer.',
  query: '用户的问题或关键词，例如「退货要多久」',
};
