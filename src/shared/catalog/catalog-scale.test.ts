import { describe, expect, it } from 'vitest';
import { resolveCatalog } from './resolve-catalog';
import { connected, httpServer, inputFor, leaf, tool } from './test-inputs';
import { visibleTools } from './visible-tools';

/**
 * The documented scale: 20 servers × 500 tools, 5,000 intent nodes, 50 skills. Correctness only:
 * timings belong to `npm run bench` (bench/), which measures them against a baseline in the same run.
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

  it('resolves 10,000 tools against 5,000 nodes and computes the visible set', () => {
    const catalog = resolveCatalog(input);
    expect(catalog.bindings.length + catalog.unavailable.length).toBe(4_950);
    expect(catalog.entries.filter((e) => e.server !== null)).toHaveLength(10_000);
    const visible = visibleTools(catalog, ['skill1']);
    expect(visible.length).toBe(2 + catalog.bindings.filter((b) => b.gatedBy.length === 0 || b.gatedBy.includes('skill1')).length);
  });
});
