import { describe, expect, it } from 'vitest';
import { pinnedDefinitionOf } from './pins';
import { resolveCatalog } from './resolve-catalog';
import { connected, httpServer, inputFor, leaf, tool } from '../../../tests/support/catalog/test-inputs';
import type { DefinitionFingerprint, ToolPin } from './types';
import { visibleTools } from './visible-tools';

/**
 * The documented scale: 20 servers × 500 tools, 5,000 intent nodes, 50 skills. Correctness only:
 * timings belong to `npm run bench` (bench/), which measures them against a baseline in the same run.
 */
describe('catalog at scale', () => {
  const servers = Array.from({ length: 20 }, (_, s) =>
    connected(
      `s${s}`,
      Array.from({ length: 500 }, (_, t) =>
        tool(`tool_${s * 400 + t}`, { description: `tool ${s * 400 + t} `.repeat(10) }),
      ),
    ),
  );
  const intents = Array.from({ length: 50 }, (_, c) => ({
    id: `cat${c}`,
    name: `Category ${c}`,
    children: Array.from({ length: 99 }, (_, i) => leaf(`n${c}_${i}`, `tool_${(c * 99 + i) * 2}`)),
  }));
  const skills = Array.from({ length: 50 }, (_, k) => ({
    name: `skill${k}`,
    unlocks: Array.from({ length: 20 }, (_, i) => `tool_${(k * 20 + i) * 2}`),
  }));
  const input = inputFor(
    { agent: { mcp: { servers: servers.map((s) => httpServer(s.name)) } }, intents, skills },
    servers,
  );

  it('resolves 10,000 tools against 5,000 nodes and computes the visible set', () => {
    const catalog = resolveCatalog(input);
    expect(catalog.bindings.length + catalog.unavailable.length).toBe(4_950);
    expect(catalog.entries.filter((e) => e.server !== null)).toHaveLength(10_000);
    const visible = visibleTools(catalog, ['skill1']);
    expect(visible.length).toBe(
      2 + catalog.bindings.filter((b) => b.gatedBy.length === 0 || b.gatedBy.includes('skill1')).length,
    );
  });

  it('checks every mounted tool against its pin: every 100th definition changed is quarantined, the rest stay bound', () => {
    const fields = { name: 'n', description: 'd', inputSchema: 'i', outputSchema: 'o', annotations: 'a' };
    const current = new Map<string, Map<string, DefinitionFingerprint>>();
    const pinned = new Map<string, Map<string, ToolPin>>();
    let i = 0;
    for (const server of servers) {
      const now = new Map<string, DefinitionFingerprint>();
      const pins = new Map<string, ToolPin>();
      for (const t of server.tools) {
        const changed = i++ % 100 === 0;
        now.set(t.name, {
          hash: changed ? `${t.name}:v2` : `${t.name}:v1`,
          fields: changed ? { ...fields, inputSchema: 'i2' } : fields,
        });
        pins.set(t.name, {
          hash: `${t.name}:v1`,
          fields,
          pinnedAt: '2025-01-01T00:00:00Z',
          definition: pinnedDefinitionOf(t),
        });
      }
      current.set(server.name, now);
      pinned.set(server.name, pins);
    }
    const catalog = resolveCatalog({ ...input, pins: { current, pins: pinned } });
    const quarantined = catalog.entries.filter((e) => e.state === 'quarantined');
    expect(quarantined.length).toBe(catalog.quarantinedByToolId.size);
    expect(quarantined.length).toBeGreaterThan(0);
    expect(quarantined.every((e) => e.quarantine!.changed.join() === 'inputSchema')).toBe(true);
    expect(catalog.bindings.length + catalog.unavailable.length).toBe(4_950);
    const visible = new Set(visibleTools(catalog, []).map((t) => t.name));
    expect(quarantined.some((e) => visible.has(e.toolId))).toBe(false);
  });
});
