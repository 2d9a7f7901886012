import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogServerInput, ToolBinding, ToolDefinition } from '../../../shared/catalog';
import { canonicalJson } from '../../../shared/canonical-json';
import { fingerprintOf, sha256 } from './definition-hash';
import { pinFileText, PinStore } from './pin-store';
import { APP_UI_PIN } from '../../../shared/catalog/app-ui';
import { pinDrift } from '../../../shared/catalog/pins';

const tool = (name: string, extra: Partial<ToolDefinition> = {}): ToolDefinition => ({
  name,
  description: `d ${name}`,
  inputSchema: { type: 'object', properties: {} },
  ...extra,
});
const shop = (tools: ToolDefinition[], status: CatalogServerInput['status'] = 'connected'): CatalogServerInput => ({
  name: 'shop',
  status,
  tools,
});

describe('definition fingerprints', () => {
  it('hash canonical JSON: key order does not matter, any pinned field does, unpinned ones (title, _meta) do not', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: undefined }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"z":1}]},"b":1}',
    );
    const a = tool('t', {
      inputSchema: { type: 'object', properties: { x: { type: 'string' } }, required: ['x'] },
      annotations: { readOnlyHint: true },
    });
    const reordered = tool('t', {
      annotations: { readOnlyHint: true },
      inputSchema: { required: ['x'], properties: { x: { type: 'string' } }, type: 'object' },
    });
    expect(fingerprintOf(reordered).hash).toBe(fingerprintOf(a).hash);
    expect(fingerprintOf(tool('t', { ...a, title: 'T', _meta: { v: 2 } })).hash).toBe(fingerprintOf(a).hash);
    expect(fingerprintOf(a).hash).toBe(
      sha256(
        canonicalJson({
          name: 't',
          description: 'd t',
          inputSchema: a.inputSchema,
          outputSchema: null,
          annotations: { readOnlyHint: true },
        }),
      ),
    );
    for (const change of [
      { description: 'other' },
      { outputSchema: { type: 'object' } },
      { annotations: { readOnlyHint: false } },
      { inputSchema: { type: 'object' as const } },
    ]) {
      const changed = fingerprintOf({ ...a, ...change });
      expect(changed.hash).not.toBe(fingerprintOf(a).hash);
      const differing = Object.keys(changed.fields).filter(
        (f) => changed.fields[f as 'name'] !== fingerprintOf(a).fields[f as 'name'],
      );
      expect(differing).toEqual(Object.keys(change));
    }
  });
});

describe('PinStore', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-pins-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('pins each tool of a connected server on first sight only, and survives a reopen', async () => {
    const path = join(dir, 'pins.json');
    const store = await PinStore.open({ path, log: () => undefined, now: () => new Date('2025-02-03T04:05:06Z') });
    const v1 = tool('query_order');
    expect(store.pinFirstSight([shop([v1, tool('query_logistics')], 'failed')])).toBe(0); // not connected: not trusted
    expect(store.pinFirstSight([shop([v1, tool('query_logistics')])])).toBe(2);
    const before = store.view();
    // A later discovery with a changed definition does not move the pin (that is the point).
    expect(
      store.pinFirstSight([shop([tool('query_order', { description: 'changed' }), tool('query_logistics')])]),
    ).toBe(0);
    expect(store.view()).toBe(before);
    await store.flush();

    const reopened = await PinStore.open({ path, log: () => undefined });
    expect(reopened.get('shop', 'query_order')).toMatchObject({
      hash: fingerprintOf(v1).hash,
      pinnedAt: '2025-02-03T04:05:06.000Z',
      rejectedHash: null,
    });
    expect(reopened.get('shop', 'query_order')!.fields).toEqual(fingerprintOf(v1).fields);
    const file = JSON.parse(await readFile(path, 'utf8'));
    expect(file.version).toBe(1);
    expect(file.servers.shop.query_order.definition).toEqual({
      name: 'query_order',
      description: 'd query_order',
      inputSchema: { type: 'object', properties: {} },
      outputSchema: null,
      annotations: null,
    });
  });

  it('hands out immutable views: a change yields a new map, the old one is untouched', () => {
    const store = PinStore.inMemory();
    store.pinFirstSight([shop([tool('a')])]);
    const view = store.view();
    const changed = tool('a', { description: 'v2' });
    store.accept('shop', changed, fingerprintOf(changed));
    expect(view.get('shop')!.get('a')!.hash).not.toBe(store.get('shop', 'a')!.hash);
    store.reject('shop', 'a', 'abc');
    expect(store.get('shop', 'a')).toMatchObject({ hash: fingerprintOf(changed).hash, rejectedHash: 'abc' });
  });

  it('falls back to the .bak copy, and moves an unreadable file aside instead of overwriting it', async () => {
    const path = join(dir, 'pins.json');
    const first = await PinStore.open({ path, log: () => undefined });
    first.pinFirstSight([shop([tool('a')])]);
    await first.flush();
    first.pinFirstSight([{ name: 'other', status: 'connected', tools: [tool('b')] }]);
    await first.flush(); // pins.json.bak now holds the first write
    await writeFile(path, '{"version": 1, "servers": {"shop": ');
    const logs: string[] = [];
    const fromBak = await PinStore.open({ path, log: (l) => logs.push(l) });
    expect(fromBak.get('shop', 'a')).toBeDefined();
    expect(logs.join('\n')).toContain('not a valid pin file');

    await writeFile(`${path}.bak`, 'garbage');
    const empty = await PinStore.open({ path, log: (l) => logs.push(l) });
    expect(empty.get('shop', 'a')).toBeUndefined();
    expect((await readdir(dir)).some((f) => f.startsWith('pins.json.corrupt-'))).toBe(true);
    expect(logs.at(-1)).toContain('starting with no pins');
  });

  it('writes and reads thousands of pins in slices that hand the event loop back, and reads back what it wrote', async () => {
    const path = join(dir, 'pins.json');
    const store = await PinStore.open({ path, log: () => undefined });
    const many = Array.from({ length: 8_000 }, (_, i) =>
      tool(`tool_${i}`, { description: `d ${i} ${'x'.repeat(200)}` }),
    );
    expect(store.pinFirstSight([shop(many), { name: 'second', status: 'connected', tools: [tool('a')] }])).toBe(8_001);
    store.recordBindings(
      many.slice(0, 3_000).map((t) => ({ toolId: t.name, server: 'shop', readOnly: false }) as ToolBinding),
      [shop([])],
    );
    const turnsDuring = async (work: Promise<unknown>) => {
      let turns = 0;
      let done = false;
      void work.finally(() => (done = true));
      while (!done) {
        await new Promise((resolve) => setImmediate(resolve));
        turns++;
      }
      return turns;
    };
    // Serialising is CPU only (no I/O to wait for): more than one turn means it handed the loop back. On a clock
    // that moves 1 ms per reading, so the count does not depend on the machine's speed.
    let clock = performance.now();
    const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 1));
    try {
      expect(await turnsDuring(pinFileText(store.view() as never, store.bindingsView()))).toBeGreaterThan(1_000);
    } finally {
      now.mockRestore();
    }
    await store.flush();
    const file = JSON.parse(await readFile(path, 'utf8')) as {
      servers: Record<string, Record<string, unknown>>;
      bindings: Record<string, unknown>;
    };
    expect(Object.keys(file.servers.shop)).toHaveLength(8_000);
    expect(Object.keys(file.bindings)).toHaveLength(3_000);

    const reopened = await PinStore.open({ path, log: () => undefined });
    expect(reopened.view().get('shop')!.size).toBe(8_000);
    expect(reopened.get('shop', 'tool_7999')).toEqual(store.get('shop', 'tool_7999'));
    expect(reopened.get('second', 'a')!.hash).toBe(fingerprintOf(tool('a')).hash);
    expect(reopened.bindingsView().get('tool_0')).toMatchObject({ server: 'shop', readOnly: false });
  });

  describe('accepted bindings', () => {
    const bound = (toolId: string, server: string, readOnly = false) => ({ toolId, server, readOnly }) as ToolBinding;
    const servers = (...states: [string, CatalogServerInput['status']][]): CatalogServerInput[] =>
      states.map(([name, status]) => ({ name, status, tools: [] }));

    it('records a first binding, but not while a server earlier in config order is still connecting', () => {
      const store = PinStore.inMemory({ now: () => new Date('2025-02-03T04:05:06Z') });
      expect(
        store.recordBindings([bound('cancel_order', 'h1')], servers(['shop', 'connecting'], ['h1', 'connected'])),
      ).toBe(0);
      expect(store.bindingsView().size).toBe(0);
      expect(
        store.recordBindings([bound('cancel_order', 'h1')], servers(['h1', 'connected'], ['shop', 'connecting'])),
      ).toBe(1); // only later servers connecting
      const view = store.bindingsView();
      expect(view.get('cancel_order')).toEqual({
        server: 'h1',
        acceptedAt: '2025-02-03T04:05:06.000Z',
        readOnly: false,
        rejectedServer: null,
      });
      expect(store.recordBindings([bound('cancel_order', 'h1')], servers(['h1', 'connected']))).toBe(0); // already held: nothing new
      expect(store.bindingsView()).toBe(view);
    });

    it('a move accepted by the operator never turns an accepted write into read-only; rejecting keeps the accepted server', () => {
      const store = PinStore.inMemory();
      const readOnly = tool('cancel_order', { annotations: { readOnlyHint: true } });
      store.pinFirstSight([{ name: 'h1', status: 'connected', tools: [readOnly] }]);
      store.recordBindings([bound('cancel_order', 'shop', false)], servers(['shop', 'connected']));
      store.rejectMove('cancel_order', 'h1');
      expect(store.bindingsView().get('cancel_order')).toMatchObject({ server: 'shop', rejectedServer: 'h1' });
      expect(store.acceptMove('cancel_order', 'h1')).toMatchObject({
        server: 'h1',
        readOnly: false,
        rejectedServer: null,
      });
      // A toolId accepted as read-only stays so when the new server's pin says read-only too; not when it does not.
      store.recordBindings([bound('query_order', 'shop', true)], servers(['shop', 'connected']));
      store.pinFirstSight([{ name: 'h2', status: 'connected', tools: [tool('query_order')] }]);
      expect(store.acceptMove('query_order', 'h2').readOnly).toBe(false);
    });

    it('persists with the pins, and a damaged entry loses only that toolId', async () => {
      const path = join(dir, 'pins.json');
      const store = await PinStore.open({ path, log: () => undefined });
      store.recordBindings([bound('a', 'shop', true), bound('b', 'shop')], servers(['shop', 'connected']));
      await store.flush();
      const file = JSON.parse(await readFile(path, 'utf8'));
      expect(Object.keys(file.bindings)).toEqual(['a', 'b']);
      file.bindings.b = { server: 42 };
      await writeFile(path, JSON.stringify(file));
      const logs: string[] = [];
      const reopened = await PinStore.open({ path, log: (line) => logs.push(line) });
      expect(reopened.bindingsView().get('a')).toMatchObject({ server: 'shop', readOnly: true });
      expect(reopened.bindingsView().has('b')).toBe(false);
      expect(logs).toEqual([`[pins] ${path}: skipping the damaged accepted binding of b`]);
      // A file from before accepted bindings existed still opens.
      await writeFile(path, JSON.stringify({ version: 1, servers: {} }));
      expect((await PinStore.open({ path, log: () => undefined })).bindingsView().size).toBe(0);
    });
  });
});

describe('PinStore and MCP Apps', () => {
  const withApp = (extra: Partial<ToolDefinition> = {}, sha = 'aa') => {
    const definition = tool('dash', { _meta: { ui: { resourceUri: 'ui://s/dash.html' } }, ...extra });
    Object.defineProperty(definition, APP_UI_PIN, { value: { sha256: sha }, enumerable: false });
    return definition;
  };
  const drifted = (store: PinStore, definition: ToolDefinition) =>
    pinDrift(
      { current: new Map([['shop', new Map([['dash', fingerprintOf(definition)]])]]), pins: store.view() },
      'shop',
      'dash',
    );

  it('adopts an app on a pin taken before apps were pinned, but still quarantines anything else that moved, and a changed app', () => {
    const store = PinStore.inMemory();
    store.pinFirstSight([shop([tool('dash')])]); // an old pin: no `ui`
    expect(store.pinFirstSight([shop([withApp()])])).toBe(1);
    expect(store.view().get('shop')?.get('dash')?.definition.ui).toEqual({
      resourceUri: 'ui://s/dash.html',
      visibility: ['model', 'app'],
      resource: { sha256: 'aa' },
    });
    expect(drifted(store, withApp())).toBeUndefined();
    // The app's HTML changed since: quarantined, `ui` named.
    expect(drifted(store, withApp({}, 'bb'))?.changed).toEqual(['ui']);

    const other = PinStore.inMemory();
    other.pinFirstSight([shop([tool('dash')])]);
    const described = withApp({ description: 'now says something else' });
    expect(other.pinFirstSight([shop([described])])).toBe(0);
    expect(drifted(other, described)?.changed).toEqual(['description', 'ui']);
  });
});
