import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CatalogDescriptionsView,
  CatalogListView,
  CatalogToolView,
  CatalogView,
  ExplanationView,
  Result,
} from '../../../shared/contract';
import { englishOf } from '../../../shared/catalog/catalog-messages';
import type { Message } from '../../../shared/i18n-message';
import { createTestCore, type TestCore as Core } from '../../../../tests/support/core';
import { waitFor } from '../../../../tests/support/mcp';

/** The first-run config against the real embedded shop server: every catalog state the demo is built to show. */
describe('catalog routes over the embedded shop', () => {
  let dir: string;
  let core: Core;
  const events: { name: string; payload: unknown }[] = [];
  const call = async <T>(route: string, input: unknown = {}): Promise<T> => {
    const result = (await core.dispatch(route, input, { transport: 'internal' })) as Result<T>;
    if (!result.ok) throw new Error(`${route}: ${result.error.code} ${result.error.message}`);
    return result.data;
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
    await waitFor(
      async () => (await call<CatalogView>('catalog.get')).servers.some((s) => s.status === 'connected'),
      10_000,
      'the shop to connect',
    );
  });
  afterAll(async () => {
    await core.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('reconciles the shop tools with the intent tree and skills', async () => {
    const view = await call<CatalogView>('catalog.get');
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
    const [full, list] = [await call<CatalogView>('catalog.get'), await call<CatalogListView>('catalog.list')];
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
    expect(await call<CatalogListView>('catalog.list')).toEqual(list);
  });

  it('returns one row in full: the entry, and the binding with its schema when the row is the bound one', async () => {
    const logistics = await call<CatalogToolView>('catalog.tool', { toolId: 'query_logistics', server: 'shop' });
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
    const coupons = await call<CatalogToolView>('catalog.tool', { toolId: 'query_coupons', server: 'shop' });
    expect(coupons).toMatchObject({
      entry: { state: 'unmounted', annotations: { readOnlyHint: true } },
      binding: null,
    });
    const invoice = await call<CatalogToolView>('catalog.tool', { toolId: 'query_invoice', server: null });
    expect(invoice).toMatchObject({
      entry: { state: 'unavailable', server: null, nodes: ['invoice-query'] },
      binding: null,
    });
    const full = await call<CatalogView>('catalog.get');
    expect(logistics.entry).toEqual(full.entries.find((e) => e.toolId === 'query_logistics'));
  });

  it('refuses an unknown row with not_found and a malformed one with bad_request', async () => {
    const dispatch = (input: unknown) =>
      core.dispatch('catalog.tool', input, { transport: 'internal' }) as Promise<Result<unknown>>;
    expect(await dispatch({ toolId: 'nope', server: 'shop' })).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: expect.stringContaining('nope') },
    });
    // A row exists for query_invoice only without a server; on shop there is none.
    expect(await dispatch({ toolId: 'query_invoice', server: 'shop' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await dispatch({ toolId: 'query_order', server: 'other' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    for (const bad of [
      { toolId: 'query_order' },
      { toolId: '', server: 'shop' },
      { toolId: 'query_order', server: '' },
      { toolId: 'x'.repeat(257), server: 'shop' },
      { toolId: 'query_order', server: 'shop', extra: 1 },
      { toolId: 1, server: 'shop' },
    ]) {
      const result = await dispatch(bad);
      expect(result, JSON.stringify(bad)).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    }
    expect(await core.dispatch('catalog.list', { all: true }, { transport: 'internal' })).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    });
  });

  it('returns every row’s descriptions for search, keyed like the rows', async () => {
    const { descriptions, revision } = await call<CatalogDescriptionsView>('catalog.descriptions');
    const full = await call<CatalogView>('catalog.get');
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
    const hidden = await call<ExplanationView>('catalog.explain', { toolId: 'apply_refund' });
    expect(hidden).toMatchObject({ verdict: 'hidden', firstFailingLayer: 'gated' });
    const visible = await call<ExplanationView>('catalog.explain', {
      toolId: 'apply_refund',
      loadedSkills: ['after-sales'],
    });
    expect(visible).toMatchObject({ verdict: 'visible', firstFailingLayer: null });
  });

  it('saves a description override through intents.save, keeps the comments, and publishes a new catalog revision', async () => {
    const before = await call<CatalogView>('catalog.get');
    const { intents, revision } = await call<{
      intents: { id: string; children?: { id: string; description?: string }[] }[];
      revision: number;
    }>('intents.get');
    const shop = intents.find((n) => n.id === 'shop')!;
    const order = shop.children!.find((n) => n.id === 'order-query')!;
    order.description = '按关键词查询当前客户最近的订单，返回订单号与运单号';
    await call('intents.save', { intents, baseRevision: revision });

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
    const after = await call<CatalogView>('catalog.get');
    expect(after.bindings.find((b) => b.toolId === 'query_order')).toMatchObject({
      description: order.description,
      descriptionSource: 'node',
    });
    expect(after.bindings.find((b) => b.toolId === 'query_order')!.remoteDescription).not.toBe(order.description);
    // The per-revision answers follow the new revision.
    expect((await call<CatalogListView>('catalog.list')).revision).toBe(after.revision);
    expect(await call<CatalogToolView>('catalog.tool', { toolId: 'query_order', server: 'shop' })).toMatchObject({
      revision: after.revision,
      binding: { description: order.description },
    });
  });

  it('refuses an invalid tree with the path of the problem, and a stale base revision', async () => {
    const { intents, revision } = await call<{ intents: unknown[]; revision: number }>('intents.get');
    const dup = [...intents, { id: 'shop', name: 'again', kind: 'mcp', toolId: 'query_order' }];
    const result = (await core.dispatch(
      'intents.save',
      { intents: dup },
      { transport: 'internal' },
    )) as Result<unknown>;
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.message).toContain('duplicate intent id "shop"');
    const noTool = (await core.dispatch(
      'intents.save',
      { intents: [{ id: 'x', name: 'x', kind: 'mcp' }] },
      { transport: 'internal' },
    )) as Result<unknown>;
    expect(!noTool.ok && noTool.error).toMatchObject({ code: 'bad_request' });
    expect(!noTool.ok && noTool.error.message).toContain('an mcp node needs a toolId');
    const stale = (await core.dispatch(
      'intents.save',
      { intents, baseRevision: revision - 1 },
      { transport: 'internal' },
    )) as Result<unknown>;
    expect(!stale.ok && stale.error.code).toBe('conflict');
  });

  it('saves skills, and a tool a skill no longer gates becomes visible', async () => {
    const { skills } = await call<{ skills: { name: string; unlocks: string[] }[] }>('skills.get');
    await call('skills.save', { skills: [{ ...skills[0], unlocks: ['cancel_order'] }] });
    const refund = await call<ExplanationView>('catalog.explain', { toolId: 'apply_refund' });
    expect(refund.verdict).toBe('visible');
    const cancel = await call<ExplanationView>('catalog.explain', { toolId: 'cancel_order' });
    expect(cancel.firstFailingLayer).toBe('gated');
    const empty = (await core.dispatch(
      'skills.save',
      { skills: [{ name: 'nothing', unlocks: [] }] },
      { transport: 'internal' },
    )) as Result<unknown>;
    expect(!empty.ok && empty.error.message).toContain('a skill must unlock at least one tool');
  });
});
