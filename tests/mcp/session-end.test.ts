import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionManager } from '../../src/main/core/mcp';
import { END_SESSION_TIMEOUT_MS } from '../../src/main/core/mcp/server-sessions';
import { startFixtureServer, waitFor, type FixtureServer } from '../support/mcp';

let server: FixtureServer | undefined;
let manager: ConnectionManager | undefined;
afterEach(async () => {
  await manager?.closeAll();
  await server?.close();
  server = manager = undefined;
});

const http = (url: string, enabled = true) => ({
  name: 'remote',
  url,
  enabled,
  headers: {},
  transport: 'streamable-http' as const,
});
const deletes = (s: FixtureServer) => s.requests.filter((r) => r.method === 'DELETE');

describe('a Streamable HTTP session is ended with DELETE', () => {
  it('when the server is removed from the config', async () => {
    server = await startFixtureServer({ tools: [{ name: 'ping_me' }] });
    manager = new ConnectionManager({ log: () => undefined, healthCheckIntervalMs: 0 });
    manager.reconcile([http(server.url)]);
    await manager.whenSettled();
    expect(manager.state('remote')?.status).toBe('connected');
    const [session] = server.sessionIds;
    expect(deletes(server)).toEqual([]);
    manager.reconcile([]);
    await waitFor(() => deletes(server!).length === 1, 5_000, 'DELETE');
    expect(deletes(server)).toEqual([{ method: 'DELETE', sessionId: session }]);
  });

  it('when the server is disabled, and when the app quits', async () => {
    server = await startFixtureServer({ tools: [{ name: 'ping_me' }] });
    manager = new ConnectionManager({ log: () => undefined, healthCheckIntervalMs: 0 });
    manager.reconcile([http(server.url)]);
    await manager.whenSettled();
    manager.reconcile([http(server.url, false)]);
    await waitFor(() => deletes(server!).length === 1, 5_000, 'DELETE on disable');
    expect(deletes(server)[0].sessionId).toBe(server.sessionIds[0]);

    manager.reconcile([http(server.url, true)]);
    await manager.whenSettled();
    expect(server.sessionIds).toHaveLength(2);
    await manager.closeAll(); // what quitting does
    expect(deletes(server).map((d) => d.sessionId)).toEqual(server.sessionIds);
  });

  it('a server that never answers the DELETE holds up the close for END_SESSION_TIMEOUT_MS at most', async () => {
    server = await startFixtureServer({ tools: [{ name: 'ping_me' }], hangOnDelete: true });
    manager = new ConnectionManager({ log: () => undefined, healthCheckIntervalMs: 0 });
    manager.reconcile([http(server.url)]);
    await manager.whenSettled();
    const started = Date.now();
    await manager.closeAll();
    expect(deletes(server)).toHaveLength(1);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(END_SESSION_TIMEOUT_MS - 50);
    expect(took).toBeLessThan(END_SESSION_TIMEOUT_MS + 3_000);
  });
});
