// HTTP-level behaviour: token, DNS-rebinding checks, session routing, initialize delay, prompt close.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShopServer, type ShopServerHandle } from './shop-server';
import { callAs, connectShopClient, INITIALIZE_BODY, rawRequest } from '../../tests/support/shop-test-client';

describe('bearer token', () => {
  let shop: ShopServerHandle;
  beforeAll(async () => {
    shop = await startShopServer({ token: 's3cret' });
  });
  afterAll(() => shop.close());

  it('answers 401 without a token or with a wrong one', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { Authorization: 'Bearer wrong' },
      { Authorization: 's3cret' },
    ];
    for (const headers of attempts) {
      const res = await rawRequest(shop.port, { headers, body: INITIALIZE_BODY });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(JSON.parse(res.body)).toMatchObject({
        jsonrpc: '2.0',
        error: { message: expect.stringContaining('bearer token') },
      });
    }
  });

  it('the SDK client fails to connect without the token and works with it', async () => {
    await expect(connectShopClient(shop.url)).rejects.toThrow();
    const client = await connectShopClient(shop.url, 's3cret');
    try {
      expect(await callAs(client, 'u1001', 'query_coupons')).toMatchObject({ isError: false });
    } finally {
      await client.close();
    }
  });
});

describe('DNS-rebinding protection and routing', () => {
  let shop: ShopServerHandle;
  beforeAll(async () => {
    shop = await startShopServer({});
  });
  afterAll(() => shop.close());

  it.each(['evil.example.com', `evil.example.com:PORT`, '127.0.0.1:1', '192.168.1.10:PORT'])(
    'a foreign Host %s gets 403',
    async (host) => {
      const res = await rawRequest(shop.port, {
        headers: { Host: host.replace('PORT', String(shop.port)) },
        body: INITIALIZE_BODY,
      });
      expect(res.status).toBe(403);
      expect(res.headers['mcp-session-id']).toBeUndefined();
    },
  );

  it('a foreign Origin gets 403 even with a good Host', async () => {
    const res = await rawRequest(shop.port, { headers: { Origin: 'http://evil.example.com' }, body: INITIALIZE_BODY });
    expect(res.status).toBe(403);
    expect(res.body).toContain('Origin');
  });

  it.each(['localhost', '[::1]', '127.0.0.1'])('Host %s:PORT with a matching Origin is accepted', async (name) => {
    const host = `${name}:${shop.port}`;
    const res = await rawRequest(shop.port, {
      headers: { Host: host, Origin: `http://${host}` },
      body: INITIALIZE_BODY,
    });
    expect(res.status).toBe(200);
    expect(res.headers['mcp-session-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('the 403 comes before any session lookup', async () => {
    const res = await rawRequest(shop.port, {
      headers: { Host: 'evil.example.com', 'mcp-session-id': 'nope' },
      body: '{}',
    });
    expect(res.status).toBe(403);
  });

  it('unknown session -> 404, no session on a non-initialize request -> 400, bad JSON -> 400, wrong path -> 404', async () => {
    const list = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect((await rawRequest(shop.port, { headers: { 'mcp-session-id': 'no-such-session' }, body: list })).status).toBe(
      404,
    );
    expect((await rawRequest(shop.port, { body: list })).status).toBe(400);
    const badJson = await rawRequest(shop.port, { body: '{not json' });
    expect(badJson.status).toBe(400);
    expect(JSON.parse(badJson.body)).toMatchObject({ error: { code: -32700 } });
    expect((await rawRequest(shop.port, { path: '/other', body: INITIALIZE_BODY })).status).toBe(404);
  });

  it('sessions get distinct random ids and DELETE closes one', async () => {
    const a = await rawRequest(shop.port, { body: INITIALIZE_BODY });
    const b = await rawRequest(shop.port, { body: INITIALIZE_BODY });
    const idA = String(a.headers['mcp-session-id']);
    expect(idA).not.toBe(String(b.headers['mcp-session-id']));

    const session = { 'mcp-session-id': idA, 'mcp-protocol-version': '2025-06-18' };
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping' });
    expect((await rawRequest(shop.port, { headers: session, body: ping })).status).toBe(200);
    expect((await rawRequest(shop.port, { method: 'DELETE', headers: session })).status).toBe(200);
    expect((await rawRequest(shop.port, { headers: session, body: ping })).status).toBe(404);
  });
});

describe('lifecycle', () => {
  it('initializeDelayMs delays the initialize reply', async () => {
    const shop = await startShopServer({ initializeDelayMs: 150 });
    try {
      const started = performance.now();
      const res = await rawRequest(shop.port, { body: INITIALIZE_BODY });
      expect(res.status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(145);
    } finally {
      await shop.close();
    }
  });

  it('close() ends open sessions and keep-alive sockets promptly and frees the port', async () => {
    const shop = await startShopServer({});
    const client = await connectShopClient(shop.url); // holds a session and keep-alive sockets
    await client.listTools();
    const started = performance.now();
    await shop.close();
    expect(performance.now() - started).toBeLessThan(3000); // well under the 5 s keep-alive a leaked socket would hold;
    await expect(rawRequest(shop.port, { body: INITIALIZE_BODY })).rejects.toThrow(/ECONNREFUSED/);
    await client.close().catch(() => undefined);
    await shop.close(); // idempotent
  });

  it('binds 127.0.0.1 only and rejects a port already in use', async () => {
    const shop = await startShopServer({});
    try {
      expect(shop.url).toBe(`http://127.0.0.1:${shop.port}/mcp`);
      await expect(startShopServer({ port: shop.port })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await shop.close();
    }
  });
});
