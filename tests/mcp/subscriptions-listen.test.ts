import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionManager, ResourceBrowser } from '../../src/main/core/mcp';
import type { EventSink } from '../../src/main/core/events';
import { startListenPeer, type ListenPeer } from '../support/mcp/listen-peer';

/** subscriptions/listen (MCP 2026-07-28) against real v2-SDK server processes (tests/support/mcp/listen-server.mjs). */
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length) await Promise.resolve(cleanups.pop()!()).catch(() => undefined);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(what: () => boolean | Promise<boolean>, ms = 8_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(25);
  }
}
const toolLists = async (peer: ListenPeer) =>
  (await peer.stats()).listRequests.filter((r) => r.method === 'tools/list');
/** The server saw `count` listen requests; its acknowledgement follows at once. */
async function listening(peer: ListenPeer, count = 1): Promise<void> {
  await until(async () => (await peer.stats()).listens.length >= count);
  await sleep(150);
}

async function connect(peer: ListenPeer, healthCheckIntervalMs = 0) {
  const events: string[] = [];
  const sink: EventSink = { emit: (name) => void events.push(name) };
  const manager = new ConnectionManager({
    log: () => undefined,
    healthCheckIntervalMs,
    events: sink,
    backoff: { initialMs: 200, maxMs: 1_000 },
  });
  cleanups.push(() => manager.closeAll());
  manager.reconcile([{ name: 'v2', url: peer.url, enabled: true, headers: {}, transport: 'streamable-http' }]);
  await manager.whenSettled();
  return { manager, events };
}

describe.each(['strict', 'dual'] as const)('subscriptions/listen against a v2-SDK server in %s mode', (mode) => {
  it('a tools change on the stream is rediscovered; prompts and resources changes reach the console as their 2025 notifications do', async () => {
    const peer = await startListenPeer(mode);
    cleanups.push(() => peer.kill());
    const { manager, events } = await connect(peer);
    expect(manager.state('v2')).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28' });
    await listening(peer);
    await peer.send({ cmd: 'setTools', tools: ['a1', 'a2'] });
    await until(() => manager.state('v2')!.tools.some((t) => t.name === 'a2'));
    await peer.send({ cmd: 'promptsChanged' });
    await peer.send({ cmd: 'resourcesChanged' });
    await until(() => events.includes('prompts.listChanged') && events.includes('resources.listChanged'));
    expect((await peer.stats()).listens).toHaveLength(1);
  });
});

describe('a 2026-07-28 connection stays up', () => {
  it('health checks do not lose it (that era has no ping: server/discover proves the peer is there)', async () => {
    const peer = await startListenPeer('strict');
    cleanups.push(() => peer.kill());
    const { manager } = await connect(peer, 100);
    await sleep(700);
    expect(manager.state('v2')).toMatchObject({ status: 'connected', reconnectAttempt: 0 });
    expect(await toolLists(peer)).toHaveLength(1); // never reconnected
  });
});

describe('a listen stream that drops', () => {
  it('is opened again after the backoff, the connection stays, the lists it covers are fetched once more, and later changes arrive', async () => {
    const peer = await startListenPeer('strict');
    cleanups.push(() => peer.kill());
    const { manager, events } = await connect(peer);
    await listening(peer);
    expect(await toolLists(peer)).toHaveLength(1);
    const { dropped } = await peer.send<{ dropped: number }>({ cmd: 'drop' });
    expect(dropped).toBeGreaterThan(0);
    await listening(peer, 2);
    // Changes made while it was down were never announced: tools are listed again, the console told about the rest.
    await until(async () => (await toolLists(peer)).length === 2);
    await until(() => events.includes('prompts.listChanged') && events.includes('resources.listChanged'));
    expect(manager.state('v2')).toMatchObject({ status: 'connected', reconnectAttempt: 0 });
    expect((await peer.stats()).listens).toHaveLength(2);
    await peer.send({ cmd: 'setTools', tools: ['b1'] });
    await until(() => manager.state('v2')!.tools.some((t) => t.name === 'b1'));
  });
});

describe('a listen stream that floods', () => {
  it('1,000 tools/list_changed a second on the stream cost about one tools/list a second, not one each', async () => {
    const peer = await startListenPeer('strict');
    cleanups.push(() => peer.kill());
    const { manager } = await connect(peer);
    await listening(peer);
    const { sent, startedAt, endedAt } = await peer.send<{ sent: number; startedAt: number; endedAt: number }>({
      cmd: 'storm',
      perSecond: 1_000,
      durationMs: 4_000,
    });
    await sleep(1_200); // the last burst settles
    const lists = (await toolLists(peer)).filter((r) => r.at >= startedAt);
    const seen = `${sent} sent in ${endedAt - startedAt} ms; tools/list at ${lists.map((r) => r.at - startedAt).join(', ')} ms`;
    expect(sent, seen).toBeGreaterThan(1_500);
    // One per second of maximum wait (the app's 1 s default) plus the trailing one; timers run late on a loaded machine.
    expect(lists.length, seen).toBeGreaterThanOrEqual(2);
    expect(lists.length, seen).toBeLessThanOrEqual(7);
    await peer.send({ cmd: 'setTools', tools: ['a1', 'late'] });
    await until(() => manager.state('v2')!.tools.some((t) => t.name === 'late'));
  }, 30_000);
});

describe('a listen stream that floods prompts and resources changes', () => {
  it('1,000 a second cost the console a few events a second, not one each (list-change-announcer.test.ts: the last is never dropped)', async () => {
    const peer = await startListenPeer('strict');
    cleanups.push(() => peer.kill());
    const { events } = await connect(peer);
    await listening(peer);
    const { sent } = await peer.send<{ sent: number }>({
      cmd: 'storm',
      kind: 'prompts',
      perSecond: 1_000,
      durationMs: 2_000,
    });
    await sleep(500);
    const told = events.filter((e) => e === 'prompts.listChanged').length;
    expect(sent).toBeGreaterThan(1_000);
    // One at once, then at most one per 200 ms: about 10 in 2 s (timers run late on a loaded machine), never one each.
    expect(told, `${told} events for ${sent} notifications`).toBeGreaterThanOrEqual(2);
    expect(told, `${told} events for ${sent} notifications`).toBeLessThanOrEqual(15);
  }, 20_000);
});

describe('resource subscriptions on 2026-07-28 (no resources/subscribe: URIs on the listen stream)', () => {
  it('a subscribed resource’s updates arrive as in 2025; the stream is opened again with each change of the set', async () => {
    const peer = await startListenPeer('strict');
    cleanups.push(() => peer.kill());
    const updates: unknown[] = [];
    const manager = new ConnectionManager({
      log: () => undefined,
      healthCheckIntervalMs: 0,
      events: { emit: (name, payload) => void (name === 'resources.updated' && updates.push(payload)) },
    });
    cleanups.push(() => manager.closeAll());
    manager.reconcile([{ name: 'v2', url: peer.url, enabled: true, headers: {}, transport: 'streamable-http' }]);
    await manager.whenSettled();
    const browser = new ResourceBrowser({
      client: (server) => manager.client(server),
      state: (server) => manager.state(server),
      sessions: manager.sessions,
      timeoutFor: () => 5_000,
    });
    await listening(peer);
    // The SDK refuses resources/subscribe on this era; it used to reach the operator as that refusal.
    expect(await browser.subscribe('v2', 'note://one', true)).toEqual({ subscriptions: ['note://one'] });
    await listening(peer, 2);
    await peer.send({ cmd: 'resourceUpdated', uri: 'note://other' }); // not subscribed: not heard
    await peer.send({ cmd: 'resourceUpdated', uri: 'note://one' });
    await until(() => updates.length > 0);
    expect(updates).toEqual([{ server: 'v2', uri: 'note://one' }]);
    // The lists are still listened for on the new stream.
    await peer.send({ cmd: 'setTools', tools: ['a1', 'b1'] });
    await until(() => manager.state('v2')!.tools.some((t) => t.name === 'b1'));

    // A new connection listens for the subscriptions at once (there is no session to renew them on).
    await manager.reconnect('v2');
    await listening(peer, 3);
    await peer.send({ cmd: 'resourceUpdated', uri: 'note://one' });
    await until(() => updates.length === 2);

    expect(await browser.subscribe('v2', 'note://one', false)).toEqual({ subscriptions: [] });
    await listening(peer, 4);
    await peer.send({ cmd: 'resourceUpdated', uri: 'note://one' });
    await sleep(300);
    expect(updates).toHaveLength(2);
    expect(manager.state('v2')).toMatchObject({ status: 'connected', error: null });
  });
});
