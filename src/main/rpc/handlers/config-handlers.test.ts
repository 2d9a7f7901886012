import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigStore } from '../../core/config/config-store';
import { defaultConfigText } from '../../core/config/default-config';
import { EventBus } from '../../core/events';
import { createConfigHandlers } from './config-handlers';

describe('config.save over a file that does not parse (security review 2, item 4)', () => {
  let dir: string | undefined;
  afterEach(() => dir && rm(dir, { recursive: true, force: true }));

  it('answers where it kept the earlier text, only on the save that kept it', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-config-save-'));
    const broken = 'agent:\n  maxSteps: [1,\n';
    await writeFile(join(dir, 'switchboard.yaml'), broken);
    const store = new ConfigStore({
      dataDir: dir,
      events: new EventBus(),
      defaultConfigText: defaultConfigText(),
      watch: false,
    });
    await store.open();
    try {
      const save = createConfigHandlers(store)['config.save'];
      const first = await save({ raw: 'agent:\n  maxSteps: 4\n' }, { transport: 'internal' } as never);
      expect(first.keptBrokenText).toMatch(/switchboard\.yaml\.broken-/);
      expect(await readFile(first.keptBrokenText!, 'utf8')).toBe(broken);
      expect(
        (await save({ raw: 'agent:\n  maxSteps: 5\n' }, { transport: 'internal' } as never)).keptBrokenText,
      ).toBeUndefined();
    } finally {
      store.close();
    }
  });
});
