import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedPort, startFixtureServer, type FixtureServer } from '../../../../tests/support/mcp';
import { coreParts, createCore, type CoreOptions, type CoreParts } from '../app';

/**
 * createCore's options for a one-shot command (issue 29): the request policy is the core's from the start (the CLI
 * no longer rewrites it after construction), one-shot mode reports a failed server instead of retrying it, and the
 * catalog run reports once every server settled, for the CLI as for the console.
 */
let dir: string;
let fixture: FixtureServer;
let deadPort: number;
const open: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'switchboard-catalog-run-'));
  fixture = await startFixtureServer({
    tools: [
      { name: 'query_order', description: 'Find orders', annotations: { readOnlyHint: true } },
      { name: 'debug_dump', description: 'Internal' },
    ],
  });
  deadPort = await refusedPort();
});
afterAll(async () => {
  await Promise.all(open.map((core) => core.close()));
  await fixture.close();
  await rm(dir, { recursive: true, force: true });
});

async function core(name: string, options: Partial<CoreOptions> = {}): Promise<CoreParts> {
  const dataDir = join(dir, name);
  const configPath = join(dir, `${name}.yaml`);
  await writeFile(
    configPath,
    `agent:\n  mcp:\n    servers:\n      - { name: shop, url: "${fixture.url}" }\n      - { name: dead, url: "http://127.0.0.1:${deadPort}" }\nintents:\n  - { id: order, name: O, kind: mcp, toolId: query_order }\n`,
  );
  const created = await createCore({ dataDir, configPath, log: () => undefined, ...options });
  const parts = coreParts(created);
  open.push(parts);
  return parts;
}

describe('createCore options', () => {
  it('starts with the request policy it is given: a question is declined and a model request denied, nobody asked', async () => {
    const quiet = await core('policy', { requestPolicy: { elicit: 'decline', sampling: 'deny' }, oneShot: true });
    const context = { server: 'shop', signal: new AbortController().signal };
    const answer = await quiet.requests.handlers.elicit(context, {
      mode: 'form',
      message: 'Which order?',
      requestedSchema: { type: 'object', properties: { id: { type: 'string' } } },
    });
    expect(answer.action).toBe('decline');
    await expect(
      quiet.requests.handlers.sample(context, {
        messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }],
        maxTokens: 10,
      }),
    ).rejects.toThrow();
    expect(quiet.requests.list()).toEqual([]);
    // The console's default: the operator is asked.
    const live = await core('live');
    expect(live.requests.policy).toEqual({ elicit: 'ask', sampling: 'ask' });
  });

  it('one-shot: a failed server is reported, not retried; live: it is retried with backoff', async () => {
    const once = await core('once', { oneShot: true });
    await once.whenServersSettled();
    expect(once.tools.connections.state('dead')).toMatchObject({ status: 'failed', reconnectAttempt: 0 });
    expect(once.tools.connections.state('dead')?.nextRetryAt ?? null).toBeNull();
    const live = await core('retrying');
    await live.whenServersSettled();
    expect(live.tools.connections.state('dead')?.nextRetryAt).toEqual(expect.any(String));
  });
});

describe('createCore onlyServers', () => {
  it('connects the named servers alone, each whether or not the config enables it', async () => {
    const dataDir = join(dir, 'only');
    const configPath = join(dir, 'only.yaml');
    await writeFile(
      configPath,
      `agent:\n  mcp:\n    servers:\n      - { name: shop, url: "${fixture.url}", enabled: false }\n      - { name: dead, url: "http://127.0.0.1:${deadPort}" }\n`,
    );
    const one = await createCore({ dataDir, configPath, oneShot: true, onlyServers: ['shop'], log: () => undefined });
    open.push(one);
    await one.whenServersSettled();
    expect(
      coreParts(one)
        .tools.connections.snapshot()
        .servers.map((s) => `${s.name}:${s.status}`),
    ).toEqual(['shop:connected']);
  });
});

describe('the catalog run', () => {
  it('reports once every server settled: each tool with its state, the servers, and what was pinned at first sight', async () => {
    const run = await core('report', { oneShot: true });
    const report = await run.catalogRun.settled();
    expect(report.servers.map((s) => `${s.name}:${s.status}`)).toEqual(['shop:connected', 'dead:failed']);
    expect(report.catalog.entries.map((e) => `${e.toolId}:${e.state}`)).toEqual([
      'debug_dump:unmounted',
      'query_order:bound',
    ]);
    expect(report.pinnedAtFirstSight).toBe(2);
    // The same run explains a tool for the console's explain route and the CLI's explain.
    expect(run.catalogRun.explain('query_order')).toMatchObject({ verdict: 'visible', revision: report.revision });
    expect(run.catalogRun.explain('debug_dump')).toMatchObject({ verdict: 'hidden', firstFailingLayer: 'mounted' });
    // A second core on the same data directory finds the pins already there.
    await run.close();
    open.splice(open.indexOf(run), 1);
    const again = await createCore({
      dataDir: join(dir, 'report'),
      configPath: join(dir, 'report.yaml'),
      oneShot: true,
      log: () => undefined,
    });
    open.push(again);
    expect((await again.services.catalog.settled()).pinnedAtFirstSight).toBe(0);
  });
});
