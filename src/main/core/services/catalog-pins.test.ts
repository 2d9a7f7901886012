import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCore, type TestCore as Core } from '../../../../tests/support/core';
import { startFixtureServer, waitFor, type FixtureServer } from '../../../../tests/support/mcp';
import { checkedOutput } from '../../../../tests/support/contract-output';
import { Conflict, NotFound } from '../errors';

/** Pin decisions through the catalog view service of a real core (answers checked against the contract), over a fixture server, across a core restart. */
describe('catalog pin decisions', () => {
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
    await waitFor(() => get().servers[0]?.status === 'connected', 10_000, 'the fixture to connect');
  };
  // Every answer checked against the contract, as the route would send it.
  const catalog = () => core!.services.catalog;
  const get = () => checkedOutput('catalog.get', catalog().page());
  const row = (toolId: string) => get().entries.find((e) => e.toolId === toolId && e.server === 'shop')!;
  const target = (currentHash?: string) => ({ toolId: 'query_order', server: 'shop', currentHash });

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
    expect(row('query_order')).toMatchObject({ state: 'bound', quarantine: null, overrideStale: false });
    await server.setTools([
      { name: 'query_order', description: 'Find orders', annotations: { readOnlyHint: false, destructiveHint: true } },
    ]);
    await waitFor(() => row('query_order').state === 'quarantined', 3_000, 'quarantine');
    const quarantined = row('query_order');
    expect(quarantined.quarantine).toMatchObject({
      changed: ['annotations'],
      pinned: { annotations: { readOnlyHint: true } },
      current: { annotations: { destructiveHint: true } },
    });
    // The row's own route carries the diff; the list only its state and reason.
    const detail = checkedOutput('catalog.tool', catalog().tool('query_order', 'shop'));
    expect(detail).toMatchObject({
      entry: { state: 'quarantined', quarantine: quarantined.quarantine },
      binding: null,
    });
    const list = checkedOutput('catalog.list', catalog().list());
    expect(list.entries.state).toEqual(['quarantined']);
    expect(list.entries.readOnly).toEqual([false]); // what is offered now declares a write
    expect(list.bindingCount).toBe(0);
    const view = get();
    expect(view.bindings.map((b) => b.toolId)).toEqual([]);
    expect(view.unavailable).toMatchObject([{ toolId: 'query_order', cause: 'quarantined' }]);
    const explained = checkedOutput('catalog.explain', catalog().explain('query_order', []));
    expect(explained).toMatchObject({ verdict: 'hidden', firstFailingLayer: 'pinned' });
    expect(explained.layers.map((l) => l.layer)).toContain('pinned');

    const rejected = checkedOutput('catalog.rejectChange', catalog().rejectChange(target()));
    expect(rejected.entry).toMatchObject({ state: 'quarantined', quarantine: { rejected: true } });

    // Restart the core: the pin, the quarantine and the rejection all come back from pins.json.
    await core!.close();
    core = undefined;
    await start();
    expect(row('query_order')).toMatchObject({
      state: 'quarantined',
      quarantine: { rejected: true, changed: ['annotations'] },
    });

    // The operator reviewed a definition that is no longer the current one: a conflict, nothing accepted.
    expect(() => catalog().acceptChange(target(quarantined.quarantine!.pinnedHash))).toThrow(Conflict);
    expect(() => catalog().acceptChange({ toolId: 'nope', server: 'shop' })).toThrow(NotFound);
    const accepted = checkedOutput(
      'catalog.acceptChange',
      catalog().acceptChange(target(quarantined.quarantine!.currentHash)),
    );
    expect(accepted.entry).toMatchObject({ state: 'bound', quarantine: null });
    expect(get().bindings.map((b) => b.toolId)).toEqual(['query_order']);
    expect(checkedOutput('catalog.tool', catalog().tool('query_order', 'shop'))).toMatchObject({
      entry: { state: 'bound', quarantine: null },
      binding: { annotations: { destructiveHint: true } },
    });
    expect(checkedOutput('catalog.acceptDescription', catalog().acceptDescription(target()))).toMatchObject({
      entry: { state: 'bound' },
    });
  });
});
