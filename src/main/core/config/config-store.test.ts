import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EventBus } from '../events';
import { ConfigStore } from './config-store';
import { demoShopConfigText } from '../../demo-shop/default-config';
import { Conflict, InvalidConfig } from '../errors';

const VALID = 'agent:\n  maxSteps: 4\n# keep me\nintents: []\n';

describe('ConfigStore', () => {
  let dir: string;
  let events: EventBus;
  let seen: { name: string; payload: unknown }[];
  const stores: ConfigStore[] = [];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-config-'));
    events = new EventBus();
    seen = [];
    events.subscribe((name, payload) => seen.push({ name, payload }));
  });
  afterEach(async () => {
    for (const store of stores.splice(0)) store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const open = async (watch = false) => {
    const store = new ConfigStore({ dataDir: dir, events, defaultConfigText: demoShopConfigText(), watch });
    stores.push(store);
    await store.open();
    return store;
  };

  it('writes the default config on first run and it validates', async () => {
    const store = await open();
    expect(store.wasCreated).toBe(true);
    expect(store.snapshot().fileOk).toBe(true);
    expect(await readFile(store.path, 'utf8')).toBe(demoShopConfigText());
    expect(store.current().agent.mcp.servers.map((s) => s.name)).toEqual(['shop']);
  });

  it('starts with a corrupt file, reports the line, and never overwrites it', async () => {
    const corrupt = 'agent:\n  maxSteps: [1,\n';
    await writeFile(join(dir, 'switchboard.yaml'), corrupt);
    const store = await open();
    const snap = store.snapshot();
    expect(snap.fileOk).toBe(false);
    expect(snap.problems[0].line).toBeGreaterThan(0);
    await expect(store.edit(() => [{ op: 'set', path: ['agent', 'maxSteps'], value: 3 }])).rejects.toBeInstanceOf(
      InvalidConfig,
    );
    expect(await readFile(store.path, 'utf8')).toBe(corrupt);
  });

  it('reports schema problems with their path and line', async () => {
    await writeFile(join(dir, 'switchboard.yaml'), 'agent:\n  maxSteps: lots\n');
    const store = await open();
    expect(store.snapshot().problems).toEqual([expect.objectContaining({ path: 'agent.maxSteps', line: 2 })]);
  });

  it('saveRaw refuses invalid YAML and leaves the file alone', async () => {
    const store = await open();
    const before = await readFile(store.path, 'utf8');
    await expect(store.saveRaw('agent: {maxSteps: "x"')).rejects.toBeInstanceOf(InvalidConfig);
    expect(await readFile(store.path, 'utf8')).toBe(before);
  });

  it('writes atomically: new content in place, previous kept as .bak, no temp files left', async () => {
    const store = await open();
    const before = await readFile(store.path, 'utf8');
    const snap = await store.saveRaw(VALID);
    expect(snap.revision).toBeGreaterThan(1);
    expect(await readFile(store.path, 'utf8')).toBe(VALID);
    expect(await readFile(`${store.path}.bak`, 'utf8')).toBe(before);
    expect((await readdir(dir)).sort()).toEqual(['switchboard.yaml', 'switchboard.yaml.bak']);
    expect(seen.at(-1)).toEqual({ name: 'config.changed', payload: { revision: snap.revision, source: 'app' } });
  });

  it('structured edits keep comments', async () => {
    await writeFile(join(dir, 'switchboard.yaml'), VALID);
    const store = await open();
    await store.edit(() => [{ op: 'set', path: ['agent', 'maxSteps'], value: 6 }]);
    const text = await readFile(store.path, 'utf8');
    expect(text).toContain('# keep me');
    expect(store.current().agent.maxSteps).toBe(6);
  });

  it('refuses a save based on a stale revision', async () => {
    const store = await open();
    const { revision } = store.snapshot();
    await store.saveRaw(VALID);
    await expect(store.saveRaw(VALID, revision)).rejects.toBeInstanceOf(Conflict);
  });

  it('fires config.changed for an outside edit, and keeps the last good config when the edit is invalid', async () => {
    const store = await open(true);
    const waitFor = async (predicate: () => boolean) => {
      for (let i = 0; i < 100 && !predicate(); i++) await new Promise((r) => setTimeout(r, 30));
      expect(predicate()).toBe(true);
    };
    await writeFile(store.path, VALID);
    await waitFor(() => seen.some((e) => (e.payload as { source: string }).source === 'external'));
    expect(store.current().agent.maxSteps).toBe(4);

    seen.length = 0;
    await writeFile(store.path, 'agent: [broken');
    await waitFor(() => seen.length > 0);
    expect(store.snapshot().fileOk).toBe(false);
    expect(store.snapshot().raw).toBe('agent: [broken');
    expect(store.current().agent.maxSteps).toBe(4);
  });
});
