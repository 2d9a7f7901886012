import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionManager, ResourceBrowser } from '../../src/main/core/mcp';
import type { EventSink } from '../../src/main/core/events';
import { startListenPeer, type ListenPeer } from '../support/mcp/listen-peer';

/** The console's resources and prompts lists and their ttlMs / cacheScope, against real v2-SDK server processes. */
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length) await Promise.resolve(cleanups.pop()!()).catch(() => undefined);
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const lists = async (peer: ListenPeer, method: string) =>
  (await peer.stats()).listRequests.filter((r) => r.method === method).length;

async function browse(peer: ListenPeer, protocol?: 'legacy') {
  const events: { name: string; at: number }[] = [];
  const sink: EventSink = { emit: (name) => void events.push({ name, at: Date.now() }) };
  const manager = new ConnectionManager({ log: () => undefined, healthCheckIntervalMs: 0, autoReconnect: false });
  cleanups.push(() => manager.closeAll());
  manager.reconcile([
    {
      name: 'v2',
      url: peer.url,
      enabled: true,
      headers: {},
      transport: 'streamable-http',
      ...(protocol && { protocol }),
    },
  ]);
  await manager.whenSettled();
  const browser = new ResourceBrowser({
    client: (s) => manager.client(s),
    state: (s) => manager.state(s),
    sessions: manager.sessions,
    timeoutFor: () => 5_000,
    events: sink,
  });
  cleanups.push(() => browser.close());
  return { browser, events };
}

describe('resources/list and prompts/list ttlMs in the console', () => {
  it('a list is served while fresh, the console is told when its ttl runs out (not before), and then it is fetched anew', async () => {
    const peer = await startListenPeer('strict', {
      'resources/list': { ttlMs: 800, cacheScope: 'public' },
      'prompts/list': { ttlMs: 0 },
    });
    cleanups.push(() => peer.kill());
    const { browser, events } = await browse(peer);
    const listedAt = Date.now();
    const first = await browser.listResources('v2');
    expect(first.cache).toEqual({ ttlMs: 800, cacheScope: 'public' });
    expect(first.resources.map((r) => r.uri)).toEqual(['note://one']);
    await sleep(200);
    await browser.listResources('v2'); // fresh: the SDK's cache answers
    expect(await lists(peer, 'resources/list')).toBe(1);
    await sleep(300);
    expect(events.filter((e) => e.name === 'resources.listChanged')).toEqual([]);
    for (let i = 0; i < 40 && !events.some((e) => e.name === 'resources.listChanged'); i++) await sleep(50);
    const told = events.filter((e) => e.name === 'resources.listChanged');
    expect(told).toHaveLength(1);
    expect(told[0].at - listedAt).toBeGreaterThanOrEqual(750);
    await browser.listResources('v2');
    expect(await lists(peer, 'resources/list')).toBe(2);

    // ttl 0: stale at once, fetched each time it is asked for, never polled.
    expect((await browser.listPrompts('v2')).cache).toEqual({ ttlMs: 0, cacheScope: 'private' });
    await browser.listPrompts('v2');
    expect(await lists(peer, 'prompts/list')).toBe(2);
    await sleep(500);
    expect(events.filter((e) => e.name === 'prompts.listChanged')).toEqual([]);
  });

  it('a 2025-era list has no hint, and says so (none is invented)', async () => {
    const peer = await startListenPeer('dual');
    cleanups.push(() => peer.kill());
    const { browser } = await browse(peer, 'legacy');
    expect((await browser.listResources('v2')).cache).toEqual({ ttlMs: null, cacheScope: null });
    expect((await browser.listPrompts('v2')).cache).toEqual({ ttlMs: null, cacheScope: null });
  });
});
