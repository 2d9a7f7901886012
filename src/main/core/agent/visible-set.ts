import type { ModelStep, VisibleTool } from '../../../shared/contract';
import { visibleTools, type Catalog, type ModelToolDefinition } from '../../../shared/catalog';
import { estimateToolDefinitionTokens } from '../tokens';

const tokenCache = new WeakMap<ModelToolDefinition, number>();

/** Token estimate per definition object; bindings reuse their definition objects, so this is computed once per tool version. */
function tokensOf(tool: ModelToolDefinition): number {
  let tokens = tokenCache.get(tool);
  if (tokens === undefined) {
    tokens = estimateToolDefinitionTokens([tool]);
    tokenCache.set(tool, tokens);
  }
  return tokens;
}

/** The visible set for one model call, and the record of it. */
export function buildModelStep(catalog: Catalog, revision: number, loadedSkills: readonly string[], step: number) {
  const tools = visibleTools(catalog, [...loadedSkills]);
  const recorded: VisibleTool[] = tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    tokens: tokensOf(tool),
    source: catalog.bindingsByToolId.get(tool.name)?.server ?? 'local',
  }));
  const modelStep: ModelStep = {
    step,
    at: new Date().toISOString(),
    loadedSkills: [...loadedSkills],
    tools: recorded,
    totalTokens: recorded.reduce((sum, t) => sum + t.tokens, 0),
    catalogRevision: revision,
  };
  return { tools, modelStep };
}
