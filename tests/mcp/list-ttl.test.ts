import { afterEach, describe, expect, it } from 'vitest';
import { httpEntry as http } from '../support/mcp/http-entry';
import { cliDataDir } from '../support/cli-in-process';
import { ConnectionManager } from '../../src/main/core/mcp';
import { startListenPeer, type ListenPeer } from '../support/mcp/listen-peer';

/** A list's ttlMs and cacheScope (MCP 2026-07-28 caching) against real v2-SDK server processes. */
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length) await Promise.resolve(cleanups.pop()!()).catch(() => undefined);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const toolLists = async (peer: ListenPeer) =>
  (await peer.stats()).listRequests.filter((r) => r.method === 'tools/list').map((r) => r.at);

async function connect(peer: ListenPeer, protocol?: 'legacy') {
  const manager = new ConnectionManager({ log: () => undefined, healthCheckIntervalMs: 0, autoReconnect: false });
  cleanups.push(() => manager.closeAll());
  manager.reconcile([http('v2', peer.url, protocol)]);
  await manager.whenSettled();
  return manager;
}

describe('tools/list ttlMs', () => {
  it('a list is fetched again when its ttl runs out, not before; the hint and its expiry are in the server state', async () => {
    const peer = await startListenPeer('strict', { 'tools/list': { ttlMs: 1_500, cacheScope: 'public' } });
    cleanups.push(() => peer.kill());
    const manager = await connect(peer);
    const cache = manager.state('v2')!.toolsCache!;
    expect(cache).toMatchObject({ ttlMs: 1_500, cacheScope: 'public' });
    expect(Date.parse(cache.expiresAt!) - Date.parse(cache.fetchedAt)).toBe(1_500);
    const [first] = await toolLists(peer);
    await sleep(1_100);
    expect(await toolLists(peer)).toHaveLength(1); // still fresh: not fetched
    await sleep(1_400);
    const lists = await toolLists(peer);
    expect(lists.length).toBeGreaterThanOrEqual(2);
    expect(lists[1] - first).toBeGreaterThanOrEqual(1_450);
    expect(manager.state('v2')!.toolsCache!.fetchedAt > cache.fetchedAt).toBe(true);
  });

  it('a ttl of 1 ms is fetched again once a second, not back to back', async () => {
    const peer = await startListenPeer('strict', { 'tools/list': { ttlMs: 1, cacheScope: 'public' } });
    cleanups.push(() => peer.kill());
    const manager = await connect(peer);
    const cache = manager.state('v2')!.toolsCache!;
    expect(cache.ttlMs).toBe(1); // shown as the server gave it
    expect(Date.parse(cache.expiresAt!) - Date.parse(cache.fetchedAt)).toBe(1_000);
    await sleep(2_300);
    // The first list, then one a second (it used to be hundreds: each answer expired at once).
    expect((await toolLists(peer)).length).toBeLessThanOrEqual(4);
    expect(manager.state('v2')!.status).toBe('connected');
  });

  it('a change notification fetches it before the ttl runs out, and the ttl starts again from there', async () => {
    const peer = await startListenPeer('strict', { 'tools/list': { ttlMs: 3_000, cacheScope: 'private' } });
    cleanups.push(() => peer.kill());
    const manager = await connect(peer);
    const before = manager.state('v2')!.toolsCache!;
    await sleep(400); // the listen stream is acknowledged
    await peer.send({ cmd: 'setTools', tools: ['a1', 'a2'] });
    for (let i = 0; i < 60 && !manager.state('v2')!.tools.some((t) => t.name === 'a2'); i++) await sleep(50);
    expect(manager.state('v2')!.tools.map((t) => t.name)).toContain('a2');
    const after = manager.state('v2')!.toolsCache!;
    expect(after).toMatchObject({ ttlMs: 3_000, cacheScope: 'private' });
    expect(Date.parse(after.fetchedAt)).toBeGreaterThan(Date.parse(before.fetchedAt));
    expect(Date.parse(after.expiresAt!) - Date.parse(after.fetchedAt)).toBe(3_000);
    expect(await toolLists(peer)).toHaveLength(2);
  });

  it('ttl 0 (the SDK default: immediately stale) is not polled; a 2025-era list has no hint at all and none is invented', async () => {
    const modern = await startListenPeer('dual');
    const legacy = await startListenPeer('dual');
    cleanups.push(
      () => modern.kill(),
      () => legacy.kill(),
    );
    const m = await connect(modern);
    const l = await connect(legacy, 'legacy');
    expect(m.state('v2')!.toolsCache).toMatchObject({ ttlMs: 0, cacheScope: 'private', expiresAt: null });
    expect(l.state('v2')).toMatchObject({
      protocolVersion: expect.stringMatching(/^2025-/),
      toolsCache: { ttlMs: null, cacheScope: null, expiresAt: null },
    });
    await sleep(800);
    expect(await toolLists(modern)).toHaveLength(1);
    expect(await toolLists(legacy)).toHaveLength(1);
  });

  it("catalog --json shows each server's tools/list hint", async () => {
    const hinted = await startListenPeer('strict', { 'tools/list': { ttlMs: 60_000, cacheScope: 'public' } });
    const legacy = await startListenPeer('dual');
    cleanups.push(
      () => hinted.kill(),
      () => legacy.kill(),
    );
    const cli = await cliDataDir('sb-ttl-cli-', {
      agent: { mcp: { servers: [http('hinted', hinted.url), http('old', legacy.url, 'legacy')] } },
      intents: [],
      skills: [],
    });
    cleanups.push(() => cli.remove());
    const { out } = await cli.run('catalog', '--json');
    const servers = (JSON.parse(out) as { servers: { name: string; toolsCache: unknown }[] }).servers;
    expect(servers.find((s) => s.name === 'hinted')!.toolsCache).toMatchObject({
      ttlMs: 60_000,
      cacheScope: 'public',
      expiresAt: expect.any(String),
    });
    expect(servers.find((s) => s.name === 'old')!.toolsCache).toMatchObject({
      ttlMs: null,
      cacheScope: null,
      expiresAt: null,
    });
  });
});
