// Both protocol eras on /mcp: a 2026-07-28 client (the v2 SDK pinned to it) is served statelessly by createMcpHandler,
// a 2025-era one keeps its session; the guards and the identity from _meta hold for both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShopServer, type ShopServerHandle } from './shop-server';
import { NO_IDENTITY_MESSAGE } from './shop-mcp-server';
import { callAs, connectShopClient, rawRequest } from '../../tests/support/shop-test-client';

const MODERN = '2026-07-28';

describe('the shop in both protocol eras', () => {
  let shop: ShopServerHandle;
  beforeAll(async () => {
    shop = await startShopServer({ token: 's3cret' });
  });
  afterAll(() => shop.close());

  it('a 2026-07-28 client discovers, lists and calls the tools, as the customer its _meta names', async () => {
    const client = await connectShopClient(shop.url, 's3cret', MODERN);
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(MODERN);
      expect(client.getProtocolEra()).toBe('modern');
      expect(client.getServerVersion()).toMatchObject({ name: 'bit-select-shop', title: '比特严选' });
      expect(client.getInstructions()).toMatch(/query_order/);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('query_order');
      const orders = await callAs(client, 'u1001', 'query_order', { keyword: 'AirPods Pro', days: 14 });
      expect(orders).toMatchObject({ isError: false });
      expect(orders.text).toContain('AirPods Pro');
      expect(await callAs(client, undefined, 'query_coupons')).toMatchObject({
        isError: true,
        text: NO_IDENTITY_MESSAGE,
      });
    } finally {
      await client.close();
    }
  });

  it('a 2025-era client still gets a session beside it', async () => {
    const client = await connectShopClient(shop.url, 's3cret');
    try {
      expect(client.getNegotiatedProtocolVersion()).toMatch(/^2025-/);
      expect(await callAs(client, 'u1001', 'query_coupons')).toMatchObject({ isError: false });
    } finally {
      await client.close();
    }
  });

  it('keeps the token, Host and Origin checks in front of a 2026-07-28 request', async () => {
    await expect(connectShopClient(shop.url, 'wrong', MODERN)).rejects.toThrow();
    const discover = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'server/discover',
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': MODERN,
          'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '0' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    });
    const auth = { Authorization: 'Bearer s3cret', 'MCP-Protocol-Version': MODERN, 'Mcp-Method': 'server/discover' };
    const evilHost = await rawRequest(shop.port, {
      headers: { ...auth, Host: `evil.example:${shop.port}` },
      body: discover,
    });
    expect(evilHost.status).toBe(403);
    const evilOrigin = await rawRequest(shop.port, {
      headers: { ...auth, Origin: 'http://evil.example' },
      body: discover,
    });
    expect(evilOrigin.status).toBe(403);
    const fine = await rawRequest(shop.port, { headers: auth, body: discover });
    expect(fine.status, fine.body).toBe(200);
    expect(fine.body).toContain('bit-select-shop');
  });
});
