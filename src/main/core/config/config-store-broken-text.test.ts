import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EventBus } from '../events';
import { ConfigStore } from './config-store';
import { demoShopConfigText } from '../../demo-shop/default-config';
import { Conflict } from '../errors';

/** Security review 2, item 4: a raw save over a file that does not parse must not lose the operator's text. */
const BROKEN = 'agent:\n  maxSteps: [1,\n  # half-written hand edit, with a comment worth keeping\n';
const FIRST = 'agent:\n  maxSteps: 4\nintents: []\n';
const SECOND = 'agent:\n  maxSteps: 5\nintents: []\n';

describe('ConfigStore keeps unparsable disk text on every save path', () => {
  let dir: string;
  const stores: ConfigStore[] = [];
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-broken-'));
  });
  afterEach(async () => {
    for (const store of stores.splice(0)) store.close();
    await rm(dir, { recursive: true, force: true });
  });
  const open = async () => {
    const store = new ConfigStore({
      dataDir: dir,
      events: new EventBus(),
      defaultConfigText: demoShopConfigText(),
      watch: false,
    });
    stores.push(store);
    await store.open();
    return store;
  };
  /** Every file in the data dir whose text is the broken one. */
  const copiesOfBroken = async () => {
    const names = (await readdir(dir)).sort();
    const found: string[] = [];
    for (const name of names) if ((await readFile(join(dir, name), 'utf8')) === BROKEN) found.push(name);
    return found;
  };

  it('two raw saves without a base revision over a broken file: the broken text is kept in switchboard.yaml.broken-<ts>', async () => {
    await writeFile(join(dir, 'switchboard.yaml'), BROKEN);
    const store = await open();
    expect(store.snapshot().fileOk).toBe(false);
    await store.saveRaw(FIRST);
    await store.saveRaw(SECOND);
    expect(await readFile(store.path, 'utf8')).toBe(SECOND);
    const kept = await copiesOfBroken();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatch(/^switchboard\.yaml\.broken-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/);
    expect(store.keptBroken).toEqual([join(dir, kept[0])]);
    if (process.platform !== 'win32') expect((await stat(join(dir, kept[0]))).mode & 0o777).toBe(0o600);
  });

  it('a broken text written from outside while open, then raw saves (conflict first): kept too', async () => {
    const store = await open();
    await writeFile(store.path, BROKEN);
    await expect(store.saveRaw(FIRST)).rejects.toBeInstanceOf(Conflict); // took the outside edit in
    await store.saveRaw(FIRST);
    await store.saveRaw(SECOND);
    expect(await copiesOfBroken()).toHaveLength(1);
  });

  it('a second broken text later is kept beside the first, never over it', async () => {
    await writeFile(join(dir, 'switchboard.yaml'), BROKEN);
    const store = await open();
    await store.saveRaw(FIRST);
    const other = 'agent: [another broken one\n';
    await writeFile(store.path, other);
    await expect(store.saveRaw(SECOND)).rejects.toBeInstanceOf(Conflict);
    await store.saveRaw(SECOND);
    const names = (await readdir(dir)).filter((n) => n.includes('.broken-'));
    const texts = await Promise.all(names.map((n) => readFile(join(dir, n), 'utf8')));
    expect(texts.sort()).toEqual([BROKEN, other].sort());
  });

  it('a save over a file that parses keeps no broken copy', async () => {
    const store = await open();
    await store.saveRaw(FIRST);
    await store.saveRaw(SECOND);
    expect((await readdir(dir)).filter((n) => n.includes('.broken-'))).toEqual([]);
  });
});
