import { afterEach, describe, expect, it } from 'vitest';
import { visibleTools } from '../../../shared/catalog';
import { configSchemaFor, type SwitchboardConfig, type SwitchboardConfigInput } from '../../../shared/config/schema';
import type { EventName } from '../../../shared/contract';
import { refusedPort, startFixtureServer, waitFor, type FixtureServer } from '../../../../tests/support/mcp';
import { createToolPipeline, type ToolPipeline } from './tool-pipeline';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

/** A config source like ConfigStore: current() plus change listeners. */
function configSource(input: SwitchboardConfigInput) {
  let current = configSchemaFor().parse(input);
  const listeners = new Set<(config: SwitchboardConfig) => void>();
  return {
    current: () => current,
    onChange: (listener: (config: SwitchboardConfig) => void) => (
      listeners.add(listener),
      () => listeners.delete(listener)
    ),
    set(next: SwitchboardConfigInput) {
      current = configSchemaFor().parse(next);
      for (const listener of listeners) listener(current);
    },
  };
}

async function fixture(...args: Parameters<typeof startFixtureServer>): Promise<FixtureServer> {
  const server = await startFixtureServer(...args);
  cleanups.push(() => server.close());
  return server;
}

function pipeline(config: ReturnType<typeof configSource>): {
  tools: ToolPipeline;
  events: { name: EventName; payload: unknown }[];
} {
  const events: { name: EventName; payload: unknown }[] = [];
  const tools = createToolPipeline({
    config,
    events: { emit: (name, payload) => void events.push({ name, payload }) },
    log: () => undefined,
    connections: { healthCheckIntervalMs: 0, autoReconnect: false, listChangedDebounceMs: 50 },
  });
  cleanups.push(() => tools.close());
  return { tools, events };
}

const leaf = (id: string, toolId: string, extra: object = {}) => ({
  id,
  name: id,
  kind: 'mcp' as const,
  toolId,
  ...extra,
});
const stateOf = (tools: ToolPipeline, toolId: string, server: string | null) =>
  tools.catalog.current().catalog.entries.find((e) => e.toolId === toolId && e.server === server)?.state;

describe('CatalogService over real servers', () => {
  it('resolves clashes between servers and with local tool names, and names a failed server', async () => {
    const first = await fixture({
      tools: [{ name: 'query_order', description: 'first' }, { name: 'search_knowledge' }],
    });
    const second = await fixture({
      tools: [{ name: 'query_order', description: 'second' }, { name: 'query_logistics' }],
    });
    const dead = await refusedPort();
    const config = configSource({
      agent: {
        mcp: {
          servers: [
            { name: 'first', url: first.url },
            { name: 'dead', url: `http://127.0.0.1:${dead}` },
            { name: 'second', url: second.url },
          ],
        },
      },
      intents: [
        leaf('order', 'query_order'),
        leaf('kb', 'search_knowledge'),
        leaf('invoice', 'query_invoice'),
        leaf('logistics', 'query_logistics', { server: 'second' }),
      ],
    });
    const { tools } = pipeline(config);
    await tools.connections.whenSettled();
    const { catalog } = tools.catalog.current();
    expect(catalog.servers.map((s) => `${s.name}:${s.status}`)).toEqual([
      'first:connected',
      'dead:failed',
      'second:connected',
    ]);
    expect(catalog.bindingsByToolId.get('query_order')).toMatchObject({
      server: 'first',
      description: 'first',
      shadows: ['second'],
    });
    expect(stateOf(tools, 'query_order', 'second')).toBe('shadowed');
    expect(stateOf(tools, 'search_knowledge', 'first')).toBe('reserved');
    expect(stateOf(tools, 'query_logistics', 'second')).toBe('bound');
    const invoice = catalog.unavailable.find((u) => u.toolId === 'query_invoice')!;
    expect(invoice.reason).toMatch(/dead failed \(.*(ECONNREFUSED|fetch failed)/);
    // The model sees our search_knowledge, never the remote one.
    const sent = visibleTools(catalog, []);
    expect(sent.filter((t) => t.name === 'search_knowledge')).toHaveLength(1);
    expect(sent.find((t) => t.name === 'search_knowledge')!.description).not.toBe('remote search_knowledge');
  });

  it('publishes a new snapshot after tools/list_changed; a snapshot already taken (a turn in progress) does not change', async () => {
    const server = await fixture({ tools: [{ name: 'query_order' }] });
    const config = configSource({
      agent: { mcp: { servers: [{ name: 'shop', url: server.url }] } },
      intents: [leaf('order', 'query_order'), leaf('invoice', 'query_invoice')],
    });
    const { tools, events } = pipeline(config);
    await tools.connections.whenSettled();
    const duringTurn = tools.catalog.current();
    expect(duringTurn.catalog.bindingsByToolId.has('query_invoice')).toBe(false);

    await server.setTools([{ name: 'query_order' }, { name: 'query_invoice' }]);
    await waitFor(
      () => tools.catalog.current().catalog.bindingsByToolId.has('query_invoice'),
      3_000,
      'the new tool to bind',
    );
    const next = tools.catalog.current();
    expect(next.revision).toBeGreaterThan(duringTurn.revision);
    expect(duringTurn.catalog.bindingsByToolId.has('query_invoice')).toBe(false);
    expect(Object.isFrozen(duringTurn)).toBe(true);
    await waitFor(
      () =>
        events.some(
          (e) => e.name === 'catalog.changed' && (e.payload as { revision: number }).revision >= next.revision,
        ),
      5_000,
      'catalog.changed',
    );
  });

  it('coalesces a burst of changes into few events, and follows config edits (server added, node removed)', async () => {
    const a = await fixture({ tools: [{ name: 'query_order' }] });
    const b = await fixture({ tools: [{ name: 'query_coupons' }] });
    const config = configSource({
      agent: { mcp: { servers: [{ name: 'a', url: a.url }] } },
      intents: [leaf('order', 'query_order')],
    });
    const { tools, events } = pipeline(config);
    await tools.connections.whenSettled();
    await new Promise((resolve) => setImmediate(resolve));
    const statuses = events.filter((e) => e.name === 'servers.statusChanged').map((e) => e.payload);
    expect(statuses).toEqual([
      { name: 'a', status: 'connecting' },
      { name: 'a', status: 'connected' },
    ]);

    events.length = 0;
    config.set({
      agent: {
        mcp: {
          servers: [
            { name: 'a', url: a.url },
            { name: 'b', url: b.url },
          ],
        },
      },
      intents: [leaf('coupons', 'query_coupons')],
    });
    await tools.connections.whenSettled();
    await waitFor(() => stateOf(tools, 'query_coupons', 'b') === 'bound', 2_000, 'b to bind');
    expect(stateOf(tools, 'query_order', 'a')).toBe('unmounted');
    await new Promise((resolve) => setImmediate(resolve));
    const changed = events.filter((e) => e.name === 'catalog.changed');
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThanOrEqual(3); // config edit + b connecting + b connected, at most
  });

  it('explains a tool with the current inputs and revision', async () => {
    const config = configSource({ agent: { mcp: { servers: [] } }, intents: [leaf('order', 'query_order')] });
    const { tools } = pipeline(config);
    const explanation = tools.catalog.explain('query_order');
    expect(explanation).toMatchObject({
      verdict: 'hidden',
      firstFailingLayer: 'configured',
      revision: tools.catalog.current().revision,
    });
  });
});
