import { describe, expect, it } from 'vitest';
import { resolveCatalog } from './resolve-catalog';
import { connected, httpServer, inputFor, leaf, tool } from './test-inputs';
import { visibleTools } from './visible-tools';

/**
 * The documented scale: 20 servers × 500 tools, 5,000 intent nodes, 50 skills. Budgets here are
 * loose (shared CI cores); the real numbers come from `npm run bench`. They still catch an
 * accidental per-tool scan or allocation-heavy rewrite, which costs 10x, not 10%.
 */
describe('catalog at scale', () => {
  const servers = Array.from({ length: 20 }, (_, s) =>
    connected(`s${s}`, Array.from({ length: 500 }, (_, t) => tool(`tool_${s * 400 + t}`, { description: `tool ${s * 400 + t} `.repeat(10) }))),
  );
  const intents = Array.from({ length: 50 }, (_, c) => ({
    id: `cat${c}`,
    name: `Category ${c}`,
    children: Array.from({ length: 99 }, (_, i) => leaf(`n${c}_${i}`, `tool_${(c * 99 + i) * 2}`)),
  }));
  const skills = Array.from({ length: 50 }, (_, k) => ({ name: `skill${k}`, unlocks: Array.from({ length: 20 }, (_, i) => `tool_${(k * 20 + i) * 2}`) }));
  const input = inputFor({ agent: { mcp: { servers: servers.map((s) => httpServer(s.name)) } }, intents, skills }, servers);

  const median = (f: () => unknown, runs: number) => {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      f();
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[runs >> 1];
  };

  it('resolves 10,000 tools against 5,000 nodes and computes the visible set cheaply', () => {
    const catalog = resolveCatalog(input);
    expect(catalog.bindings.length + catalog.unavailable.length).toBe(4_950);
    expect(catalog.entries.filter((e) => e.server !== null)).toHaveLength(10_000);
    const visible = visibleTools(catalog, ['skill1']);
    expect(visible.length).toBe(2 + catalog.bindings.filter((b) => b.gatedBy.length === 0 || b.gatedBy.includes('skill1')).length);

    for (let i = 0; i < 5; i++) resolveCatalog({ ...input, servers: [...input.servers] }); // JIT warm-up
    // A new servers array each time: the discovery-derived index is rebuilt, as after a rediscovery.
    expect(median(() => resolveCatalog({ ...input, servers: [...input.servers] }), 9)).toBeLessThan(80);
    expect(median(() => catalog.entries.length + resolveCatalog(input).entries.length, 5)).toBeLessThan(150);
    expect(median(() => visibleTools(catalog, ['skill1', 'skill2']), 21)).toBeLessThan(5);
  });
});
