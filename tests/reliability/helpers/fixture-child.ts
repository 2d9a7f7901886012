// A fixture MCP server (Streamable HTTP) in its own process, for tests whose peer must be killable, or whose
// traffic (a notification storm) must not share the test's event loop. Tools come from FIXTURE_TOOLS (JSON);
// the parent drives it over IPC: `storm` sends tools/list_changed at a rate, `setTools` changes the tools
// (and announces it), `stats` reports the tools/list requests and the calls received.
import { startFixtureServer, type FixtureTool } from '../../support/mcp';
import type { FixtureRequest } from './fixture-process';

const tools = JSON.parse(process.env.FIXTURE_TOOLS ?? '[]') as FixtureTool[];
const server = await startFixtureServer({ tools, port: Number(process.env.FIXTURE_PORT ?? 0) });

async function storm(
  perSecond: number,
  durationMs: number,
): Promise<{ sent: number; startedAt: number; endedAt: number }> {
  const startedAt = Date.now();
  let sent = 0;
  // Paced on an absolute schedule in 10 ms slices, so a late timer catches up instead of slowing the storm.
  while (Date.now() - startedAt < durationMs) {
    const due = Math.floor(((Date.now() - startedAt) * perSecond) / 1000);
    const batch: Promise<void>[] = [];
    for (; sent < due; sent++) batch.push(server.announceToolsChanged());
    await Promise.all(batch);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { sent, startedAt, endedAt: Date.now() };
}

process.on('message', (message: FixtureRequest) => {
  const reply = (body: unknown) => process.send?.({ id: message.id, body });
  if (message.type === 'stats') reply({ listRequests: server.listRequests, calls: server.calls });
  else if (message.type === 'setTools') void server.setTools(message.tools).then(() => reply({ ok: true }));
  else if (message.type === 'storm') void storm(message.perSecond, message.durationMs).then(reply);
});
process.on('disconnect', () => process.exit(0)); // the test process died: never outlive it
process.send?.({ ready: { url: server.url, port: server.port } });
