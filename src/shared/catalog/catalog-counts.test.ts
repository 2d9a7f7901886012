import { describe, expect, it } from 'vitest';
import { countCatalog, describeCounts } from './catalog-counts';
import { resolveCatalog } from './resolve-catalog';

describe('catalog counts', () => {
  it('counts each row once under its state: a gated binding is gated, not bound; bindings are both', () => {
    const catalog = resolveCatalog({
      servers: [
        {
          name: 'shop',
          status: 'connected',
          tools: ['query_order', 'apply_refund', 'debug_dump', 'search_knowledge'].map((name) => ({
            name,
            inputSchema: { type: 'object' },
          })),
        },
        { name: 'copy', status: 'connected', tools: [{ name: 'query_order', inputSchema: { type: 'object' } }] },
      ],
      intents: [
        { id: 'o', name: 'O', kind: 'mcp', toolId: 'query_order', confirm: 'auto', examples: [] },
        { id: 'r', name: 'R', kind: 'mcp', toolId: 'apply_refund', confirm: 'auto', examples: [] },
        { id: 'i', name: 'I', kind: 'mcp', toolId: 'query_invoice', confirm: 'auto', examples: [] },
      ],
      skills: [{ name: 'after-sales', description: '', manual: '', unlocks: ['apply_refund'] }],
    });
    const counts = countCatalog(catalog.entries.map((e) => e.state));
    expect(counts.byState).toEqual({
      bound: 1,
      gated: 1,
      appOnly: 0,
      unmounted: 1,
      unavailable: 1,
      reserved: 1,
      shadowed: 1,
      quarantined: 0,
    });
    expect(counts.tools).toBe(catalog.entries.length);
    // catalog.list's bindingCount is catalog.bindings.length: the same number as `bindings` here.
    expect(counts.bindings).toBe(catalog.bindings.length);
    expect(describeCounts(counts)).toBe(
      '6 tools: 1 bound, 1 gated (2 bindings), 1 unmounted, 1 unavailable, 1 reserved, 1 shadowed',
    );
  });

  it('says zero bound and zero gated rather than leaving them out', () => {
    expect(describeCounts(countCatalog([]))).toBe('0 tools: 0 bound, 0 gated (0 bindings)');
    expect(describeCounts(countCatalog(['unmounted']))).toBe('1 tool: 0 bound, 0 gated (0 bindings), 1 unmounted');
  });
});
