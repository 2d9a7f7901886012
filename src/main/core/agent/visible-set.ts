import type { ModelStep, VisibleTool } from '../../../shared/contract';
import { visibleTools, type Catalog } from '../../../shared/catalog';
import { estimateToolTokens, roughTokens } from '../tokens';

/**
 * The visible set for one model call, and the record of it. Token counts come from the shared counter's
 * cache (a steady catalog: at once); a definition never counted before is counted off the event loop.
 */
export async function buildModelStep(
  catalog: Catalog,
  revision: number,
  loadedSkills: readonly string[],
  step: number,
) {
  const tools = visibleTools(catalog, [...loadedSkills]);
  // Should the counter fail, the step still goes out with a rough figure: an estimate never stops a turn.
  const tokens = await estimateToolTokens(tools).catch(() => tools.map(roughTokens));
  const recorded: VisibleTool[] = tools.map((tool, i) => {
    const binding = catalog.bindingsByToolId.get(tool.name);
    const visible: VisibleTool = {
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
      tokens: tokens[i],
      source: binding?.server ?? 'local',
    };
    if (binding?.descriptionTruncated || binding?.schemaCapped) visible.capped = true;
    return visible;
  });
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
