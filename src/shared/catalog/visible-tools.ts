import { isAppOnly } from './app-ui';
import type { Catalog, ModelToolDefinition, ToolBinding } from './types';

/** A gated binding is unlocked when any one of the skills gating it is loaded. */
export function isUnlocked(
  binding: Pick<ToolBinding, 'gatedBy'>,
  loadedSkills: ReadonlySet<string> | readonly string[],
): boolean {
  if (binding.gatedBy.length === 0) return true;
  const loaded = loadedSkills instanceof Set ? loadedSkills : new Set(loadedSkills as readonly string[]);
  return binding.gatedBy.some((skill) => loaded.has(skill));
}

/**
 * The exact definitions to send the model this turn: local tools first, then the bindings in
 * toolId order minus those gated by a skill not yet loaded and those only their MCP App may see. Allocates one array,
 * nothing per tool.
 */
export function visibleTools(catalog: Catalog, loadedSkills: readonly string[]): ModelToolDefinition[] {
  const loaded = new Set(loadedSkills);
  const tools = catalog.localTools.slice();
  for (const binding of catalog.bindings) {
    if (isAppOnly(binding.definition)) continue;
    if (binding.gatedBy.length === 0 || binding.gatedBy.some((skill) => loaded.has(skill)))
      tools.push(binding.modelDefinition);
  }
  return tools;
}
