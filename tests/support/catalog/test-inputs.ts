import { configSchemaFor, type SwitchboardConfigInput } from '../../../src/shared/config/schema';
import type { CatalogInput, CatalogServerInput, ToolDefinition } from '../../../src/shared/catalog/types';

// Builders for catalog tests (shared by the catalog, explain and bench suites).

export const tool = (name: string, extra: Partial<ToolDefinition> = {}): ToolDefinition => ({
  name,
  description: `remote ${name}`,
  inputSchema: { type: 'object', properties: {} },
  ...extra,
});

export const connected = (name: string, tools: ToolDefinition[]): CatalogServerInput => ({
  name,
  status: 'connected',
  tools,
});

export const httpServer = (name: string) => ({ name, url: `http://127.0.0.1:1/${name}` });

export const leaf = (id: string, toolId: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: id,
  kind: 'mcp' as const,
  toolId,
  ...extra,
});

/** Builds catalog inputs through the real config schema, so defaults and validation match production. */
export function inputFor(config: SwitchboardConfigInput, servers: CatalogServerInput[]): CatalogInput {
  const parsed = configSchemaFor().parse(config);
  return { servers, intents: parsed.intents, skills: parsed.skills };
}
