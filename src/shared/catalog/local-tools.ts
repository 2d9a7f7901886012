import type { Skill } from '../config/schema';
import type { ModelToolDefinition } from './types';

export const SEARCH_KNOWLEDGE = 'search_knowledge';
export const LOAD_SKILL = 'load_skill';

/** The in-process knowledge search as the model sees it; one definition for the app, the CLI and the benchmarks. */
export const SEARCH_KNOWLEDGE_TOOL: ModelToolDefinition = {
  name: SEARCH_KNOWLEDGE,
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

/**
 * The in-process tools, in the shape the model sees for every tool. `load_skill` is only offered
 * when there is a skill to load: an empty enum is not a valid schema.
 */
export function localToolDefinitions(skills: readonly Pick<Skill, 'name' | 'description'>[]): ModelToolDefinition[] {
  const tools: ModelToolDefinition[] = [SEARCH_KNOWLEDGE_TOOL];
  if (skills.length > 0) {
    const list = skills.map((s) => `- ${s.name}${s.description ? `: ${s.description}` : ''}`).join('\n');
    tools.push({
      name: LOAD_SKILL,
      description: `Load a skill manual into the conversation. Its instructions apply and the tools it unlocks become available from the next step.\nAvailable skills:\n${list}`,
      inputSchema: {
        type: 'object',
        properties: { name: { type: 'string', enum: skills.map((s) => s.name), description: 'The skill to load' } },
        required: ['name'],
      },
    });
  }
  return tools;
}
