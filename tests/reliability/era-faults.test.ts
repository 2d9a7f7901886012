import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliDataDir } from '../support/cli-in-process';
import { ConnectionManager } from '../../src/main/core/mcp';
import { serverConfigSchema, type ServerConfig } from '../../src/shared/config/schema';
import { eraStdioCommand, startEraServer, waitFor, type EraServer } from '../support/mcp';

/**
 * Issue 26, bad input around protocol eras, against real v2-SDK server processes (tests/support/mcp/era-server.mjs):
 * a 2026 server that dies (no session, no stream to close), servers that lie about their era, a server/discover that
 * never answers, a revision the server does not speak; and item 8: closing sends no notifications/cancelled for
 * requests that already finished. Each: a clear reason on the card (state) and in the CLI, the others unaffected.
 */
let manager: ConnectionManager | undefined;
const servers: EraServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await manager?.closeAll();
  manager = undefined;
  for (const s of servers.splice(0)) await s.stop();
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

const http = (name: string, url: string, extra: object = {}): ServerConfig =>
  serverConfigSchema.parse({ name, url, ...extra });
async function era(...args: Parameters<typeof startEraServer>): Promise<EraServer> {
  const server = await startEraServer(...args);
  servers.push(server);
  return server;
}
const textOf = (error: unknown) => (typeof error === 'string' ? error : '');

describe('a 2026-07-28 server that dies', () => {
  it('stays connected while alive (no ping on that era: server/discover instead), is noticed when killed, and comes back on its port', async () => {
    const server = await era('strict');
    manager = new ConnectionManager({
      log: () => undefined,
      healthCheckIntervalMs: 100,
      backoff: { initialMs: 100, maxMs: 300 },
    });
    // A health check may take a while on a loaded machine: 3 s before a silent peer counts as gone.
    manager.reconcile([http('modern', server.url, { timeoutMs: 3_000 })]);
    await manager.whenSettled();
    expect(manager.state('modern')).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28' });
    await new Promise((r) => setTimeout(r, 450)); // four health checks
    expect(manager.state('modern')).toMatchObject({ status: 'connected', error: null });

    await server.stop();
    await waitFor(() => manager!.state('modern')!.status !== 'connected', 8_000, 'the loss to be noticed');
    expect(manager.state('modern')!.error).toMatch(/^connection lost: /);
    expect(manager.state('modern')!.tools).toEqual([]);
    await waitFor(
      () => manager!.state('modern')!.nextRetryAt !== null || manager!.state('modern')!.status === 'connecting',
      8_000,
      'a retry',
    );

    await era('strict', { port: server.port });
    await waitFor(() => manager!.state('modern')!.status === 'connected', 10_000, 'reconnect');
    expect(manager.state('modern')).toMatchObject({ protocolVersion: '2026-07-28', toolCount: 1, reconnectAttempt: 0 });
  });
});

describe('servers that lie about their era, or do not speak the one asked for', () => {
  it('each gets its own reason; a dual server beside them connects and answers', async () => {
    const liesModern = await era('lies-modern');
    const liesLegacy = await era('lies-legacy');
    const strict = await era('strict');
    const old = await era('legacy');
    const dual = await era('dual');
    manager = new ConnectionManager({ log: () => undefined, healthCheckIntervalMs: 0, autoReconnect: false });
    manager.reconcile([
      http('lies-modern', liesModern.url),
      http('lies-legacy', liesLegacy.url),
      http('strict-as-legacy', strict.url, { protocol: 'legacy' }),
      http('old-as-2026', old.url, { protocol: '2026-07-28' }),
      http('dual', dual.url),
    ]);
    await manager.whenSettled();
    // Says 2026 in server/discover, refuses 2026 requests.
    expect(manager.state('lies-modern')).toMatchObject({
      status: 'failed',
      errorMessage: {
        code: 'connection.eraContradiction',
        params: { negotiated: '2026-07-28', supported: '2025-11-25' },
      },
    });
    expect(textOf(manager.state('lies-modern')!.error)).toMatch(
      /contradicts itself: it negotiated MCP 2026-07-28, then refused/,
    );
    // Looks 2025 (no server/discover), then refuses 2025 requests naming 2026.
    expect(manager.state('lies-legacy')).toMatchObject({
      status: 'failed',
      errorMessage: {
        code: 'connection.eraContradiction',
        params: { negotiated: '2025-11-25', supported: '2026-07-28' },
      },
    });
    expect(manager.state('strict-as-legacy')).toMatchObject({
      status: 'failed',
      errorMessage: { code: 'connection.unsupportedRevision', params: { supported: '2026-07-28' } },
    });
    expect(manager.state('old-as-2026')).toMatchObject({
      status: 'failed',
      errorMessage: { code: 'connection.noModernRevision' },
    });
    for (const name of ['lies-modern', 'lies-legacy', 'strict-as-legacy', 'old-as-2026'])
      expect(textOf(manager.state(name)!.error)).not.toMatch(/jsonrpc|-32022|-32601/);
    expect(manager.state('dual')).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28' });
    expect((await manager.callTool('dual', 'era_echo', {})).content).toEqual([
      { type: 'text', text: 'served by dual' },
    ]);
  });

  it('a server/discover that never answers times out naming server/discover, in the card and in `catalog`; the others are unaffected', async () => {
    const slow = await era('dual', { discoverDelayMs: 30_000 });
    const dual = await era('dual');
    const cli = await cliDataDir('sb-era-faults-', {
      agent: {
        mcp: {
          servers: [
            { name: 'slow', url: slow.url, timeoutMs: 800 },
            { name: 'dual', url: dual.url },
          ],
        },
      },
      intents: [],
      skills: [],
    });
    dirs.push(cli.dir);
    const text = (await cli.run('catalog')).out;
    expect(text).toMatch(/slow[\s\S]*timed out after 800 ms waiting for server\/discover/);
    expect(text).toMatch(/dual[\s\S]*2026-07-28/);
  });
});

describe('a server nobody listens on', () => {
  it('says the connection was refused, whatever the protocol key (auto’s probe used to hide it: "fetch failed")', async () => {
    const gone = await era('strict');
    await gone.stop();
    manager = new ConnectionManager({ log: () => undefined, healthCheckIntervalMs: 0, autoReconnect: false });
    manager.reconcile([http('auto', gone.url), http('legacy', gone.url, { protocol: 'legacy' })]);
    await manager.whenSettled();
    for (const name of ['auto', 'legacy']) {
      expect(manager.state(name)!.status).toBe('failed');
      expect(manager.state(name)!.error).toMatch(new RegExp(`connect ECONNREFUSED 127\\.0\\.0\\.1:${gone.port}`));
    }
  });
});

describe('closing a connection (issue 26 item 8)', () => {
  it('sends no notifications/cancelled for requests that already finished, initialize and server/discover included, in both eras', async () => {
    const modern = await era('dual', { record: true });
    const legacy = await era('dual', { record: true });
    const dir = await mkdtemp(join(tmpdir(), 'sb-era-cancel-'));
    dirs.push(dir);
    const recordFile = join(dir, 'stdio.jsonl');
    await writeFile(recordFile, '');
    manager = new ConnectionManager({ log: () => undefined, healthCheckIntervalMs: 0, autoReconnect: false });
    manager.reconcile([
      http('modern', modern.url),
      http('legacy', legacy.url, { protocol: 'legacy' }),
      serverConfigSchema.parse({ name: 'stdio', protocol: 'legacy', ...eraStdioCommand('dual', { recordFile }) }),
    ]);
    await manager.whenSettled();
    for (const name of ['modern', 'legacy', 'stdio']) expect(manager.state(name)!.status).toBe('connected');
    await manager.callTool('modern', 'era_echo', {});
    await manager.callTool('legacy', 'era_echo', {});
    await manager.closeAll();
    manager = undefined;
    await new Promise((r) => setTimeout(r, 300)); // anything sent at close has arrived
    const { readFile } = await import('node:fs/promises');
    const stdioReceived = (await readFile(recordFile, 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { method?: string });
    expect(modern.received.map((m) => m.method)).toEqual(
      expect.arrayContaining(['server/discover', 'tools/list', 'tools/call']),
    );
    expect(legacy.received.map((m) => m.method)).toEqual(
      expect.arrayContaining(['initialize', 'tools/list', 'tools/call']),
    );
    expect(stdioReceived.map((m) => m.method)).toEqual(expect.arrayContaining(['initialize', 'tools/list']));
    for (const received of [modern.received, legacy.received, stdioReceived])
      expect(received.filter((m) => m.method === 'notifications/cancelled')).toEqual([]);
  });
});
