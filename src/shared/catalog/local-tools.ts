import type { Skill } from '../config/schema';
import type { ModelToolDefinition } from './types';

export const SEARCH_KNOWLEDGE = 'search_knowledge';
export const LOAD_SKILL = 'load_skill';

/** What search_knowledge tells the model its knowledge base holds: the tool's description and its query's. */
export interface KnowledgeDescription {
  description: string;
  query: string;
}

/** Where the entry point describes no knowledge base of its own (`CoreOptions.knowledge`: the demo shop's policies). */
const GENERIC_KNOWLEDGE: KnowledgeDescription = {
  description:
    'Search the knowledge base. Returns the best matching passages with their source file; cite the source in the answer.',
  query: "The user's question or keywords",
};

/** The in-process knowledge search as the model sees it, describing `knowledge`. */
export function searchKnowledgeTool(knowledge: KnowledgeDescription = GENERIC_KNOWLEDGE): ModelToolDefinition {
  return {
    name: SEARCH_KNOWLEDGE,
    description: knowledge.description,
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: knowledge.query },
        limit: { type: 'integer', minimum: 1, maximum: 5, description: 'How many passages to return (default 3)' },
      },
      required: ['query'],
      additionalProperties: false,
    },
  };
}

/** search_knowledge over a knowledge base nobody described. */
export const SEARCH_KNOWLEDGE_TOOL = searchKnowledgeTool();

/**
 * The in-process tools, in the shape the model sees for every tool. `load_skill` is only offered
 * when there is a skill to load: an empty enum is not a valid schema.
 */
export function localToolDefinitions(
  skills: readonly Pick<Skill, 'name' | 'description'>[],
  knowledgeTool: ModelToolDefinition = SEARCH_KNOWLEDGE_TOOL,
): ModelToolDefinition[] {
  const tools: ModelToolDefinition[] = [knowledgeTool];
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
