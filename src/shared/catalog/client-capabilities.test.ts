import { describe, expect, it } from 'vitest';
import { resolveCatalog } from './resolve-catalog';
import { explainTool } from './explain-tool';
import type { CatalogInput } from './types';

const input = (declaredCapabilities: Record<string, unknown> | undefined): CatalogInput => ({
  servers: [
    {
      name: 'files',
      status: 'connected',
      tools: [{ name: 'read_file', inputSchema: { type: 'object' } }],
      ...(declaredCapabilities && { declaredCapabilities }),
    },
  ],
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
    expect(resolveCatalog(full).unavailable[0].reason).toBe(
      'no connected server offers it (checked files): "list_roots" does not exist on any server',
    );
    // Unknown (a server state without the field): no claim either way beyond what we know.
    expect(resolveCatalog(input(undefined)).unavailable[0].reason).toContain('does not exist on any server');
  });
});

describe('several servers initialized without the same capabilities', () => {
  it('are named once together, not one clause per server (issue 30: "initialized without roots" repeated per server)', () => {
    const declared = { elicitation: {}, sampling: {} };
    const server = (name: string, caps: Record<string, unknown>) => ({
      name,
      status: 'connected' as const,
      tools: [{ name: `${name}_tool`, inputSchema: { type: 'object' as const } }],
      declaredCapabilities: caps,
    });
    const many: CatalogInput = {
      servers: [
        server('shop', declared),
        server('files', declared),
        server('git', declared),
        server('docs', { elicitation: {} }),
      ],
      intents: [{ id: 'n', name: 'N', kind: 'mcp', toolId: 'query_invoice', confirm: 'auto', examples: [] }],
      skills: [],
    };
    const reason = resolveCatalog(many).unavailable[0].reason;
    expect(reason).toBe(
      'no connected server offers it (checked shop, files, git, docs); shop, files and git were initialized without roots (none configured for those servers); docs was initialized without sampling (it is turned off for that server), roots (none configured for that server): a server may withhold tools that need a capability the client did not declare, so "query_invoice" may exist there',
    );
    expect(reason.match(/initialized without/g)).toHaveLength(2);
  });
});
