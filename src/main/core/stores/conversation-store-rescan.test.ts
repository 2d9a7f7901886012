import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConversationStore } from './conversation-store';

/** Two stores on one folder, as a running console and `switchboard chat` beside it. */
let dir: string;
beforeEach(async () => {
  dir = join(await mkdtemp(join(tmpdir(), 'sb-rescan-')), 'conversations');
});
afterEach(async () => {
  await rm(join(dir, '..'), { recursive: true, force: true });
});

describe('ConversationStore.rescan', () => {
  it('finds what another process wrote, reads on when it grows, and never takes its own for a stranger’s', async () => {
    const consoleStore = new ConversationStore(dir);
    await consoleStore.open();
    const own = await consoleStore.create('u1001', 'demo');
    const cli = new ConversationStore(dir);
    await cli.open();
    const theirs = await cli.create('u1002', 'demo');

    expect(await consoleStore.rescan(() => false)).toEqual([theirs.summary.id]);
    expect(
      consoleStore
        .list()
        .map((c) => c.summary.id)
        .sort(),
    ).toEqual([own.summary.id, theirs.summary.id].sort());
    expect(await consoleStore.rescan(() => false)).toEqual([]); // nothing new

    await theirs.write({
      t: 'item',
      item: { kind: 'user', id: 'i1', turnId: 't1', text: '我有哪些优惠券', at: new Date().toISOString() },
    });
    expect(await consoleStore.rescan((id) => id === theirs.summary.id)).toEqual([]); // not while this process runs a turn in it
    expect(await consoleStore.rescan(() => false)).toEqual([theirs.summary.id]);
    expect(consoleStore.get(theirs.summary.id).items.map((i) => i.kind)).toEqual(['user']);

    expect(await consoleStore.delete(own.summary.id)).toBe(true);
    expect(await consoleStore.rescan(() => false)).toEqual([]);
    expect(consoleStore.list().map((c) => c.summary.id)).toEqual([theirs.summary.id]);
    await Promise.all([consoleStore.close(), cli.close()]);
  });
});
