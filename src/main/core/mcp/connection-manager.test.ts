import { afterEach, describe, expect, it } from 'vitest';
import { serverConfigSchema, type ServerConfig, type ServerConfigInput } from '../../../shared/config/schema';
import {
  EVERYTHING_SERVER,
  refusedPort,
  startFixtureServer,
  startSilentSocket,
  STDIO_FIXTURE,
  waitFor,
  type FixtureServer,
} from '../../../../tests/support/mcp';
import { startShopServer } from '../../../mcp-server/shop-server';
import { ConnectionManager } from './connection-manager';
import type { ConnectionOptions } from './types';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

const config = (...servers: ServerConfigInput[]): ServerConfig[] => servers.map((s) => serverConfigSchema.parse(s));

function manager(options: ConnectionOptions = {}): { manager: ConnectionManager; logs: string[] } {
  const logs: string[] = [];
  const m = new ConnectionManager({
    log: (l) => logs.push(l),
    healthCheckIntervalMs: 0,
    autoReconnect: false,
    ...options,
  });
  cleanups.push(() => m.closeAll());
  return { manager: m, logs };
}

async function fixture(...args: Parameters<typeof startFixtureServer>): Promise<FixtureServer> {
  const server = await startFixtureServer(...args);
  cleanups.push(() => server.close());
  return server;
}

const names = (tools: readonly { name: string }[]) => tools.map((t) => t.name);
const state = (m: ConnectionManager, name: string) => m.state(name)!;

describe('ConnectionManager: connecting', () => {
  it('connects every server concurrently: a silent one times out without delaying the others, and lists keep config order', async () => {
    const silent = await startSilentSocket();
    cleanups.push(() => silent.close());
    const healthy = await fixture({ tools: [{ name: 'query_order', annotations: { readOnlyHint: true } }] });
    const refused = await refusedPort();
    const { manager: m, logs } = manager();
    const seenWhileHealthyConnected: string[] = [];
    m.onChange((snapshot, changed) => {
      if (changed?.name === 'healthy' && changed.status === 'connected')
        seenWhileHealthyConnected.push(...snapshot.servers.map((s) => `${s.name}:${s.status}`));
    });
    const started = Date.now();
    m.reconcile(
      config(
        { name: 'silent', url: silent.url, timeoutMs: 2_000 },
        { name: 'refused', url: `http://127.0.0.1:${refused}` },
        { name: 'off', url: healthy.url, enabled: false },
        { name: 'healthy', url: healthy.url.replace(/\/mcp$/, '/') },
      ),
    );
    await waitFor(() => state(m, 'healthy').status === 'connected', 1_900, 'healthy to connect');
    const healthyAfter = Date.now() - started;
    expect(healthyAfter).toBeLessThan(1_900);
    expect(state(m, 'silent').status).toBe('connecting');
    expect(seenWhileHealthyConnected).toContain('silent:connecting');

    await m.whenSettled();
    const silentAfter = Date.now() - started;
    expect(silentAfter).toBeGreaterThanOrEqual(1_950);
    expect(silent.accepted()).toBeGreaterThan(0);
    const snapshot = m.snapshot();
    expect(snapshot.servers.map((s) => `${s.name}:${s.status}`)).toEqual([
      'silent:failed',
      'refused:failed',
      'off:disabled',
      'healthy:connected',
    ]);
    // auto (the default) probes with server/discover first: that is the request the silent server never answers.
    expect(state(m, 'silent').error).toBe(
      "timed out after 2000 ms waiting for server/discover (timeoutMs; raise it in this server's settings to wait longer)",
    );
    expect(state(m, 'refused').error).toMatch(/ECONNREFUSED|fetch failed/);
    expect(state(m, 'healthy')).toMatchObject({
      toolCount: 1,
      transport: 'streamable-http',
      protocolVersion: '2025-11-25',
      serverInfo: { name: 'fixture' },
    });
    const connectedAt = Date.parse(state(m, 'healthy').connectedAt ?? '');
    expect(connectedAt).toBeGreaterThanOrEqual(started);
    expect(connectedAt).toBeLessThanOrEqual(Date.now());
    expect(logs.some((l) => l.includes('refused'))).toBe(true);
    expect(names(snapshot.servers.filter((s) => s.status === 'connected').flatMap((s) => s.tools))).toEqual([
      'query_order',
    ]);
  });

  it('follows every tools/list page', async () => {
    const paged = await fixture({ tools: Array.from({ length: 7 }, (_, i) => ({ name: `tool_${i}` })), pageSize: 3 });
    const { manager: m } = manager();
    m.reconcile(config({ name: 'paged', url: paged.url }));
    await m.whenSettled();
    expect(names(state(m, 'paged').tools)).toEqual([
      'tool_0',
      'tool_1',
      'tool_2',
      'tool_3',
      'tool_4',
      'tool_5',
      'tool_6',
    ]);
    expect(paged.listRequests.map((r) => r.cursor)).toEqual([undefined, '3', '6']);
  });

  it('connects over SSE, and to a builtin server through the injected resolver with its bearer token', async () => {
    const sse = await fixture({ tools: [{ name: 'sse_tool' }], transport: 'sse' });
    const shop = await fixture({ tools: [{ name: 'query_order' }], token: 'secret-token' });
    const { manager: m } = manager({
      resolveBuiltin: async () => ({ url: shop.url, headers: { Authorization: 'Bearer secret-token' } }),
    });
    m.reconcile(config({ name: 'sse', url: sse.url, transport: 'sse' }, { name: 'shop', builtin: 'shop' }));
    await m.whenSettled();
    expect(state(m, 'sse')).toMatchObject({ status: 'connected', transport: 'sse', toolCount: 1 });
    expect(state(m, 'shop')).toMatchObject({ status: 'connected', endpoint: shop.url, toolCount: 1 });
  });

  it('fails a builtin server clearly when no resolver is wired, and does not retry a config error', async () => {
    const { manager: m } = manager({ autoReconnect: true });
    m.reconcile(config({ name: 'shop', builtin: 'shop' }));
    await m.whenSettled();
    expect(state(m, 'shop')).toMatchObject({ status: 'failed', reconnectAttempt: 0, nextRetryAt: null });
    expect(state(m, 'shop').error).toContain('builtin server "shop" is not available');
  });

  it('expands ${env:NAME} in headers at connect time, and names every missing variable', async () => {
    const guarded = await fixture({ tools: [{ name: 't' }], token: 'from-env' });
    const { manager: m } = manager({ env: { FIXTURE_TOKEN: 'from-env' } });
    m.reconcile(
      config(
        { name: 'ok', url: guarded.url, headers: { Authorization: 'Bearer ${env:FIXTURE_TOKEN}' } },
        { name: 'missing', url: 'http://127.0.0.1:9/${env:NO_HOST_VAR}', headers: { 'X-Key': '${env:NO_KEY_VAR}' } },
        { name: 'wrong', url: guarded.url, headers: { Authorization: 'Bearer nope' } },
      ),
    );
    await m.whenSettled();
    expect(state(m, 'ok').status).toBe('connected');
    expect(state(m, 'missing').error).toBe(
      'environment variables not set: NO_HOST_VAR (used in url), NO_KEY_VAR (used in headers.X-Key)',
    );
    expect(state(m, 'wrong').error).toContain('401');
  });
});

describe('ConnectionManager: the demo shop', () => {
  it('runs the T2 chain against the shop over HTTP: query_order for the customer in _meta, then query_logistics with its tracking number', async () => {
    const shop = await startShopServer({ token: 'shop-token' });
    cleanups.push(() => shop.close());
    const { manager: m } = manager({
      resolveBuiltin: async () => ({ url: shop.url, headers: { Authorization: 'Bearer shop-token' } }),
    });
    m.reconcile(config({ name: 'shop', builtin: 'shop' }));
    await m.whenSettled();
    expect(names(state(m, 'shop').tools)).toEqual(
      expect.arrayContaining([
        'query_order',
        'query_logistics',
        'query_coupons',
        'cancel_order',
        'update_shipping_address',
        'apply_refund',
      ]),
    );
    const meta = { 'switchboard/customerId': 'u1001' };
    const orders = await m.callTool('shop', 'query_order', { keyword: 'AirPods' }, { meta });
    expect(orders.isError).toBeFalsy();
    const trackingNo = JSON.stringify(orders).match(/BIT\d{10}/)?.[0];
    expect(trackingNo).toBeDefined();
    const logistics = await m.callTool('shop', 'query_logistics', { trackingNo }, { meta });
    expect(logistics.isError).toBeFalsy();
    const anonymous = await m.callTool('shop', 'query_order', {});
    expect(anonymous.isError).toBe(true);
  });
});

describe('ConnectionManager: stdio', () => {
  it('runs server-everything over stdio with a minimal environment: PATH and HOME plus its own env, never our secrets', async () => {
    process.env.SWITCHBOARD_TEST_API_KEY = 'sk-must-not-leak';
    cleanups.push(async () => delete process.env.SWITCHBOARD_TEST_API_KEY);
    const { manager: m } = manager({ env: { ...process.env, CHILD_TOKEN_SOURCE: 'tok-123' } });
    m.reconcile(
      config({
        name: 'everything',
        ...EVERYTHING_SERVER,
        env: { OWN_FLAG: 'on', CHILD_TOKEN: '${env:CHILD_TOKEN_SOURCE}' },
      }),
    );
    await m.whenSettled();
    expect(state(m, 'everything')).toMatchObject({
      status: 'connected',
      transport: 'stdio',
      protocolVersion: expect.any(String),
    });
    expect(names(state(m, 'everything').tools)).toContain('get-env');
    const result = await m.callTool('everything', 'get-env', {});
    const env = JSON.parse((result.content[0] as { text: string }).text) as Record<string, string>;
    expect(env.OWN_FLAG).toBe('on');
    expect(env.CHILD_TOKEN).toBe('tok-123');
    expect(env.PATH).toBe(process.env.PATH);
    expect(env.SWITCHBOARD_TEST_API_KEY).toBeUndefined();
    expect(env.CHILD_TOKEN_SOURCE).toBeUndefined();
    expect(Object.keys(env).sort()).toEqual(expect.arrayContaining(['CHILD_TOKEN', 'OWN_FLAG', 'PATH']));
    expect(
      Object.keys(env).filter(
        (k) => !['CHILD_TOKEN', 'OWN_FLAG', 'PATH', 'HOME', 'LOGNAME', 'SHELL', 'TERM', 'USER'].includes(k),
      ),
    ).toEqual([]);
  });

  it('keeps the stderr tail, and reconnects a stdio server whose process died', async () => {
    const { manager: m } = manager({ autoReconnect: true, backoff: { initialMs: 50, maxMs: 200 } });
    m.reconcile(config({ name: 'fixture', ...STDIO_FIXTURE }));
    await m.whenSettled();
    const first = state(m, 'fixture');
    expect(first.status).toBe('connected');
    await waitFor(() => state(m, 'fixture').stderrTail?.includes('stdio fixture ready'), 2_000, 'stderr tail');
    await m.callTool('fixture', 'crash', {});
    await waitFor(() => state(m, 'fixture').status === 'failed', 3_000, 'the crash to be noticed');
    expect(state(m, 'fixture').error).toBe('connection lost: the connection closed');
    await waitFor(() => state(m, 'fixture').status === 'connected', 5_000, 'reconnect');
    expect(state(m, 'fixture').connectedAt).not.toBe(first.connectedAt);
  });

  it('reports a command that does not exist', async () => {
    const { manager: m } = manager();
    m.reconcile(config({ name: 'ghost', command: 'switchboard-no-such-binary-xyz' }));
    await m.whenSettled();
    expect(state(m, 'ghost')).toMatchObject({ status: 'failed', transport: null });
    expect(state(m, 'ghost').error).toContain('ENOENT');
  });
});
