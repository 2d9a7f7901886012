import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigStore } from '../config/config-store';
import { demoShopConfigText } from '../../demo-shop/default-config';
import { Conflict } from '../errors';
import { EventBus } from '../events';
import { ConfigDocumentsService } from './config-documents';

let dir: string;
let store: ConfigStore | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-config-docs-'));
});
afterEach(async () => {
  store?.close();
  store = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function open(): Promise<ConfigDocumentsService> {
  store = new ConfigStore({
    dataDir: dir,
    events: new EventBus(),
    defaultConfigText: demoShopConfigText(),
    watch: false,
  });
  await store.open();
  return new ConfigDocumentsService(store);
}

describe('saving the config text over a file that does not parse (security review 2, item 4)', () => {
  it('answers where it kept the earlier text, only on the save that kept it', async () => {
    const broken = 'agent:\n  maxSteps: [1,\n';
    await writeFile(join(dir, 'switchboard.yaml'), broken);
    const documents = await open();
    const first = await documents.saveText('agent:\n  maxSteps: 4\n');
    expect(first.keptBrokenText).toMatch(/switchboard\.yaml\.broken-/);
    expect(await readFile(first.keptBrokenText!, 'utf8')).toBe(broken);
    expect((await documents.saveText('agent:\n  maxSteps: 5\n')).keptBrokenText).toBeUndefined();
  });
});

describe('saving the intent tree and the skills against a revision', () => {
  it('writes a save based on the current revision and refuses one based on an older revision', async () => {
    const documents = await open();
    const { intents, revision } = documents.intents();
    const renamed = structuredClone(intents);
    renamed[0].name = 'Renamed shop';
    const saved = await documents.saveIntents(renamed, revision);
    expect(saved.revision).toBeGreaterThan(revision);
    expect(documents.intents().intents[0].name).toBe('Renamed shop');
    await expect(documents.saveIntents(intents, revision)).rejects.toBeInstanceOf(Conflict);
    await expect(documents.saveSkills(documents.skills().skills, revision)).rejects.toBeInstanceOf(Conflict);
    expect(documents.intents().intents[0].name).toBe('Renamed shop');
  });
});
