// Demo shop MCP servers in their own process, so their CPU is not counted on the measuring event loop
// (a real MCP server is another process too). Started by shop-fleet.ts; reports its URLs over IPC.
import { startShopServer } from '../../src/mcp-server/shop-server';

const count = Number(process.env.BENCH_SHOP_COUNT ?? 1);
const initializeDelayMs = Number(process.env.BENCH_SHOP_INIT_DELAY_MS ?? 0);
const shops = await Promise.all(Array.from({ length: count }, () => startShopServer({ port: 0, initializeDelayMs })));
process.on('disconnect', () => void Promise.all(shops.map((s) => s.close())).then(() => process.exit(0)));
process.send?.({ urls: shops.map((s) => s.url) });
