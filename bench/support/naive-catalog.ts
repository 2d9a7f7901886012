import { listMcpLeaves, type IntentNode, type McpLeaf } from '../../src/shared/config/schema';
import type { CatalogInput, ModelToolDefinition } from '../../src/shared/catalog';

/* Scenario 3's baselines (catalog-scale.ts): the catalog and visible set as a first implementation would scan them. */

export interface NaiveBinding {
  toolId: string;
  server: string;
  nodes: McpLeaf[];
  modelDefinition: ModelToolDefinition;
}

/** The obvious first implementation: for each configured toolId, filter the nodes, scan every server, sort with localeCompare. */
export function naiveResolve(input: CatalogInput): NaiveBinding[] {
  const leaves = listMcpLeaves(input.intents as IntentNode[]);
  const toolIds = [...new Set(leaves.map((l) => l.toolId))].sort((a, b) => a.localeCompare(b));
  const bindings: NaiveBinding[] = [];
  for (const toolId of toolIds) {
    const nodes = leaves.filter((l) => l.toolId === toolId);
    for (const server of input.servers) {
      if (server.status !== 'connected') continue;
      const definition = server.tools.find((t) => t.name === toolId);
      if (!definition) continue;
      const description = nodes.find((n) => n.description !== undefined)?.description ?? definition.description ?? '';
      bindings.push({
        toolId,
        server: server.name,
        nodes,
        modelDefinition: { name: toolId, description, inputSchema: definition.inputSchema },
      });
      break;
    }
  }
  return bindings;
}

/** The obvious visible set: for each binding, scan every skill's unlock list. */
export function naiveVisible(bindings: NaiveBinding[], input: CatalogInput, loaded: string[]): ModelToolDefinition[] {
  const out = [...(input.localTools ?? [])];
  for (const binding of bindings) {
    const gating = input.skills.filter((s) => s.unlocks.includes(binding.toolId));
    if (gating.length === 0 || gating.some((s) => loaded.includes(s.name))) out.push(binding.modelDefinition);
  }
  return out;
}
