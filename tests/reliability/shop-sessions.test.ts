import { afterEach, describe, expect, it } from 'vitest';
import { startShopProcess, type ShopProcess } from './helpers/shop-process';

/**
 * `initialize` after `initialize` against the shop MCP server in its own process: before, every session
 * lived for ever (10,000 of them retained 477 MB). Now past the cap the least recently used idle session
 * is closed, and an idle one expires, with or without --token.
 */
let shop: ShopProcess | undefined;
afterEach(async () => {
  await shop?.kill();
  shop = undefined;
});

const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'flood', version: '0' } },
};

async function post(url: string, body: unknown, headers: Record<string, string>): Promise<Response> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res;
}

async function initialize(url: string, auth: Record<string, string>): Promise<string> {
  const res = await post(url, INIT, auth);
  expect(res.status).toBe(200);
  const id = res.headers.get('mcp-session-id')!;
  expect(
    (
      await post(
        url,
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { ...auth, 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' },
      )
    ).status,
  ).toBe(202);
  return id;
}

const alive = async (url: string, id: string, auth: Record<string, string>) =>
  (
    await post(
      url,
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { ...auth, 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' },
    )
  ).status === 200;

describe('shop MCP sessions expire', () => {
  for (const token of [undefined, 'shop-secret']) {
    it(`caps sessions (least recently used idle first) and closes idle ones, ${token ? 'with' : 'without'} --token`, async () => {
      shop = await startShopProcess({ token, maxSessions: 20, sessionIdleMs: 1_500 });
      const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      const kept = await initialize(shop.url, auth);
      const ids = [kept];
      for (let i = 0; i < 60; i++) {
        ids.push(await initialize(shop.url, auth));
        if (i % 10 === 0) expect(await alive(shop.url, kept, auth)).toBe(true); // used: never the least recent
      }
      expect(await alive(shop.url, kept, auth)).toBe(true);
      expect(await alive(shop.url, ids[1], auth)).toBe(false); // an early idle one was closed for the newer ones
      expect(await alive(shop.url, ids.at(-1)!, auth)).toBe(true);
      // Then every session left idle expires.
      await new Promise((r) => setTimeout(r, 3_500));
      expect(await alive(shop.url, ids.at(-1)!, auth)).toBe(false);
      expect(await alive(shop.url, kept, auth)).toBe(false);
    }, 60_000);
  }
});
