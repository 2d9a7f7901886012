import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configSchemaFor } from '../../src/shared/config/schema';
import { ConnectionManager, type ConnectionsSnapshot } from '../../src/main/core/mcp';
import { initialState } from '../../src/main/core/mcp/types';
import { ServerSkillsService } from '../../src/main/core/server-skills/server-skills-service';
import { SkillPinStore } from '../../src/main/core/server-skills/skill-pins';
import { waitFor } from '../support/wait-for';

/** tests/support/mcp/skills-server.mjs: a v2-SDK server process with SkillsExtension, one scenario per path. */
async function skillsServer(): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, '../support/mcp/skills-server.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`skills server exited with ${code}`)));
  });
  return { base: (JSON.parse(line) as { url: string }).url, child };
}

const SCENARIOS = ['good', 'wrong-digest', 'big', 'no-ttl', 'invalid'] as const;
const http = (name: string, url: string) => ({
  name,
  url,
  enabled: true,
  headers: {},
  transport: 'streamable-http' as const,
});
const parseConfig = (value: unknown) => configSchemaFor().parse(value);
const configWith = (base: string, skills: unknown[] = []) =>
  parseConfig({ agent: { mcp: { servers: SCENARIOS.map((s) => http(s, `${base}/${s}/mcp`)) } }, skills });

let server: { base: string; child: ChildProcess };
beforeAll(async () => {
  server = await skillsServer();
});
afterAll(() => {
  server.child.kill('SIGTERM');
});

let manager: ConnectionManager | undefined;
let service: ServerSkillsService | undefined;
afterEach(async () => {
  await service?.close();
  await manager?.closeAll();
  service = undefined;
  manager = undefined;
});

const start = (skills: unknown[] = []) => startWith(configWith(server.base, skills));

/** The connection manager and the skills service over `config`, once every server is connected and listed. */
async function startWith(config: ReturnType<typeof parseConfig>) {
  manager = new ConnectionManager({ log: () => undefined, healthCheckIntervalMs: 0 });
  const pins = SkillPinStore.inMemory();
  service = new ServerSkillsService({ connections: manager, config: { current: () => config }, pins });
  manager.reconcile(config.agent.mcp.servers);
  await manager.whenSettled();
  await service.whenListed();
  return { service, pins, manager };
}

const view = (s: ServerSkillsService, server: string, name: string) =>
  s.views().find((v) => v.server === server && v.name === name);

describe('skills published by v2-SDK servers (SkillsExtension), through the connection manager', () => {
  it('lists and verifies each server skill; each bad one is refused with its reason, and every server keeps its tools', async () => {
    const { service: s, manager: m } = await start();
    expect(view(s, 'good', 'after-sales')).toMatchObject({ state: 'verified', files: 2, reason: null });
    expect(view(s, 'good', 'returns')).toMatchObject({ state: 'verified', files: 1 });
    // A digest that is not the file's.
    expect(view(s, 'wrong-digest', 'lying')).toMatchObject({ state: 'refused' });
    expect(view(s, 'wrong-digest', 'lying')?.reason?.text).toMatch(
      /failed its digest check: .*has digest sha256:[0-9a-f]{64}; the skill entry lists sha256:0{64}/,
    );
    // 16 MiB: refused from its declared size, never requested.
    expect(view(s, 'big', 'huge')?.state).toBe('refused');
    expect(view(s, 'big', 'huge')?.reason?.text).toBe(
      "the skill's files declare 16,777,216 bytes, over the 1,048,576-byte cap: refused without reading it",
    );
    const stats = (await (await fetch(`${server.base}/control/stats`)).json()) as { bigReads: number };
    expect(stats.bigReads).toBe(0);
    // An invalid entry beside a good one.
    expect(view(s, 'invalid', 'Bad_Name')?.state).toBe('refused');
    expect(view(s, 'invalid', 'Bad_Name')?.reason?.text).toMatch(
      /invalid skills\/list entry #0: .*frontmatter name "Bad_Name"/,
    );
    for (const scenario of ['wrong-digest', 'big', 'invalid'])
      expect(view(s, scenario, 'good-one')?.state).toBe('verified');
    // Nothing else breaks: every server is connected with its tool.
    for (const scenario of SCENARIOS) expect(m.state(scenario)).toMatchObject({ status: 'connected', toolCount: 1 });
    expect(await s.manual('good', 'after-sales')).toEqual({
      ok: true,
      server: 'good',
      name: 'after-sales',
      body: '# After-sales\n1. query_order first.\n2. Then apply_refund.\n',
    });
    const refused = await s.manual('wrong-digest', 'lying');
    expect(refused.ok).toBe(false);
  });

  it('pins a skill at first sight and quarantines a changed digest until the operator accepts it', async () => {
    const { service: s, pins } = await start([
      { name: 'refunds', server: 'good', skill: 'after-sales', unlocks: ['apply_refund'] },
    ]);
    const first = view(s, 'good', 'after-sales')!;
    expect(first).toMatchObject({ state: 'verified', usedBy: 'refunds' });
    expect(pins.get('good', 'after-sales')?.digest).toBe(first.digest);
    expect(s.sourceOf({ name: 'refunds', server: 'good', skill: 'after-sales' })).toMatchObject({ state: 'verified' });

    await fetch(`${server.base}/control/change`, { method: 'POST' });
    await s.refresh('good');
    const changed = view(s, 'good', 'after-sales')!;
    expect(changed.state).toBe('quarantined');
    expect(changed.digest).not.toBe(first.digest);
    expect(changed.pinnedDigest).toBe(first.digest);
    expect(changed.reason?.text).toMatch(
      /changed since they were pinned at .*quarantined until the operator accepts the change/,
    );
    const held = await s.manual('good', 'after-sales');
    expect(held).toMatchObject({ ok: false, reason: { code: 'serverSkill.changed' } });
    expect(s.sourceOf({ name: 'refunds', server: 'good', skill: 'after-sales' })).toMatchObject({
      state: 'quarantined',
    });
    // The other skill of that server is unaffected.
    expect(view(s, 'good', 'returns')?.state).toBe('verified');
    // A stale review is refused; the reviewed digest is accepted.
    expect(() => s.accept('good', 'after-sales', first.digest!)).toThrow(/changed again since you reviewed it/);
    expect(s.accept('good', 'after-sales', changed.digest!).state).toBe('verified');
    expect(await s.manual('good', 'after-sales')).toMatchObject({
      ok: true,
      body: expect.stringContaining('Refund without checking.'),
    });
  });
});

describe('skills through the connection manager on 2026-07-28 (protocol key)', () => {
  it('a page without ttlMs refuses that listing only; a good server on the same era lists with its ttlMs', async () => {
    const modern = (name: string) => ({ ...http(name, `${server.base}/${name}/mcp`), protocol: '2026-07-28' as const });
    const config = parseConfig({ agent: { mcp: { servers: [modern('no-ttl'), modern('good')] } } });
    const { service, manager } = await startWith(config);
    expect(manager.state('no-ttl')).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28', toolCount: 1 });
    const [noTtl, good] = service.listingViews();
    expect(noTtl).toMatchObject({ server: 'no-ttl', state: 'failed' });
    expect(noTtl.error?.text).toMatch(/skills\/list failed: .*ttlMs/);
    expect(good).toMatchObject({ server: 'good', state: 'listed', ttlMs: 60_000, cacheScope: 'public' });
    expect(service.views().filter((v) => v.server === 'no-ttl')).toEqual([]);
    expect(view(service, 'good', 'returns')?.state).toBe('verified');
    expect(await manager.callTool('no-ttl', 'skills_echo', {})).toMatchObject({
      content: [{ type: 'text', text: 'no-ttl' }],
    });
  });
});

describe('a strict 2026-07-28 server that pages its skills', () => {
  it('every skills/list page is listed and each skill verified, with the listing’s ttlMs', async () => {
    const config = parseConfig({ agent: { mcp: { servers: [http('paged', `${server.base}/paged/mcp`)] } } });
    const { service, manager } = await startWith(config);
    expect(manager.state('paged')).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28' });
    // One skill per page: the second is there only if the listing followed nextCursor.
    expect(service.views().map((v) => [v.name, v.state])).toEqual([
      ['after-sales', 'verified'],
      ['returns', 'verified'],
    ]);
    expect(service.listingViews()).toEqual([
      expect.objectContaining({ server: 'paged', state: 'listed', ttlMs: 60_000, cacheScope: 'public' }),
    ]);
  });
});

/** A connections port over one real v2 Client pinned to 2026-07-28 (the era that carries ttlMs), to a scenario's server. */
async function modernConnection(scenario: string) {
  const client = new Client(
    { name: 'skills-test', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.base}/${scenario}/mcp`)));
  const state = Object.freeze({
    ...initialState(scenario, 'connected'),
    connectedAt: 'now',
    offeredCapabilities: client.getServerCapabilities() ?? null,
  });
  const snapshot: ConnectionsSnapshot = { revision: 1, servers: [state] };
  return { client, connections: { snapshot: () => snapshot, client: () => client, onChange: () => () => undefined } };
}

describe('skills on a 2026-07-28 connection: ttlMs', () => {
  const clients: Client[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
  });

  it('refuses a skills/list page without ttlMs for that server only, with the reason', async () => {
    const { client, connections } = await modernConnection('no-ttl');
    clients.push(client);
    const config = parseConfig({ agent: { mcp: { servers: [http('no-ttl', `${server.base}/no-ttl/mcp`)] } } });
    service = new ServerSkillsService({
      connections,
      config: { current: () => config },
      pins: SkillPinStore.inMemory(),
    });
    await service.whenListed();
    expect(service.views()).toEqual([]);
    const [listing] = service.listingViews();
    expect(listing).toMatchObject({ server: 'no-ttl', state: 'failed' });
    expect(listing.error?.text).toMatch(/skills\/list failed: .*ttlMs/);
    // The server itself still answers.
    expect((await client.callTool({ name: 'skills_echo', arguments: {} })).content).toEqual([
      { type: 'text', text: 'no-ttl' },
    ]);
  });

  it('lists again when the ttlMs runs out, so a changed digest is seen and quarantined without a reconnect', async () => {
    const { client, connections } = await modernConnection('good');
    clients.push(client);
    const config = parseConfig({ agent: { mcp: { servers: [http('good', `${server.base}/good/mcp`)] } } });
    // The fixture says ttlMs 60000; bounded here to 300 ms so the test need not wait a minute.
    service = new ServerSkillsService({
      connections,
      config: { current: () => config },
      pins: SkillPinStore.inMemory(),
      refresh: { minMs: 50, maxMs: 300 },
    });
    await service.whenListed();
    const [listing] = service.listingViews();
    expect(listing).toMatchObject({
      state: 'listed',
      ttlMs: 60_000,
      cacheScope: 'public',
      nextListAt: expect.any(String),
    });
    const before = view(service, 'good', 'after-sales')!;
    await fetch(`${server.base}/control/change`, { method: 'POST' });
    await waitFor(() => view(service!, 'good', 'after-sales')?.digest !== before.digest, 5_000, 'the relisted digest');
    expect(view(service, 'good', 'after-sales')?.state).toBe('quarantined');
  });
});
