import type { Skill } from '../config/schema';
import type { ModelToolDefinition } from './types';

export const SEARCH_KNOWLEDGE = 'search_knowledge';
export const LOAD_SKILL = 'load_skill';

/**
 * The in-process tools, in the shape the model sees for every tool. `load_skill` is only offered
 * when there is a skill to load: an empty enum is not a valid schema.
 */
export function localToolDefinitions(skills: readonly Pick<Skill, 'name' | 'description'>[]): ModelToolDefinition[] {
  const tools: ModelToolDefinition[] = [
    {
      name: SEARCH_KNOWLEDGE,
      description: 'Search the shop knowledge base (policies, FAQs, manuals) and return the most relevant passages.',
      inputSchema: {
        type: 'object',
        properties: { query: { type: 'string', description: 'What to look up, in the customer’s words' } },
        required: ['query'],
      },
    },
  ];
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
