import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishOf } from '../../../shared/catalog/catalog-messages';
import type { Message } from '../../../shared/i18n-message';
import { createTestCore, type TestCore as Core } from '../../../../tests/support/core';
import { waitFor } from '../../../../tests/support/mcp';
import { checkedOutput } from '../../../../tests/support/contract-output';
import type { IntentNode, Skill } from '../../../shared/config/schema';
import { Conflict, NotFound } from '../errors';

/** The first-run config against the real embedded shop server: every catalog state the demo is built to show. */
describe('the catalog views and config documents over the embedded shop', () => {
  let dir: string;
  let core: Core;
  const events: { name: string; payload: unknown }[] = [];
  const documents = () => core.services.documents;
  // Every answer checked against the contract, as the route would send it.
  const catalog = {
    page: () => checkedOutput('catalog.get', core.services.catalog.page()),
    list: () => checkedOutput('catalog.list', core.services.catalog.list()),
    tool: (toolId: string, server: string | null) =>
      checkedOutput('catalog.tool', core.services.catalog.tool(toolId, server)),
    descriptions: () => checkedOutput('catalog.descriptions', core.services.catalog.descriptions()),
    explain: (toolId: string, loadedSkills: string[] = []) =>
      checkedOutput('catalog.explain', core.services.catalog.explain(toolId, loadedSkills)),
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'switchboard-catalog-'));
    core = await createTestCore({
      dataDir: dir,
      watchConfig: false,
      validateOutput: true,
      log: () => undefined,
      connections: { healthCheckIntervalMs: 0 },
    });
    core.events.subscribe((name, payload) => events.push({ name, payload }));
    // The shop may connect while createCore is still loading its parts (before this subscription): ask for the state.
    await waitFor(() => catalog.page().servers.some((s) => s.status === 'connected'), 10_000, 'the shop to connect');
  });
  afterAll(async () => {
    await core.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('reconciles the shop tools with the intent tree and skills', async () => {
    const view = catalog.page();
    expect(view.servers).toEqual([
      {
        name: 'shop',
        status: 'connected',
        error: null,
        refused: [],
        tools: expect.arrayContaining(['query_order', 'query_logistics']),
      },
    ]);
    const state = (toolId: string) => view.entries.find((e) => e.toolId === toolId)?.state;
    expect(state('query_order')).toBe('bound');
    expect(state('query_logistics')).toBe('bound');
    expect(state('apply_refund')).toBe('gated');
    expect(state('query_coupons')).toBe('unmounted');
    expect(view.entries.find((e) => e.toolId === 'query_invoice')).toMatchObject({
      state: 'unavailable',
      server: null,
      annotations: null,
    });
    // Unmounted tools carry their annotations too, so the tool picker can say read-only or write before mounting.
    expect(view.entries.find((e) => e.toolId === 'query_coupons')).toMatchObject({
      annotations: { readOnlyHint: true },
    });
    expect(view.bindings.find((b) => b.toolId === 'query_order')).toMatchObject({
      server: 'shop',
      annotations: { readOnlyHint: true },
      gatedBy: [],
    });
    expect(view.localTools.map((t) => t.name)).toEqual(['search_knowledge', 'load_skill']);
  });

  it('lists the same rows as catalog.get, column by column, with only what the list shows', async () => {
    const [full, list] = [catalog.page(), catalog.list()];
    expect(list.revision).toBe(full.revision);
    expect(list.entries.toolId).toEqual(full.entries.map((e) => e.toolId));
    expect(list.entries.server).toEqual(full.entries.map((e) => e.server));
    expect(list.entries.state).toEqual(full.entries.map((e) => e.state));
    // Reasons travel as messages (an interned code and its params); formatted in English they are catalog.get's.
    expect(
      list.entries.reasonCode.map((code, i) =>
        englishOf({ code: list.reasonCodes[code], params: list.entries.reasonParams[i] ?? undefined } as Message),
      ),
    ).toEqual(full.entries.map((e) => e.reason));
    expect(new Set(list.reasonCodes).size).toBe(list.reasonCodes.length);
    expect(Object.keys(list.entries).sort()).toEqual([
      'readOnly',
      'reasonCode',
      'reasonParams',
      'server',
      'state',
      'toolId',
    ]);
    const readOnly = (toolId: string) => list.entries.readOnly[list.entries.toolId.indexOf(toolId)];
    expect([
      readOnly('query_order'),
      readOnly('cancel_order'),
      readOnly('query_coupons'),
      readOnly('query_invoice'),
    ]).toEqual([true, false, true, null]);
    expect(list).toMatchObject({
      bindingCount: full.bindings.length,
      skillNames: ['after-sales'],
      localToolNames: ['search_knowledge', 'load_skill'],
    });
    expect(list.servers).toEqual([
      { name: 'shop', status: 'connected', error: null, toolCount: full.servers[0].tools.length },
    ]);
    // Built once per revision: a second first visit gets the same answer without rebuilding it.
    expect(catalog.list()).toEqual(list);
  });

  it('returns one row in full: the entry, and the binding with its schema when the row is the bound one', async () => {
    const logistics = catalog.tool('query_logistics', 'shop');
    expect(logistics.entry).toMatchObject({
      toolId: 'query_logistics',
      server: 'shop',
      state: 'bound',
      quarantine: null,
      annotations: { readOnlyHint: true },
    });
    expect(logistics.binding).toMatchObject({
      toolId: 'query_logistics',
      server: 'shop',
      inputSchema: { properties: { trackingNo: expect.any(Object) } },
    });
    const coupons = catalog.tool('query_coupons', 'shop');
    expect(coupons).toMatchObject({
      entry: { state: 'unmounted', annotations: { readOnlyHint: true } },
      binding: null,
    });
    const invoice = catalog.tool('query_invoice', null);
    expect(invoice).toMatchObject({
      entry: { state: 'unavailable', server: null, nodes: ['invoice-query'] },
      binding: null,
    });
    const full = catalog.page();
    expect(logistics.entry).toEqual(full.entries.find((e) => e.toolId === 'query_logistics'));
  });

  it('refuses an unknown row as not found, naming it (malformed rows never get past the router: routes.test.ts)', () => {
    expect(() => catalog.tool('nope', 'shop')).toThrow(NotFound);
    expect(() => catalog.tool('nope', 'shop')).toThrow(/nope/);
    // A row exists for query_invoice only without a server; on shop there is none.
    expect(() => catalog.tool('query_invoice', 'shop')).toThrow(NotFound);
    expect(() => catalog.tool('query_order', 'other')).toThrow(NotFound);
  });

  it('returns every row’s descriptions for search, keyed like the rows', async () => {
    const { descriptions, revision } = catalog.descriptions();
    const full = catalog.page();
    expect(revision).toBe(full.revision);
    expect(descriptions).toEqual(
      full.entries.map((e) => ({
        toolId: e.toolId,
        server: e.server,
        description: e.description,
        remoteDescription: e.remoteDescription,
      })),
    );
  });

  it('explains why apply_refund is hidden until after-sales is loaded', async () => {
    const hidden = catalog.explain('apply_refund');
    expect(hidden).toMatchObject({ verdict: 'hidden', firstFailingLayer: 'gated' });
    const visible = catalog.explain('apply_refund', ['after-sales']);
    expect(visible).toMatchObject({ verdict: 'visible', firstFailingLayer: null });
  });

  it('saves a description override through intents.save, keeps the comments, and publishes a new catalog revision', async () => {
    const before = catalog.page();
    const { intents, revision } = documents().intents() as {
      intents: { id: string; children?: { id: string; description?: string }[] }[];
      revision: number;
    };
    const shop = intents.find((n) => n.id === 'shop')!;
    const order = shop.children!.find((n) => n.id === 'order-query')!;
    order.description = '按关键词查询当前客户最近的订单，返回订单号与运单号';
    await documents().saveIntents(intents as IntentNode[], revision);

    const text = await readFile(join(dir, 'switchboard.yaml'), 'utf8');
    expect(text).toContain('# not offered by the shop server: shows as unavailable');
    expect(text).toContain('description: 按关键词查询当前客户最近的订单');
    expect(text.match(/examples: \[\]/g)).toBeNull(); // no defaults spilled into the file

    await waitFor(
      () =>
        events.some(
          (e) => e.name === 'catalog.changed' && (e.payload as { revision: number }).revision > before.revision,
        ),
      10_000,
      'catalog.changed',
    );
    const after = catalog.page();
    expect(after.bindings.find((b) => b.toolId === 'query_order')).toMatchObject({
      description: order.description,
      descriptionSource: 'node',
    });
    expect(after.bindings.find((b) => b.toolId === 'query_order')!.remoteDescription).not.toBe(order.description);
    // The per-revision answers follow the new revision.
    expect(catalog.list().revision).toBe(after.revision);
    expect(catalog.tool('query_order', 'shop')).toMatchObject({
      revision: after.revision,
      binding: { description: order.description },
    });
  });

  it('refuses an invalid tree with the problem, and a stale base revision; writes neither', async () => {
    const { intents, revision } = documents().intents();
    const dup = [...intents, { id: 'shop', name: 'again', kind: 'mcp', toolId: 'query_order' }] as IntentNode[];
    await expect(documents().saveIntents(dup)).rejects.toThrow('duplicate intent id "shop"');
    // Validated with the whole config too, not only by the route's schema.
    const noTool = [{ id: 'x', name: 'x', kind: 'mcp' }] as unknown as IntentNode[];
    await expect(documents().saveIntents(noTool)).rejects.toThrow('an mcp node needs a toolId');
    await expect(documents().saveIntents(intents, revision - 1)).rejects.toBeInstanceOf(Conflict);
    expect(documents().intents()).toEqual({ intents, revision });
  });

  it('saves skills, and a tool a skill no longer gates becomes visible', async () => {
    const { skills } = documents().skills();
    await documents().saveSkills([{ ...skills[0], unlocks: ['cancel_order'] }]);
    const refund = catalog.explain('apply_refund');
    expect(refund.verdict).toBe('visible');
    const cancel = catalog.explain('cancel_order');
    expect(cancel.firstFailingLayer).toBe('gated');
    const empty = [{ name: 'nothing', unlocks: [] }] as unknown as Skill[];
    // The route's schema says why (routes.test.ts); the config's validation refuses it here too, and nothing is written.
    await expect(documents().saveSkills(empty)).rejects.toThrow(/skills\.0\.unlocks/);
    expect(
      documents()
        .skills()
        .skills.map((s) => s.name),
    ).not.toContain('nothing');
  });
});
