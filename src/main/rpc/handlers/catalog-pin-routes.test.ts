import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CatalogListView,
  CatalogToolView,
  CatalogView,
  ExplanationView,
  PinActionResult,
  Result,
} from '../../../shared/contract';
import { createTestCore, type TestCore as Core } from '../../../../tests/support/core';
import { startFixtureServer, waitFor, type FixtureServer } from '../../../../tests/support/mcp';

/** The pin routes through the real core (router with output validation), over a fixture server, across a core restart. */
describe('catalog pin routes', () => {
  let dir: string;
  let server: FixtureServer;
  let core: Core | undefined;

  const start = async () => {
    core = await createTestCore({
      dataDir: dir,
      watchConfig: false,
      validateOutput: true,
      log: () => undefined,
      connections: { healthCheckIntervalMs: 0, listChangedDebounceMs: 20 },
    });
    await waitFor(async () => (await get()).servers[0]?.status === 'connected', 10_000, 'the fixture to connect');
  };
  const dispatch = async <T>(route: string, input: unknown = {}): Promise<Result<T>> =>
    (await core!.dispatch(route, input, { transport: 'internal' })) as Result<T>;
  const call = async <T>(route: string, input: unknown = {}): Promise<T> => {
    const result = await dispatch<T>(route, input);
    if (!result.ok) throw new Error(`${route}: ${result.error.code} ${result.error.message}`);
    return result.data;
  };
  const get = () => call<CatalogView>('catalog.get');
  const row = async (toolId: string) => (await get()).entries.find((e) => e.toolId === toolId && e.server === 'shop')!;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-pin-routes-'));
    server = await startFixtureServer({
      tools: [{ name: 'query_order', description: 'Find orders', annotations: { readOnlyHint: true } }],
    });
    await writeFile(
      join(dir, 'switchboard.yaml'),
      `agent:\n  mcp:\n    servers:\n      - name: shop\n        url: ${server.url}\nintents:\n  - { id: order, name: Orders, kind: mcp, toolId: query_order }\n`,
    );
    await start();
  });
  afterAll(async () => {
    await core?.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('shows a changed tool as quarantined with its diff, explains the pinned layer, and accepts it after a restart', async () => {
    expect(await row('query_order')).toMatchObject({ state: 'bound', quarantine: null, overrideStale: false });
    await server.setTools([
      { name: 'query_order', description: 'Find orders', annotations: { readOnlyHint: false, destructiveHint: true } },
    ]);
    await waitFor(async () => (await row('query_order')).state === 'quarantined', 3_000, 'quarantine');
    const quarantined = await row('query_order');
    expect(quarantined.quarantine).toMatchObject({
      changed: ['annotations'],
      pinned: { annotations: { readOnlyHint: true } },
      current: { annotations: { destructiveHint: true } },
    });
    // The row's own route carries the diff; the list only its state and reason.
    const detail = await call<CatalogToolView>('catalog.tool', { toolId: 'query_order', server: 'shop' });
    expect(detail).toMatchObject({
      entry: { state: 'quarantined', quarantine: quarantined.quarantine },
      binding: null,
    });
    const list = await call<CatalogListView>('catalog.list');
    expect(list.entries.state).toEqual(['quarantined']);
    expect(list.entries.readOnly).toEqual([false]); // what is offered now declares a write
    expect(list.bindingCount).toBe(0);
    const view = await get();
    expect(view.bindings.map((b) => b.toolId)).toEqual([]);
    expect(view.unavailable).toMatchObject([{ toolId: 'query_order', cause: 'quarantined' }]);
    const explained = await call<ExplanationView>('catalog.explain', { toolId: 'query_order' });
    expect(explained).toMatchObject({ verdict: 'hidden', firstFailingLayer: 'pinned' });
    expect(explained.layers.map((l) => l.layer)).toContain('pinned');

    const rejected = await call<PinActionResult>('catalog.rejectChange', { toolId: 'query_order', server: 'shop' });
    expect(rejected.entry).toMatchObject({ state: 'quarantined', quarantine: { rejected: true } });

    // Restart the core: the pin, the quarantine and the rejection all come back from pins.json.
    await core!.close();
    core = undefined;
    await start();
    expect(await row('query_order')).toMatchObject({
      state: 'quarantined',
      quarantine: { rejected: true, changed: ['annotations'] },
    });

    const stale = await dispatch('catalog.acceptChange', {
      toolId: 'query_order',
      server: 'shop',
      currentHash: quarantined.quarantine!.pinnedHash,
    });
    expect(!stale.ok && stale.error.code).toBe('conflict');
    const missing = await dispatch('catalog.acceptChange', { toolId: 'nope', server: 'shop' });
    expect(!missing.ok && missing.error.code).toBe('not_found');
    const accepted = await call<PinActionResult>('catalog.acceptChange', {
      toolId: 'query_order',
      server: 'shop',
      currentHash: quarantined.quarantine!.currentHash,
    });
    expect(accepted.entry).toMatchObject({ state: 'bound', quarantine: null });
    expect((await get()).bindings.map((b) => b.toolId)).toEqual(['query_order']);
    expect(await call<CatalogToolView>('catalog.tool', { toolId: 'query_order', server: 'shop' })).toMatchObject({
      entry: { state: 'bound', quarantine: null },
      binding: { annotations: { destructiveHint: true } },
    });
    expect(
      await call<PinActionResult>('catalog.acceptDescription', { toolId: 'query_order', server: 'shop' }),
    ).toMatchObject({ entry: { state: 'bound' } });
  });
});
