import { randomUUID } from 'node:crypto';
import type { ShopServerHandle } from '../mcp-server/shop-server';
import type { BuiltinServers } from './core/mcp';

/**
 * The embedded demo shop, started on first use on a free loopback port. A fresh random bearer token per
 * process means nothing else on the machine can call it. The entry points inject this into createCore:
 * the core never imports the MCP server it embeds.
 */
export function createBuiltinServers(): BuiltinServers {
  const token = randomUUID();
  let shop: Promise<ShopServerHandle> | undefined;
  return {
    async resolveBuiltin() {
      // Imported on first use: the MCP server SDK is not loaded with the app, only when the shop is asked for.
      shop ??= import('../mcp-server/shop-server').then(({ startShopServer }) => startShopServer({ port: 0, token }));
      try {
        const handle = await shop;
        return { url: handle.url, headers: { Authorization: `Bearer ${token}` } };
      } catch (error) {
        shop = undefined; // let the next attempt try again
        throw error;
      }
    },
    async close() {
      const pending = shop;
      shop = undefined;
      const handle = await pending?.catch(() => undefined);
      await handle?.close();
    },
  };
}
