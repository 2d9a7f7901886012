import { afterEach, describe, expect, it } from 'vitest';
import { entriesWork, visibleTools, type ToolDefinition } from '../../../shared/catalog';
import { configSchemaFor } from '../../../shared/config/schema';
import type { EventName } from '../../../shared/contract';
import type { ConnectionsSnapshot } from '../mcp';
import { CatalogService } from './catalog-service';
import { PinStore } from './pin-store';

/**
 * A change to a large catalog is resolved in the background, in slices that hand the event loop back (a
 * 10,000-tool rediscovery in one go held the main process for ~100 ms), and announced once done. Whoever asks for
 * the catalog meanwhile gets the new one: a drifted definition is never served from the old catalog.
 */
const TOOLS = 2_000;
const name = (i: number) => `wide_tool_${String(i).padStart(5, '0')}`;
const tools = (version: number): ToolDefinition[] =>
  Array.from({ length: TOOLS }, (_, i) => ({
    name: name(i),
    description: `Record set ${i} (v${version})`,
    inputSchema: { type: 'object' },
    annotations: { readOnlyHint: true },
  }));
const config = configSchemaFor().parse({
  agent: { mcp: { servers: [{ name: 'wide', url: 'http://127.0.0.1:9/mcp' }] } },
  intents: [
    {
      id: 'wide',
      name: 'Wide',
      children: Array.from({ length: TOOLS / 2 }, (_, k) => ({
        id: `n${k}`,
        name: `n${k}`,
        kind: 'mcp',
        toolId: name(k * 2),
      })),
    },
  ],
});

const services: CatalogService[] = [];
afterEach(() => services.splice(0).forEach((s) => s.close()));

function setup() {
  let snapshot = {
    servers: [{ name: 'wide', status: 'connected', error: null, tools: tools(0) }],
  } as unknown as ConnectionsSnapshot;
  const listeners: ((s: ConnectionsSnapshot) => void)[] = [];
  const events: { name: EventName; payload: unknown }[] = [];
  const service = new CatalogService({
    connections: { snapshot: () => snapshot, onChange: (l) => (listeners.push(l), () => undefined) },
    config: { current: () => config, onChange: () => () => undefined },
    events: { emit: (name, payload) => void events.push({ name, payload }) },
    pins: PinStore.inMemory({ log: () => undefined }),
    sliceMs: 0, // one step per turn of the event loop
  });
  services.push(service);
  const rediscover = (version: number) => {
    snapshot = { servers: [{ ...snapshot.servers[0], tools: tools(version) }] } as unknown as ConnectionsSnapshot;
    for (const listener of listeners) listener(snapshot);
  };
  const changed = () =>
    events.filter((e) => e.name === 'catalog.changed').map((e) => (e.payload as { revision: number }).revision);
  return { service, rediscover, changed };
}

/** Turns of the event loop until `done`, counted. */
async function turnsUntil(done: () => boolean, limit = 10_000): Promise<number> {
  let turns = 0;
  while (!done() && turns < limit) {
    await new Promise((resolve) => setImmediate(resolve));
    turns++;
  }
  return turns;
}

describe('CatalogService resolves in the background', () => {
  it('spreads a large rediscovery over many turns of the event loop, then announces it once', async () => {
    const { service, rediscover, changed } = setup();
    const first = service.current();
    expect(first.catalog.bindings).toHaveLength(TOOLS / 2);
    await turnsUntil(() => changed().length > 0); // nothing pending
    const announced = changed().length;

    rediscover(1); // every description changed: every mounted tool drifts from its pin
    const turns = await turnsUntil(() => changed().length > announced);
    expect(turns).toBeGreaterThan(10);
    expect(changed().slice(announced)).toEqual([service.current().revision]);
    expect(service.current().catalog.quarantinedByToolId.size).toBe(TOOLS / 2);
  });

  it('a read in the middle gets the new catalog at once: no drifted tool is ever visible from the old one', async () => {
    const { service, rediscover, changed } = setup();
    const before = service.current();
    await turnsUntil(() => changed().length > 0);
    rediscover(1);
    await turnsUntil(() => false, 3); // the background has begun, far from done
    const during = service.current(); // finishes the rest now
    expect(during.revision).toBeGreaterThan(before.revision);
    expect(visibleTools(during.catalog, []).filter((t) => t.name.startsWith('wide_tool_'))).toEqual([]);
    expect(during.catalog.quarantinedByToolId.size).toBe(TOOLS / 2);
    // The background finds nothing left but the announcement, of that same revision.
    const count = changed().length;
    await turnsUntil(() => changed().length > count);
    expect(changed().at(-1)).toBe(during.revision);
    expect(service.current()).toBe(during);
  });

  it('builds the reconciliation rows ahead, in slices, before announcing the change: the console reads them then', async () => {
    const { service, rediscover, changed } = setup();
    service.current();
    await turnsUntil(() => changed().length > 0);

    rediscover(1);
    const count = changed().length;
    let rowsBuiltFirst = false;
    const turns = await turnsUntil(() => {
      // Each turn, before the announcement: the new catalog's rows are not there yet, or are being built.
      if (changed().length > count) return true;
      const work = entriesWork(service['cached']!.catalog);
      if (work && !work.finished) rowsBuiltFirst = true;
      return false;
    });
    expect(turns).toBeGreaterThan(10);
    expect(rowsBuiltFirst).toBe(true);
    const { catalog } = service.current();
    expect(entriesWork(catalog)!.finished).toBe(true); // reading them after the announcement: nothing left to do
    expect(catalog.entries.filter((e) => e.state === 'quarantined')).toHaveLength(TOOLS / 2);
  });
});
