import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogView } from '../../src/shared/contract';
import { openAiStream, type RecordedRequest } from '../support/providers';
import { startCoreRig, type CoreRig } from './helpers/core-rig';
import { startFaultServer, type FaultServer } from './helpers/fault-server';
import { startShopProcess, type ShopProcess } from './helpers/shop-process';

/**
 * MCP peers failing under a running core (createCore: connection manager, catalog, agent), with real
 * processes and sockets: a server killed mid-call, a server that hangs, a server that restarted and
 * no longer knows our session.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});
const track = <T extends { close?: () => Promise<unknown>; kill?: () => Promise<unknown> }>(thing: T): T => {
  cleanups.push(() => (thing.kill ?? thing.close)!.call(thing));
  return thing;
};

type Body = { messages: { role: string; content: string | null; tool_call_id?: string }[] };
const toolMessages = (request: RecordedRequest | undefined) =>
  ((request?.body as Body | undefined)?.messages ?? []).filter((m) => m.role === 'tool');
const waitUntil = async (check: () => boolean, ms: number, what: string) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('MCP faults with real peers', () => {
  it('(1) the shop process killed mid-call: error within the timeout, the model is told, failed, then back on the same port', async () => {
    let shop: ShopProcess = await startShopProcess();
    cleanups.push(() => shop.kill());
    const rig: CoreRig = track(
      await startCoreRig({
        servers: [{ name: 'shop', url: shop.url, timeoutMs: 8_000 }],
        tools: [{ toolId: 'slow_echo' }, { toolId: 'query_order' }],
        script: [
          openAiStream({ toolCalls: [{ name: 'slow_echo', arguments: { ms: 5_000 } }] }),
          openAiStream({ text: '商城暂时连不上' }),
          openAiStream({ toolCalls: [{ name: 'query_order', arguments: {} }] }),
          openAiStream({ text: '找到了' }),
        ],
      }),
    );
    await rig.waitForServer('shop', (s) => s.status === 'connected');
    const id = await rig.conversation();
    const turn = rig.send(id, 'slow please');
    await waitUntil(() => rig.toolItems(id)[0]?.status === 'running', 10_000, 'the call to start');
    await new Promise((r) => setTimeout(r, 150)); // the request is at the server now
    const killedAt = Date.now();
    await shop.kill();

    expect((await turn).status).toBe('completed'); // the loop went on to the next model call
    const [item] = rig.toolItems(id);
    expect(item.status).toBe('error');
    expect(Date.now() - killedAt).toBeLessThan(8_000); // well within the server's timeout, not the slow tool's 5 s
    const [record] = await rig.records(id);
    expect(record).toMatchObject({ tool: 'slow_echo', server: 'shop', status: 'error' });
    expect(record.error).toMatch(/Connection closed|terminated|fetch failed|ECONNRESET|socket/i);
    // The model was told, in the tool result of its next request.
    expect(toolMessages(rig.model.requests[1])[0].content).toMatch(/^\[tool error\]/);
    // Lost: the server, visibly.
    const down = await rig.waitForServer('shop', (s) => s.status === 'failed');
    expect(down.error).toMatch(/^connection lost: /);
    expect((await rig.rpc<CatalogView>('catalog.get')).bindings.map((b) => b.toolId)).not.toContain('query_order');

    // It comes back on the same port: backoff reconnects and the tools return, no restart of ours.
    shop = await startShopProcess({ port: shop.port });
    await rig.waitForServer('shop', (s) => s.status === 'connected', 15_000);
    expect((await rig.rpc<CatalogView>('catalog.get')).bindings.map((b) => b.toolId)).toEqual(
      expect.arrayContaining(['query_order', 'slow_echo']),
    );
    expect((await rig.send(id, 'orders?')).status).toBe('completed');
    expect((await rig.records(id)).map((r) => [r.tool, r.status])).toEqual([
      ['query_order', 'success'],
      ['slow_echo', 'error'],
    ]); // newest first
  });

  it('(2) a server hanging on tools/call times out, the server receives notifications/cancelled, other servers answer at once', async () => {
    const hang = track(
      await startFaultServer({
        tools: [
          {
            name: 'hang',
            readOnly: true,
            handler: (_args, { signal }) =>
              new Promise((resolve) => signal.addEventListener('abort', () => resolve({ content: [] }))),
          },
        ],
      }),
    );
    const other = track(await startFaultServer({ tools: [{ name: 'quick', readOnly: true }] }));
    const rig = track(
      await startCoreRig({
        servers: [
          { name: 'hang', url: hang.url, timeoutMs: 700 },
          { name: 'other', url: other.url },
        ],
        tools: [{ toolId: 'hang' }, { toolId: 'quick' }],
        script: [
          openAiStream({
            toolCalls: [
              { name: 'hang', arguments: {} },
              { name: 'quick', arguments: {} },
            ],
          }),
          openAiStream({ text: 'ok' }),
        ],
      }),
    );
    await rig.waitForServer('hang', (s) => s.status === 'connected');
    await rig.waitForServer('other', (s) => s.status === 'connected');
    const id = await rig.conversation();
    const started = Date.now();
    expect((await rig.send(id, 'both')).status).toBe('completed');
    expect(Date.now() - started).toBeLessThan(5_000);

    const records = Object.fromEntries((await rig.records(id)).map((r) => [r.tool, r]));
    expect(records.quick).toMatchObject({ status: 'success' });
    expect(records.quick.durationMs).toBeLessThan(600); // it did not wait for its slow neighbour
    expect(records.hang).toMatchObject({ status: 'error' });
    expect(records.hang.error).toMatch(/timed out/i);
    expect(records.hang.durationMs).toBeGreaterThanOrEqual(650);
    // MCP cancellation on the wire, for the request that hung.
    await waitUntil(() => hang.cancelled.length === 1, 3_000, 'notifications/cancelled at the hanging server');
    expect(hang.calls.map((c) => c.name)).toEqual(['hang']);
    expect(other.cancelled).toEqual([]);
    // A slow tool is not a dead server; the model heard about both calls.
    expect((await rig.server('hang')).status).toBe('connected');
    expect(toolMessages(rig.model.requests[1])).toHaveLength(2);
  });

  it('(3) stale session (server forgot it: 404): re-initialize, retry a read once, an idempotent write once, never a plain write', async () => {
    let forget = false;
    const server: FaultServer = track(
      await startFaultServer({
        tools: [
          { name: 'lookup', readOnly: true },
          { name: 'set_flag', readOnly: false, idempotent: true },
          { name: 'charge', readOnly: false },
        ],
      }),
    );
    // Each model reply "restarts" the server before the tool call it asks for reaches it.
    const step = (name: string) => () => {
      if (forget) server.dropSessions();
      return openAiStream({ toolCalls: [{ name, arguments: { n: 1 } }] });
    };
    const rig = track(
      await startCoreRig({
        servers: [{ name: 'fault', url: server.url }],
        tools: [{ toolId: 'lookup' }, { toolId: 'set_flag' }, { toolId: 'charge' }],
        script: (_req, index) =>
          [step('lookup'), step('set_flag'), step('charge'), () => openAiStream({ text: 'done' })][index](),
      }),
    );
    await rig.waitForServer('fault', (s) => s.status === 'connected');
    const sessionsBefore = new Set(server.calls.map((c) => c.session));
    forget = true;
    const id = await rig.conversation();
    expect((await rig.send(id, 'go')).status).toBe('completed');

    const byTool = Object.fromEntries((await rig.records(id)).map((r) => [r.tool, r]));
    expect(byTool.lookup.status).toBe('success');
    expect(byTool.set_flag.status).toBe('success');
    expect(byTool.charge.status).toBe('error');
    expect(byTool.charge.error).toMatch(/not sent again/);
    // Ground truth at the server: each retried call ran exactly once, on a fresh session; the write never ran.
    expect(server.calls.map((c) => c.name)).toEqual(['lookup', 'set_flag']);
    expect(server.calls.every((c) => !sessionsBefore.has(c.session))).toBe(true);
    expect(toolMessages(rig.model.requests[3]).map((m) => m.content)).toEqual([
      expect.stringContaining('lookup'),
      expect.stringContaining('set_flag'),
      expect.stringMatching(/^\[tool error\].*restarted/),
    ]);
    await rig.waitForServer('fault', (s) => s.status === 'connected');
  });
});
