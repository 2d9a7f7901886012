import { describe, expect, it } from 'vitest';
import { resolveCatalog } from './resolve-catalog';
import { explainTool } from './explain-tool';
import type { CatalogInput } from './types';

const input = (declaredCapabilities: Record<string, unknown> | undefined): CatalogInput => ({
  servers: [{ name: 'files', status: 'connected', tools: [{ name: 'read_file', inputSchema: { type: 'object' } }], ...(declaredCapabilities && { declaredCapabilities }) }],
  intents: [{ id: 'n', name: 'N', kind: 'mcp', toolId: 'list_roots', confirm: 'auto', examples: [] }],
  skills: [],
});

describe('a tool missing from a server that may withhold it', () => {
  it('is "may exist there" while a capability was not declared, and "does not exist" once all were', () => {
    const partial = input({ elicitation: { form: {}, url: {} }, sampling: {} });
    expect(resolveCatalog(partial).unavailable[0].reason).toBe(
      'no connected server offers it (checked files); files was initialized without roots (none configured for that server): a server may withhold tools that need a capability the client did not declare, so "list_roots" may exist there',
    );
    const discovered = explainTool(partial, 'list_roots', []).layers.find((l) => l.layer === 'discovered')!;
    expect(discovered.detail).toContain('so it may exist there');

    const full = input({ elicitation: {}, sampling: {}, roots: { listChanged: true } });
    expect(resolveCatalog(full).unavailable[0].reason).toBe('no connected server offers it (checked files): "list_roots" does not exist on any server');
    // Unknown (a server state without the field): no claim either way beyond what we know.
    expect(resolveCatalog(input(undefined)).unavailable[0].reason).toContain('does not exist on any server');
  });
});
