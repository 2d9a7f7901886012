import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCore, type TestCore as Core } from '../../../../tests/support/core';
import { startFixtureServer, waitFor, type FixtureServer } from '../../../../tests/support/mcp';
import { httpServerSchema, type ServerConfig } from '../../../shared/config/schema';
import type { ServerView } from '../../../shared/contract';
import { Conflict, Invalid, NotFound } from '../errors';

/** A server entry as the route hands it over: parsed, its defaults filled in. */
const httpServer = (name: string, url: string, headers: Record<string, string> = {}): ServerConfig =>
  httpServerSchema.parse({ name, url, headers });

describe('server administration', () => {
  let dir: string;
  let core: Core;
  let alpha: FixtureServer;
  let beta: FixtureServer;
  const statusEvents: string[] = [];
  const admin = () => core.services.servers;
  const list = () => admin().list().servers;
  const server = (name: string) => list().find((s) => s.name === name);

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
    await waitFor(() => server('alpha')?.status === 'connected', 5_000, 'alpha');
  });
  afterAll(async () => {
    await core.close();
    await Promise.all([alpha.close(), beta.close()]);
    await rm(dir, { recursive: true, force: true });
  });

  it('lists each server with its config and live state', async () => {
    const [view] = list();
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
    await admin().add(httpServer('beta', beta.url));
    await waitFor(() => server('beta')?.status === 'connected', 5_000, 'beta');
    // Subscribed long before the add, so this event cannot have fired unseen (alpha's first one may have).
    expect(statusEvents).toContain('beta:connected');
    expect(list().map((s) => s.name)).toEqual(['alpha', 'beta']);
    await expect(admin().add(httpServer('beta', beta.url))).rejects.toBeInstanceOf(Conflict);
    const text = await readFile(join(dir, 'switchboard.yaml'), 'utf8');
    expect(text).toContain('# primary');
    expect(text).not.toContain('headers: {}');
  });

  it('updates a server in place (reconnecting it) and refuses to remove one an intent node pins', async () => {
    await admin().update('beta', { ...httpServer('beta', beta.url), enabled: false });
    expect(server('beta')!.status).toBe('disabled');
    await expect(admin().remove('alpha')).rejects.toThrow('unknown server "alpha"');
    await expect(admin().remove('ghost')).rejects.toBeInstanceOf(NotFound);
    await admin().remove('beta');
    expect(list().map((s) => s.name)).toEqual(['alpha']);
  });

  it('rediscovers on demand and reconnects by name', async () => {
    await alpha.setTools([{ name: 'query_order' }, { name: 'query_logistics' }]);
    const after = await admin().rediscover('alpha');
    expect(after.servers[0].tools).toEqual(['query_order', 'query_logistics']);
    const before = server('alpha')!.connectedAt;
    const view = admin().reconnect('alpha');
    expect(view.name).toBe('alpha');
    await waitFor(
      () => {
        const s = server('alpha');
        return s?.status === 'connected' && s.connectedAt !== before;
      },
      5_000,
      'reconnect',
    );
    await expect(admin().rediscover('ghost')).rejects.toBeInstanceOf(NotFound);
  });

  it('imports servers, asking before touching a clash', async () => {
    const text = JSON.stringify({ mcpServers: { alpha: { url: beta.url }, gamma: { url: beta.url } } });
    const asked = await admin().import(text, 'ask', false, []);
    expect(asked).toMatchObject({ applied: false, conflicts: ['alpha'] });
    expect(list().map((s) => s.name)).toEqual(['alpha']);
    const renamed = await admin().import(text, 'rename', false, []);
    expect(renamed).toMatchObject({ applied: true, renamed: [{ from: 'alpha', to: 'alpha-2' }], added: ['gamma'] });
    expect(list().map((s) => s.name)).toEqual(['alpha', 'alpha-2', 'gamma']);
  });

  it('inserts at the position asked, and keeps a masked secret the form sent back as the literal it stands for', async () => {
    await admin().add(httpServer('first', beta.url, { Authorization: 'Bearer sk-secret-1234' }), 0);
    expect(list().map((s) => s.name)).toEqual(['first', 'alpha', 'alpha-2', 'gamma']);
    const shown = server('first')!.config as { headers: Record<string, string> };
    expect(shown.headers.Authorization).not.toContain('sk-secret');
    // The form sends the masked value back unchanged: the file keeps the literal.
    await admin().update('first', httpServer('first', beta.url, shown.headers));
    const text = await readFile(join(dir, 'switchboard.yaml'), 'utf8');
    expect(text).toContain('Bearer sk-secret-1234');
    expect(text).not.toContain('••••');
    // A mask standing for nothing stored (a new header) is refused, and nothing is written.
    await expect(
      admin().update(
        'first',
        httpServer('first', beta.url, { ...shown.headers, 'X-Other': shown.headers.Authorization }),
      ),
    ).rejects.toBeInstanceOf(Invalid);
    expect(await readFile(join(dir, 'switchboard.yaml'), 'utf8')).toBe(text);
    // A rename onto a taken name is a conflict.
    await expect(admin().update('first', httpServer('alpha', beta.url))).rejects.toBeInstanceOf(Conflict);
    await admin().remove('first');
  });
});
