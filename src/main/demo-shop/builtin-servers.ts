import { randomUUID } from 'node:crypto';
import type { ShopServerHandle } from '../../mcp-server/shop-server';
import type { BuiltinServers } from '../core/mcp';
import { nextTurn } from '../core/slices';

/** The name a config gives the embedded shop: `builtin: shop`. */
export const DEMO_SHOP_BUILTIN = 'shop';

/**
 * The embedded demo shop, started on first use on a free loopback port. A fresh random bearer token per
 * process means nothing else on the machine can call it. The entry points inject this into createCore:
 * the core never imports the MCP server it embeds.
 */
export function createBuiltinServers(): BuiltinServers {
  const token = randomUUID();
  let shop: Promise<ShopServerHandle> | undefined;
  return {
    names: [DEMO_SHOP_BUILTIN],
    // The config refuses any other name, so every builtin entry is the shop.
    async resolveBuiltin() {
      // Imported on first use: the MCP server SDK is not loaded with the app, only when the shop is asked for.
      shop ??= loadShopServer().then((startShopServer) => startShopServer({ port: 0, token }));
      try {
        const handle = await shop;
        return { url: handle.url, headers: { Authorization: `Bearer ${token}` } };
      } catch (error) {
        shop = undefined; // let the next attempt try again
        throw error;
      }
    },
    async resetData() {
      const handle = await shop?.catch(() => undefined);
      handle?.resetDemoData();
      return handle !== undefined;
    },
    async close() {
      const pending = shop;
      shop = undefined;
      const handle = await pending?.catch(() => undefined);
      await handle?.close();
    },
  };
}

/**
 * The shop's code a piece per turn of the event loop: the MCP server SDK's modules, the shop's own, the SDK's request
 * schemas, then its start.
 * As one module graph evaluated and started in the same turn, it was one of start-up's longest blocks.
 */
async function loadShopServer(): Promise<(typeof import('../../mcp-server/shop-server'))['startShopServer']> {
  await import('@modelcontextprotocol/server');
  await import('@modelcontextprotocol/node');
  await import('@modelcontextprotocol/server/ext/skills'); // the published after-sales manual (shop-skills.ts)
  const { startShopServer } = await import('../../mcp-server/shop-server');
  await nextTurn();
  // The SDK's 2026-07-28 wire schemas, built here on a turn of their own instead of inside the shop's first request.
  await (await import('./classification-warm-up')).warmUpRequestClassification();
  await nextTurn();
  return startShopServer;
}
