import { afterEach, describe, expect, it } from 'vitest';
import { startShopProcess, type ShopProcess } from './helpers/shop-process';

/**
 * Issue 25 (minor): one client held an SSE stream (GET) on each of 500 sessions, and every new client's `initialize`
 * got 503 "every one is busy" from the shop (in its own process). A held stream no longer reserves its session: at
 * the cap, the least recently used session that only holds a stream is closed (its stream ends), and a session with
 * a request in flight is still never closed.
 */
let shop: ShopProcess | undefined;
const held: AbortController[] = [];
afterEach(async () => {
  for (const controller of held.splice(0)) controller.abort();
  await shop?.kill();
  shop = undefined;
});

const TOKEN = 'shop-secret';
const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  authorization: `Bearer ${TOKEN}`,
};
const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '0' } },
};

async function initialize(url: string): Promise<{ status: number; id: string | null }> {
  const res = await fetch(url, { method: 'POST', headers: HEADERS, body: JSON.stringify(INIT) });
  await res.arrayBuffer();
  const id = res.headers.get('mcp-session-id');
  if (res.status === 200 && id)
    await (
      await fetch(url, {
        method: 'POST',
        headers: { ...HEADERS, 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' },
        body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      })
    ).arrayBuffer();
  return { status: res.status, id };
}

/** Opens the session's standalone SSE stream and keeps it open (never read to the end); resolves once it is open. */
async function holdStream(url: string, id: string): Promise<{ ended: Promise<void> }> {
  const controller = new AbortController();
  held.push(controller);
  const res = await fetch(url, {
    method: 'GET',
    headers: { ...HEADERS, 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const ended = (async () => {
    try {
      while (!(await reader.read()).done);
    } catch {
      // aborted or cut: ended either way
    }
  })();
  return { ended };
}

describe('held SSE streams on the shop', () => {
  it('do not starve new clients: a new session closes the least recently used one that only holds a stream', async () => {
    shop = await startShopProcess({ token: TOKEN, maxSessions: 20 });
    const streams: { ended: Promise<void> }[] = [];
    for (let i = 0; i < 20; i++) {
      const { status, id } = await initialize(shop.url);
      expect(status).toBe(200);
      streams.push(await holdStream(shop.url, id!));
    }
    // Before: 503 "Too many sessions: every one is busy" for every new client while the streams were held.
    for (let i = 0; i < 5; i++) expect((await initialize(shop.url)).status).toBe(200);
    // The oldest stream-only sessions made way: their streams ended; the newest ones are still held.
    await Promise.race([
      streams[0].ended,
      new Promise((_, reject) => setTimeout(() => reject(new Error('the oldest stream was not closed')), 5_000)),
    ]);
    const newest = await Promise.race([
      streams[19].ended.then(() => 'ended'),
      new Promise((r) => setTimeout(() => r('open'), 300)),
    ]);
    expect(newest).toBe('open');
  }, 60_000);
});
