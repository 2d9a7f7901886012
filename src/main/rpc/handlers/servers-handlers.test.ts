import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult, Result, ServerView } from '../../../shared/contract';
import { createTestCore, type TestCore as Core } from '../../../../tests/support/core';
import { startFixtureServer, waitFor, type FixtureServer } from '../../../../tests/support/mcp';

describe('servers routes', () => {
  let dir: string;
  let core: Core;
  let alpha: FixtureServer;
  let beta: FixtureServer;
  const statusEvents: string[] = [];
  const call = async <T>(route: string, input: unknown = {}): Promise<T> => {
    const result = (await core.dispatch(route, input, { transport: 'internal' })) as Result<T>;
    if (!result.ok) throw Object.assign(new Error(`${route}: ${result.error.message}`), { code: result.error.code });
    return result.data;
  };
  const list = async () => (await call<{ servers: ServerView[] }>('servers.list')).servers;
  const server = async (name: string) => (await list()).find((s) => s.name === name);

  beforeAll(async () => {
    alpha = await startFixtureServer({ tools: [{ name: 'query_order' }] });
    beta = await startFixtureServer({ tools: [{ name: 'query_order' }, { name: 'query_logistics' }] });
    dir = await mkdtemp(join(tmpdir(), 'switchboard-servers-'));
    await writeFile(
      join(dir, 'switchboard.yaml'),
      `agent:
  mcp:
    servers:
      # primary
      - name: alpha
        url: ${alpha.url}
intents:
  - { id: order, name: Orders, kind: mcp, toolId: query_order }
  - { id: logistics, name: Logistics, kind: mcp, toolId: query_logistics, server: alpha }
`,
    );
    core = await createTestCore({
      dataDir: dir,
      watchConfig: false,
      validateOutput: true,
      log: () => undefined,
      connections: { healthCheckIntervalMs: 0, autoReconnect: false },
    });
    core.events.subscribe(
      (name, payload) =>
        name === 'servers.statusChanged' &&
        statusEvents.push(`${(payload as ServerView).name}:${(payload as ServerView).status}`),
    );
    await waitFor(async () => (await server('alpha'))?.status === 'connected', 5_000, 'alpha');
  });
  afterAll(async () => {
    await core.close();
    await Promise.all([alpha.close(), beta.close()]);
    await rm(dir, { recursive: true, force: true });
  });

  it('lists each server with its config and live state', async () => {
    const [view] = await list();
    expect(view).toMatchObject({
      name: 'alpha',
      kind: 'http',
      enabled: true,
      status: 'connected',
      endpoint: alpha.url,
      tools: ['query_order'],
      transport: 'streamable-http',
    });
  });

  it('adds a server, which connects; a duplicate name is a conflict', async () => {
    await call('servers.add', { server: { name: 'beta', url: beta.url } });
    await waitFor(async () => (await server('beta'))?.status === 'connected', 5_000, 'beta');
    // Subscribed long before the add, so this event cannot have fired unseen (alpha's first one may have).
    expect(statusEvents).toContain('beta:connected');
    expect((await list()).map((s) => s.name)).toEqual(['alpha', 'beta']);
    await expect(call('servers.add', { server: { name: 'beta', url: beta.url } })).rejects.toMatchObject({
      code: 'conflict',
    });
    const text = await readFile(join(dir, 'switchboard.yaml'), 'utf8');
    expect(text).toContain('# primary');
    expect(text).not.toContain('headers: {}');
  });

  it('updates a server in place (reconnecting it) and refuses to remove one an intent node pins', async () => {
    await call('servers.update', { name: 'beta', server: { name: 'beta', url: beta.url, enabled: false } });
    expect((await server('beta'))!.status).toBe('disabled');
    const refused = (await core.dispatch(
      'servers.remove',
      { name: 'alpha' },
      { transport: 'internal' },
    )) as Result<unknown>;
    expect(!refused.ok && refused.error.message).toContain('unknown server "alpha"');
    await expect(call('servers.remove', { name: 'ghost' })).rejects.toMatchObject({ code: 'not_found' });
    await call('servers.remove', { name: 'beta' });
    expect((await list()).map((s) => s.name)).toEqual(['alpha']);
  });

  it('rediscovers on demand and reconnects by name', async () => {
    await alpha.setTools([{ name: 'query_order' }, { name: 'query_logistics' }]);
    const after = await call<{ servers: ServerView[] }>('servers.rediscover', { name: 'alpha' });
    expect(after.servers[0].tools).toEqual(['query_order', 'query_logistics']);
    const before = (await server('alpha'))!.connectedAt;
    const view = await call<ServerView>('servers.reconnect', { name: 'alpha' });
    expect(view.name).toBe('alpha');
    await waitFor(
      async () => {
        const s = await server('alpha');
        return s?.status === 'connected' && s.connectedAt !== before;
      },
      5_000,
      'reconnect',
    );
    // The route takes a name only: there is no way to hand main a command line.
    const sneaky = (await core.dispatch(
      'servers.reconnect',
      { name: 'alpha', command: 'rm -rf /' },
      { transport: 'internal' },
    )) as Result<unknown>;
    expect(!sneaky.ok && sneaky.error.code).toBe('bad_request');
  });

  it('imports servers, asking before touching a clash', async () => {
    const text = JSON.stringify({ mcpServers: { alpha: { url: beta.url }, gamma: { url: beta.url } } });
    const asked = await call<ImportResult>('config.import', { text });
    expect(asked).toMatchObject({ applied: false, conflicts: ['alpha'] });
    expect((await list()).map((s) => s.name)).toEqual(['alpha']);
    const renamed = await call<ImportResult>('config.import', { text, onConflict: 'rename' });
    expect(renamed).toMatchObject({ applied: true, renamed: [{ from: 'alpha', to: 'alpha-2' }], added: ['gamma'] });
    expect((await list()).map((s) => s.name)).toEqual(['alpha', 'alpha-2', 'gamma']);
  });
});
