import { describe, expect, it } from 'vitest';
import type { SwitchboardConfigInput } from '../config/schema';
import { explainTool } from './explain-tool';
import { connected, httpServer, inputFor, leaf, tool } from '../../../tests/support/catalog/test-inputs';
import { EXPLAIN_LAYERS, type CatalogServerInput } from './types';

const config: SwitchboardConfigInput = {
  agent: { mcp: { servers: [httpServer('shop'), httpServer('backup'), httpServer('off')] } },
  intents: [
    leaf('order', 'query_order'),
    leaf('refund', 'apply_refund'),
    leaf('invoice', 'query_invoice'),
    leaf('coupons', 'query_coupons', { server: 'backup' }),
    leaf('logistics', 'query_logistics'),
  ],
  skills: [{ name: 'after-sales', unlocks: ['apply_refund'] }],
};
const healthy: CatalogServerInput[] = [
  connected('shop', [
    tool('query_order'),
    tool('apply_refund'),
    tool('debug_dump'),
    tool('search_knowledge'),
    tool('query_coupons'),
    tool('query_logistics'),
  ]),
  connected('backup', [tool('query_coupons'), tool('query_logistics')]),
  { name: 'off', status: 'disabled', tools: [] },
];

const layer = (e: ReturnType<typeof explainTool>, name: string) => e.layers.find((l) => l.layer === name)!;

describe('explainTool', () => {
  it('passes every layer for a bound, ungated tool', () => {
    const e = explainTool(inputFor(config, healthy), 'query_order');
    expect(e).toMatchObject({ verdict: 'visible', firstFailingLayer: null });
    // Every layer but `local` (a remote tool's path), in the order the contract lists them.
    expect(e.layers.map((l) => l.layer)).toEqual(EXPLAIN_LAYERS.filter((l) => l !== 'local'));
    expect(e.layers.every((l) => l.ok)).toBe(true);
    expect(layer(e, 'configured').detail).toBe('enabled: shop, backup; disabled: off');
    expect(layer(e, 'shadowed').detail).toBe('served by shop (the only server offering it)');
  });

  it('explains a local tool, and that a remote copy of its name is reserved', () => {
    const e = explainTool(inputFor(config, healthy), 'search_knowledge');
    expect(e.verdict).toBe('visible');
    expect(e.layers[0]).toMatchObject({ layer: 'local', ok: true });
    expect(e.layers[0].detail).toContain('the remote copy on shop is reserved');
  });

  it('says load_skill is hidden when no skill is configured', () => {
    const e = explainTool(inputFor({ ...config, skills: [] }, healthy), 'load_skill');
    expect(e).toMatchObject({ verdict: 'hidden', firstFailingLayer: 'local' });
    expect(e.layers[0].detail).toContain('only when a skill is configured');
  });

  it('stops at "configured" when there is no server, or every server is disabled', () => {
    const none = explainTool(
      inputFor({ ...config, agent: { mcp: { servers: [] } }, intents: [leaf('order', 'query_order')] }, []),
      'query_order',
    );
    expect(none.firstFailingLayer).toBe('configured');
    expect(layer(none, 'configured').detail).toContain('no MCP server is configured');
    const disabled = explainTool(
      inputFor(
        config,
        healthy.map((s) => ({ ...s, status: 'disabled' as const, tools: [] })),
      ),
      'query_order',
    );
    expect(disabled.firstFailingLayer).toBe('configured');
    expect(layer(disabled, 'configured').detail).toContain('every configured server is disabled');
  });

  it('stops at "connected" naming each failed server and its error', () => {
    const down: CatalogServerInput[] = [
      { name: 'shop', status: 'failed', error: 'connect ECONNREFUSED', tools: [] },
      { name: 'backup', status: 'connecting', tools: [] },
      healthy[2],
    ];
    const e = explainTool(inputFor(config, down), 'query_order');
    expect(e.firstFailingLayer).toBe('connected');
    expect(layer(e, 'connected').detail).toBe(
      'no server is connected: shop failed (connect ECONNREFUSED), backup is connecting',
    );
    expect(layer(e, 'mounted').ok).toBe(true); // later layers are still evaluated
  });

  it('stops at "discovered" when no connected server offers the name', () => {
    const e = explainTool(inputFor(config, healthy), 'query_invoice');
    expect(e.firstFailingLayer).toBe('discovered');
    expect(layer(e, 'discovered').detail).toBe('no connected server offers "query_invoice" (checked shop, backup)');
  });

  it('stops at "mounted" for a discovered tool no intent node names', () => {
    const e = explainTool(inputFor(config, healthy), 'debug_dump');
    expect(e.firstFailingLayer).toBe('mounted');
    expect(layer(e, 'discovered').ok).toBe(true);
  });

  it('stops at "shadowed" when the pinned server is down, though another server offers the tool', () => {
    const backupDown = [
      healthy[0],
      { name: 'backup', status: 'failed' as const, error: 'timed out', tools: [] },
      healthy[2],
    ];
    const e = explainTool(inputFor(config, backupDown), 'query_coupons');
    expect(e.firstFailingLayer).toBe('shadowed');
    expect(layer(e, 'shadowed').detail).toBe(
      'node coupons pins server backup, which is failed (timed out); the copy on shop is not used',
    );
  });

  it('names the winner and the losers of a name clash', () => {
    expect(layer(explainTool(inputFor(config, healthy), 'query_logistics'), 'shadowed').detail).toBe(
      'served by shop (first in config order); backup also offers it and loses',
    );
    expect(layer(explainTool(inputFor(config, healthy), 'query_coupons'), 'shadowed').detail).toBe(
      'served by backup (pinned by node coupons); shop also offers it and loses',
    );
  });

  it('stops at "gated" until a skill that unlocks the tool is loaded', () => {
    const hidden = explainTool(inputFor(config, healthy), 'apply_refund');
    expect(hidden.firstFailingLayer).toBe('gated');
    expect(layer(hidden, 'gated').detail).toContain('gated by skill after-sales, not loaded this turn');
    const shown = explainTool(inputFor(config, healthy), 'apply_refund', ['after-sales']);
    expect(shown).toMatchObject({ verdict: 'visible', firstFailingLayer: null });
    expect(layer(shown, 'visible').detail).toContain('loaded skills: after-sales');
  });

  it('names the server skill behind a gate, and why load_skill cannot load it when it is held', () => {
    const withSource = (
      state: 'verified' | 'quarantined',
      reason: { code: string; text: string; params?: Record<string, string> } | null,
    ) => ({
      ...inputFor(config, healthy),
      skillSources: new Map([['after-sales', { server: 'shop', skill: 'after-sales', state, reason }]]),
    });
    expect(layer(explainTool(withSource('verified', null), 'apply_refund'), 'gated').detail).toBe(
      "gated by skill after-sales, not loaded this turn: its schema is withheld until load_skill loads it; after-sales's manual is skill after-sales of server shop: verified",
    );
    const held = {
      code: 'serverSkill.changed',
      params: { pinnedAt: 'then', pinnedHash: 'aaa', currentHash: 'bbb' },
      text: '',
    };
    const gate = layer(explainTool(withSource('quarantined', held), 'apply_refund'), 'gated');
    expect(gate.ok).toBe(false);
    expect(gate.detail).toBe(
      "gated by skill after-sales, not loaded this turn: its schema is withheld until load_skill loads it; after-sales's manual is skill after-sales of server shop: quarantined (its files changed since they were pinned at then (sha256 aaa -> bbb): quarantined until the operator accepts the change), so load_skill cannot load it until the operator accepts it",
    );
    // A local skill's gate says nothing of a server.
    expect(layer(explainTool(inputFor(config, healthy), 'apply_refund'), 'gated').detail).not.toContain('server');
  });
});
