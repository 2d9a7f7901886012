// The demo shop MCP server in its own process, for tests that need a real peer they can kill -9 and
// bring back on the same port, or whose CPU must not share the host's event loop. It adds one slow
// read-only tool, reports its store counters over IPC, and prints its URL when ready.
import { z } from 'zod';
import { startShopServer } from '../../../src/mcp-server/shop-server';
import { defineShopTool } from '../../../src/mcp-server/shop-tool-definition';
import { toolSuccess } from '../../../src/mcp-server/tool-results';

const port = Number(process.env.SHOP_PORT ?? 0);
const slowTool = defineShopTool({
  name: 'slow_echo',
  description: 'Answers after `ms` milliseconds',
  inputSchema: { ms: z.number().int().min(0).max(60_000) },
  annotations: { readOnlyHint: true },
  async run({ ms }) {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return toolSuccess({ waited: ms, pid: process.pid });
  },
});

const handle = await startShopServer({
  port,
  extraTools: [slowTool],
  token: process.env.SHOP_TOKEN || undefined,
  ...(process.env.SHOP_MAX_SESSIONS && { maxSessions: Number(process.env.SHOP_MAX_SESSIONS) }),
  ...(process.env.SHOP_SESSION_IDLE_MS && { sessionIdleMs: Number(process.env.SHOP_SESSION_IDLE_MS) }),
});
process.on('message', (message) => {
  if (message === 'stats')
    process.send?.({ writesExecuted: handle.store.writesExecuted, writesApplied: handle.store.writesApplied });
});
process.on('SIGTERM', () => void handle.close().then(() => process.exit(0)));
process.on('disconnect', () => process.exit(0)); // the test process died: never outlive it
process.send?.({ url: handle.url, port: handle.port });
