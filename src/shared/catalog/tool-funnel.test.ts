import { describe, expect, it } from 'vitest';
import { resolveCatalog } from './resolve-catalog';
import { FUNNEL_STAGES, inStage, sentRemoteTools, toolFunnel } from './tool-funnel';
import type { ToolState } from './types';

const tool = (name: string) => ({ name, inputSchema: { type: 'object' as const } });
const node = (id: string, toolId: string) => ({
  id,
  name: id,
  kind: 'mcp' as const,
  toolId,
  confirm: 'auto' as const,
  examples: [],
});

describe('the tool funnel', () => {
  const catalog = resolveCatalog({
    servers: [
      {
        name: 'shop',
        status: 'connected',
        tools: ['query_order', 'apply_refund', 'debug_dump', 'search_knowledge'].map(tool),
      },
      { name: 'copy', status: 'connected', tools: [tool('query_order')] },
    ],
    intents: [node('o', 'query_order'), node('r', 'apply_refund'), node('i', 'query_invoice')],
    skills: [{ name: 'after-sales', description: '', manual: '', unlocks: ['apply_refund'] }],
  });
  const rows = catalog.entries;

  it('counts each stage and what leaves between stages, with unavailable beside it', () => {
    const funnel = toolFunnel(rows, ['shop', 'copy'], null);
    expect(funnel.stages.map((s) => `${s.stage}:${s.count}`)).toEqual([
      'discovered:5',
      'mounted:4',
      'bindings:2',
      'bound:1',
      'sent:1',
    ]);
    expect(funnel.stages[1].dropped).toEqual([{ state: 'unmounted', count: 1 }]);
    expect(funnel.stages[2].dropped).toEqual([
      { state: 'shadowed', count: 1 },
      { state: 'reserved', count: 1 },
    ]);
    expect(funnel.stages[3].dropped).toEqual([{ state: 'gated', count: 1 }]);
    expect(funnel.unavailable).toBe(1);
    expect(funnel.perServer).toEqual([
      { server: 'shop', count: 4 },
      { server: 'copy', count: 1 },
    ]);
    // The stages agree with the counts everybody else shows.
    expect(funnel.stages[2].count).toBe(funnel.counts.bindings);
  });

  it('the last stage is what a model call received: a loaded skill brings a gated tool in', () => {
    const step = {
      tools: [
        { name: 'search_knowledge', source: 'local' },
        { name: 'load_skill', source: 'local' },
        { name: 'apply_refund', source: 'shop' },
        { name: 'query_order', source: 'shop' },
      ],
    };
    const sent = sentRemoteTools(step)!;
    expect([...sent]).toEqual(['apply_refund', 'query_order']);
    expect(toolFunnel(rows, ['shop', 'copy'], sent).stages.at(-1)).toMatchObject({ stage: 'sent', count: 2 });
    expect(sentRemoteTools(undefined)).toBeNull();
  });

  it('a stage’s count is the number of rows its filter keeps, for every stage, at 10,000 tools', () => {
    const states: ToolState[] = ['bound', 'gated', 'unmounted', 'reserved', 'shadowed', 'quarantined'];
    const big = Array.from({ length: 10_000 }, (_, i) => ({
      toolId: `t${i}`,
      server: i % 97 === 0 ? null : `s${i % 3}`,
      state: i % 97 === 0 ? ('unavailable' as const) : states[i % states.length],
    }));
    const sent = new Set(big.filter((_, i) => i % 5 === 0).map((r) => r.toolId));
    const funnel = toolFunnel(big, ['s0', 's1', 's2'], sent);
    for (const stage of FUNNEL_STAGES)
      expect(big.filter((row) => inStage(row, stage, sent)).length, stage).toBe(
        funnel.stages.find((s) => s.stage === stage)!.count,
      );
  });
});

describe('the funnel and MCP Apps', () => {
  it('drops a tool visible to its app only between bindings and bound, and never counts it as sent', () => {
    const appOnly = {
      name: 'app_refresh',
      inputSchema: { type: 'object' as const },
      _meta: { ui: { visibility: ['app'] } },
    };
    const catalog = resolveCatalog({
      servers: [{ name: 'apps', status: 'connected', tools: [tool('dashboard'), appOnly] }],
      intents: [node('d', 'dashboard'), node('a', 'app_refresh')],
      skills: [],
    });
    expect(catalog.entries.map((e) => `${e.toolId}:${e.state}`)).toEqual(['app_refresh:appOnly', 'dashboard:bound']);
    const funnel = toolFunnel(catalog.entries, ['apps'], new Set(['dashboard']));
    expect(funnel.stages.map((s) => `${s.stage}:${s.count}`)).toEqual([
      'discovered:2',
      'mounted:2',
      'bindings:2',
      'bound:1',
      'sent:1',
    ]);
    expect(funnel.stages[3].dropped).toEqual([{ state: 'appOnly', count: 1 }]);
    expect(catalog.bindingsByToolId.has('app_refresh')).toBe(true); // callable by its app
  });
});
