import { afterEach, describe, expect, it } from 'vitest';
import { serverConfigSchema, type ServerConfig, type ServerConfigInput } from '../../../shared/config/schema';
import {
  startFixtureServer,
  waitFor,
  type FixtureServer,
  type FixtureServerOptions,
} from '../../../../tests/support/mcp';
import { ConnectionManager } from './connection-manager';
import type { ConnectionOptions } from './types';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

const config = (...servers: ServerConfigInput[]): ServerConfig[] => servers.map((s) => serverConfigSchema.parse(s));
const names = (tools: readonly { name: string }[]) => tools.map((t) => t.name);

function manager(options: ConnectionOptions = {}): ConnectionManager {
  const m = new ConnectionManager({ log: () => undefined, healthCheckIntervalMs: 0, autoReconnect: false, ...options });
  cleanups.push(() => m.closeAll());
  return m;
}

async function fixture(options: FixtureServerOptions): Promise<FixtureServer> {
  const server = await startFixtureServer(options);
  cleanups.push(() => server.close());
  return server;
}

describe('ConnectionManager: discovery changes', () => {
  it('rediscovers after a burst of tools/list_changed, once, into a new snapshot; the old snapshot is untouched', async () => {
    const server = await fixture({ tools: [{ name: 'query_order' }] });
    const m = manager({ listChangedDebounceMs: 150 });
    m.reconcile(config({ name: 'shop', url: server.url }));
    await m.whenSettled();
    const before = m.snapshot();
    expect(Object.isFrozen(before.servers[0])).toBe(true);
    const listsBefore = server.listRequests.length;

    await server.setTools([{ name: 'query_order' }, { name: 'query_invoice' }]);
    await server.setTools([{ name: 'query_order' }, { name: 'query_invoice' }, { name: 'apply_refund' }]);
    await waitFor(() => m.state('shop')!.toolCount === 3, 3_000, 'rediscovery');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.listRequests.length - listsBefore).toBe(1); // debounced: two notifications, one tools/list
    const after = m.snapshot();
    expect(after).not.toBe(before);
    expect(after.revision).toBeGreaterThan(before.revision);
    expect(names(before.servers[0].tools)).toEqual(['query_order']);
    expect(names(after.servers[0].tools)).toEqual(['query_order', 'query_invoice', 'apply_refund']);
  });

  it('rediscovers on demand, one server or all', async () => {
    const a = await fixture({ tools: [{ name: 'a1' }] });
    const b = await fixture({ tools: [{ name: 'b1' }] });
    const m = manager({ listChangedDebounceMs: 60_000 }); // notifications must not be what refreshes here
    m.reconcile(config({ name: 'a', url: a.url }, { name: 'b', url: b.url }));
    await m.whenSettled();
    await a.setTools([{ name: 'a1' }, { name: 'a2' }]);
    await b.setTools([{ name: 'b2' }]);
    await m.rediscover('a');
    expect(names(m.state('a')!.tools)).toEqual(['a1', 'a2']);
    expect(names(m.state('b')!.tools)).toEqual(['b1']);
    await m.rediscover();
    expect(names(m.state('b')!.tools)).toEqual(['b2']);
    await expect(m.rediscover('nope')).rejects.toThrow('MCP server nope is not connected (not configured)');
  });

  it('notices a dead server, retries with growing backoff, and reconnects when it comes back on the same port', async () => {
    const server = await fixture({ tools: [{ name: 'query_order' }] });
    const port = server.port;
    const m = manager({ autoReconnect: true, healthCheckIntervalMs: 100, backoff: { initialMs: 100, maxMs: 400 } });
    m.reconcile(config({ name: 'shop', url: server.url, timeoutMs: 1_000 }));
    await m.whenSettled();
    const firstConnectedAt = m.state('shop')!.connectedAt;
    const attemptsAt: number[] = [];
    m.onChange((_snapshot, changed) => changed?.status === 'connecting' && attemptsAt.push(Date.now()));

    const lostAt = Date.now();
    await server.close();
    await waitFor(() => m.state('shop')!.status === 'failed', 3_000, 'the loss to be noticed');
    expect(m.state('shop')!.error).toMatch(/^connection lost: /);
    expect(m.state('shop')!.tools).toEqual([]);
    await waitFor(() => attemptsAt.length >= 3, 5_000, 'three retries');
    // nextRetryAt is null while an attempt is in flight; wait for the next scheduled retry instead of racing it.
    await waitFor(() => m.state('shop')!.nextRetryAt !== null, 3_000, 'a scheduled retry');
    // Each retry waits at least its backoff delay: 100, 200, 400 (capped) ms after the previous failure.
    const gaps = attemptsAt.slice(0, 3).map((at, i) => at - (i === 0 ? lostAt : attemptsAt[i - 1]));
    expect(gaps[1]).toBeGreaterThanOrEqual(195);
    expect(gaps[2]).toBeGreaterThanOrEqual(395);

    await fixture({ tools: [{ name: 'query_order' }, { name: 'query_logistics' }], port }); // back, same port
    await waitFor(() => m.state('shop')!.status === 'connected', 5_000, 'reconnect');
    expect(m.state('shop')).toMatchObject({ toolCount: 2, reconnectAttempt: 0, nextRetryAt: null, error: null });
    expect(m.state('shop')!.connectedAt).not.toBe(firstConnectedAt);
  });
});

describe('ConnectionManager: config changes', () => {
  it('adds, removes, edits and disables servers, keeping untouched connections', async () => {
    const a = await fixture({ tools: [{ name: 'a1' }] });
    const b = await fixture({ tools: [{ name: 'b1' }] });
    const m = manager();
    m.reconcile(config({ name: 'a', url: a.url }, { name: 'b', url: b.url }));
    await m.whenSettled();
    const aConnectedAt = m.state('a')!.connectedAt;
    const bConnectedAt = m.state('b')!.connectedAt;
    const aSessions = a.headers.length;

    await new Promise((resolve) => setTimeout(resolve, 5)); // so a new connectedAt differs
    m.reconcile(
      config(
        { name: 'b', url: b.url, timeoutMs: 5_000 },
        { name: 'c', url: a.url, enabled: false },
        { name: 'a', url: a.url },
      ),
    );
    await m.whenSettled();
    expect(m.snapshot().servers.map((s) => `${s.name}:${s.status}`)).toEqual([
      'b:connected',
      'c:disabled',
      'a:connected',
    ]);
    expect(m.state('a')!.connectedAt).toBe(aConnectedAt); // untouched: same connection
    expect(a.headers.length).toBe(aSessions);
    expect(m.state('b')!.connectedAt).not.toBe(bConnectedAt); // edited: reconnected

    m.reconcile(config({ name: 'b', url: b.url, timeoutMs: 5_000 }));
    expect(m.snapshot().servers.map((s) => s.name)).toEqual(['b']);
    expect(m.state('a')).toBeUndefined();
  });
});

describe('ConnectionManager: calling tools', () => {
  it('passes arguments and _meta, and returns the CallToolResult', async () => {
    const server = await fixture({ tools: [{ name: 'query_order' }] });
    const m = manager();
    m.reconcile(config({ name: 'shop', url: server.url }));
    await m.whenSettled();
    const result = await m.callTool(
      'shop',
      'query_order',
      { keyword: 'AirPods' },
      { meta: { 'switchboard/customerId': 'u1001' } },
    );
    expect(result.isError).toBeFalsy();
    // Every call carries a progressToken, so a long call can report progress (and extend its timeout).
    expect(server.calls).toEqual([
      {
        name: 'query_order',
        arguments: { keyword: 'AirPods' },
        meta: { 'switchboard/customerId': 'u1001', progressToken: expect.any(Number) },
      },
    ]);
  });

  it('cancels a call on abort (the server sees notifications/cancelled) and times out a slow one', async () => {
    let cancelledOnServer = false;
    const slow = {
      name: 'slow',
      handler: (_args: unknown, extra: { signal: AbortSignal }) =>
        new Promise<never>((_resolve, reject) =>
          extra.signal.addEventListener('abort', () => {
            cancelledOnServer = true;
            reject(new Error('cancelled'));
          }),
        ),
    };
    const server = await fixture({ tools: [slow] });
    const m = manager();
    m.reconcile(config({ name: 'shop', url: server.url }));
    await m.whenSettled();

    const controller = new AbortController();
    const call = m.callTool('shop', 'slow', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('operator pressed Stop')), 50);
    await expect(call).rejects.toThrow('operator pressed Stop');
    await waitFor(() => cancelledOnServer, 2_000, 'the server to see the cancellation');

    const started = Date.now();
    await expect(m.callTool('shop', 'slow', {}, { timeoutMs: 150 })).rejects.toThrow(/timed out/i);
    expect(Date.now() - started).toBeLessThan(4_000); // the slow tool takes far longer; only the timeout can end it this soon;
    expect(m.state('shop')!.status).toBe('connected'); // a slow tool is not a dead server
  });

  it('refuses a call to a server that is not connected, naming why', async () => {
    const m = manager();
    m.reconcile(config({ name: 'off', url: 'http://127.0.0.1:9/mcp', enabled: false }));
    await expect(m.callTool('off', 'x', {})).rejects.toThrow('MCP server off is not connected (disabled)');
    await expect(m.callTool('ghost', 'x', {})).rejects.toThrow('MCP server ghost is not connected (not configured)');
  });
});
