import { describe, expect, it } from 'vitest';
import type { SwitchboardConfigInput } from '../config/schema';
import { resolveCatalog } from './resolve-catalog';
import { connected, httpServer, inputFor, leaf, tool } from '../../../tests/support/catalog/test-inputs';
import type { CatalogServerInput } from './types';
import { visibleTools } from './visible-tools';

describe('resolveCatalog', () => {
  const config: SwitchboardConfigInput = {
    agent: { mcp: { servers: [httpServer('shop'), httpServer('backup'), httpServer('down')] } },
    intents: [
      {
        id: 'shop',
        name: 'shop',
        children: [
          leaf('order-query', 'query_order', { confirm: 'never' }),
          leaf('order-query-2', 'query_order', { confirm: 'always', description: 'Find the caller’s orders' }),
          leaf('logistics', 'query_logistics'),
          leaf('refund', 'apply_refund'),
          leaf('invoice', 'query_invoice'),
          leaf('kb-clash', 'search_knowledge'),
          leaf('coupon-pinned', 'query_coupons', { server: 'backup' }),
        ],
      },
    ],
    skills: [{ name: 'after-sales', description: '售后', unlocks: ['apply_refund', 'no_such_tool'] }],
  };
  const servers: CatalogServerInput[] = [
    connected('shop', [
      tool('query_order', { annotations: { readOnlyHint: true } }),
      tool('query_logistics'),
      tool('apply_refund', { annotations: { readOnlyHint: false, destructiveHint: true } }),
      tool('search_knowledge'),
      tool('query_coupons'),
      tool('debug_dump'),
    ]),
    connected('backup', [tool('query_logistics', { description: 'backup logistics' }), tool('query_coupons')]),
    { name: 'down', status: 'failed', error: 'connect ECONNREFUSED 127.0.0.1:9', tools: [tool('query_invoice')] },
  ];
  const catalog = resolveCatalog(inputFor(config, servers));
  const row = (toolId: string, server: string | null) =>
    catalog.entries.find((e) => e.toolId === toolId && e.server === server);

  it('binds configured and discovered tools, sorted by toolId, with the strictest confirm policy and the override', () => {
    expect(catalog.bindings.map((b) => `${b.toolId}@${b.server}`)).toEqual([
      'apply_refund@shop',
      'query_coupons@backup',
      'query_logistics@shop',
      'query_order@shop',
    ]);
    const order = catalog.bindingsByToolId.get('query_order')!;
    expect(order).toMatchObject({
      nodes: ['order-query', 'order-query-2'],
      confirm: 'always',
      description: 'Find the caller’s orders',
      descriptionSource: 'node',
      remoteDescription: 'remote query_order',
      definition: { annotations: { readOnlyHint: true } },
    });
    expect(order.remoteDescriptionHash).toMatch(/^[0-9a-f]{8}$/);
    expect(catalog.bindingsByToolId.get('query_logistics')).toMatchObject({
      descriptionSource: 'remote',
      description: 'remote query_logistics',
      confirm: 'auto',
    });
    expect(row('query_order', 'shop')).toMatchObject({
      state: 'bound',
      reason: 'mounted by nodes order-query, order-query-2',
    });
  });

  it('marks a binding listed in a skill as gated, and reports unlock entries that bind nothing', () => {
    expect(row('apply_refund', 'shop')).toMatchObject({ state: 'gated', gatedBy: ['after-sales'] });
    expect(row('apply_refund', 'shop')!.reason).toContain('gated by skill after-sales');
    expect(catalog.skills[0].unlocksUnbound).toEqual(['no_such_tool']);
  });

  it('keeps a discovered tool without an intent node as unmounted', () => {
    expect(row('debug_dump', 'shop')).toMatchObject({ state: 'unmounted', nodes: [] });
    expect(catalog.bindingsByToolId.has('debug_dump')).toBe(false);
  });

  it('lists a configured tool no connected server offers as unavailable, naming the failed server', () => {
    const invoice = catalog.unavailable.find((u) => u.toolId === 'query_invoice')!;
    expect(invoice.cause).toBe('server-down');
    expect(invoice.reason).toContain('down failed (connect ECONNREFUSED 127.0.0.1:9)');
    // the failed server's last-known tools do not count as offered
    expect(row('query_invoice', 'down')).toBeUndefined();
    expect(row('query_invoice', null)).toMatchObject({ state: 'unavailable', nodes: ['invoice'] });
  });

  it('says a tool does not exist when every server is connected and none offers it', () => {
    const all = resolveCatalog(inputFor(config, servers.slice(0, 2)));
    const invoice = all.unavailable.find((u) => u.toolId === 'query_invoice')!;
    expect(invoice).toMatchObject({ cause: 'not-offered' });
    expect(invoice.reason).toContain('does not exist on any server');
  });

  it('reserves a remote tool named like a local tool, and never binds it', () => {
    expect(row('search_knowledge', 'shop')).toMatchObject({ state: 'reserved', nodes: ['kb-clash'] });
    expect(catalog.unavailable.find((u) => u.toolId === 'search_knowledge')).toMatchObject({ cause: 'reserved' });
    expect(row('search_knowledge', null)).toBeUndefined();
    expect(catalog.bindingsByToolId.has('search_knowledge')).toBe(false);
  });

  it('lets the first server in config order win a name clash and reports the loser as shadowed', () => {
    expect(row('query_logistics', 'shop')).toMatchObject({ state: 'bound' });
    expect(row('query_logistics', 'shop')!.reason).toContain('shadows backup');
    expect(row('query_logistics', 'backup')).toMatchObject({
      state: 'shadowed',
      remoteDescription: 'backup logistics',
    });
    expect(row('query_logistics', 'backup')!.reason).toContain('also offered by shop');
  });

  it('lets a node pin a later server; the earlier one is then shadowed', () => {
    expect(catalog.bindingsByToolId.get('query_coupons')).toMatchObject({ server: 'backup', shadows: ['shop'] });
    expect(row('query_coupons', 'shop')).toMatchObject({ state: 'shadowed' });
    expect(row('query_coupons', 'shop')!.reason).toContain('node coupon-pinned pins server backup');
  });

  it('does not fall back to another server when the pinned one is down', () => {
    const backupDown: CatalogServerInput[] = [
      servers[0],
      { name: 'backup', status: 'failed', error: 'timed out after 10000 ms', tools: [] },
      servers[2],
    ];
    const pinnedDown = resolveCatalog(inputFor(config, backupDown));
    expect(pinnedDown.bindingsByToolId.has('query_coupons')).toBe(false);
    const coupons = pinnedDown.unavailable.find((u) => u.toolId === 'query_coupons')!;
    expect(coupons.cause).toBe('pinned-elsewhere');
    expect(coupons.reason).toContain('backup, which failed (timed out after 10000 ms)');
    expect(pinnedDown.entries.filter((e) => e.toolId === 'query_coupons').map((e) => `${e.server}:${e.state}`)).toEqual(
      ['shop:shadowed', 'null:unavailable'],
    );
  });

  it('lists each discovered (server, tool) pair once, by toolId then config order', () => {
    const pairs = catalog.entries.filter((e) => e.server !== null).map((e) => `${e.toolId}@${e.server}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(pairs).toHaveLength(8);
    const ids = catalog.entries.map((e) => e.toolId);
    expect(ids).toEqual([...ids].sort());
  });

  it('ignores a duplicate name within one server', () => {
    const dup = resolveCatalog(
      inputFor(config, [connected('shop', [tool('query_order'), tool('query_order', { description: 'second' })])]),
    );
    expect(dup.entries.filter((e) => e.toolId === 'query_order')).toHaveLength(1);
    expect(dup.bindingsByToolId.get('query_order')!.remoteDescription).toBe('remote query_order');
  });

  it('returns a frozen snapshot', () => {
    expect(Object.isFrozen(catalog)).toBe(true);
  });
});

describe('visibleTools', () => {
  const config: SwitchboardConfigInput = {
    agent: { mcp: { servers: [httpServer('shop')] } },
    intents: [leaf('a', 'zeta'), leaf('b', 'alpha'), leaf('c', 'refund')],
    skills: [
      { name: 'after-sales', description: 'refunds', unlocks: ['refund'] },
      { name: 'vip', unlocks: ['refund'] },
    ],
  };
  const catalog = resolveCatalog(inputFor(config, [connected('shop', [tool('zeta'), tool('alpha'), tool('refund')])]));

  it('sends local tools first, then ungated bindings in toolId order, with the effective description and schema only', () => {
    const sent = visibleTools(catalog, []);
    expect(sent.map((t) => t.name)).toEqual(['search_knowledge', 'load_skill', 'alpha', 'zeta']);
    expect(Object.keys(sent[2]).sort()).toEqual(['description', 'inputSchema', 'name']);
    expect(sent[1].description).toContain('after-sales: refunds');
    expect(sent[1].inputSchema.properties).toEqual({ name: expect.objectContaining({ enum: ['after-sales', 'vip'] }) });
  });

  it('unlocks a gated tool when any one of its skills is loaded', () => {
    expect(visibleTools(catalog, ['vip']).map((t) => t.name)).toEqual([
      'search_knowledge',
      'load_skill',
      'alpha',
      'refund',
      'zeta',
    ]);
    expect(visibleTools(catalog, ['unknown']).map((t) => t.name)).not.toContain('refund');
  });

  it('offers no load_skill when no skill is configured', () => {
    const bare = resolveCatalog(inputFor({ ...config, skills: [] }, [connected('shop', [tool('alpha')])]));
    expect(visibleTools(bare, []).map((t) => t.name)).toEqual(['search_knowledge', 'alpha']);
  });
});
