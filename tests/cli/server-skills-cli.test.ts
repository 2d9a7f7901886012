import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parse, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoShopConfigText } from '../../src/main/demo-shop/default-config';
import { cliEnv, runCli } from '../support/cli-process';

/**
 * `switchboard catalog --json` and `explain` as an operator runs them (real CLI processes), against the embedded shop
 * (which publishes the after-sales manual) and a v2-SDK server process with SkillsExtension (tests/support/mcp/skills-server.mjs).
 */
let home: string;
let child: ChildProcess;
let base: string;
let configPath: string;

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'sb-skills-cli-'));
  child = spawn(process.execPath, [join(import.meta.dirname, '../support/mcp/skills-server.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  base = (
    JSON.parse(
      await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve)),
    ) as { url: string }
  ).url;
  // The default config (the shop, and after-sales from `server: shop`), plus the fixture's scenarios.
  const config = parse(demoShopConfigText()) as { agent: { mcp: { servers: unknown[] } } };
  for (const scenario of ['good', 'wrong-digest', 'big', 'invalid'])
    config.agent.mcp.servers.push({ name: scenario, url: `${base}/${scenario}/mcp` });
  config.agent.mcp.servers.push({ name: 'no-ttl', url: `${base}/no-ttl/mcp`, protocol: '2026-07-28' });
  configPath = join(home, 'switchboard.yaml');
  await writeFile(configPath, stringify(config));
}, 30_000);

afterAll(async () => {
  child.kill('SIGTERM');
  await rm(home, { recursive: true, force: true });
});

type Row = {
  server: string;
  name: string | null;
  state: string;
  reason: string | null;
  usedBy: string | null;
  digest: string | null;
};

describe('server skills through the CLI', () => {
  it('catalog --json lists every server skill with its state and reason; refused ones do not disturb the rest', async () => {
    const run = await runCli(['catalog', '--config', configPath, '--json'], cliEnv(home));
    expect(run.code, run.stderr).toBe(0);
    const json = JSON.parse(run.stdout) as { serverSkills: Row[]; servers: { name: string; status: string }[] };
    const row = (server: string, name: string) => json.serverSkills.find((r) => r.server === server && r.name === name);
    expect(row('shop', 'after-sales')).toMatchObject({ state: 'verified', usedBy: 'after-sales', reason: null });
    expect(row('good', 'after-sales')).toMatchObject({ state: 'verified', usedBy: null });
    expect(row('wrong-digest', 'lying')?.reason).toMatch(/digest check/);
    expect(row('big', 'huge')).toMatchObject({
      state: 'refused',
      reason: expect.stringMatching(/over the 1,048,576-byte cap/),
    });
    expect(row('invalid', 'Bad_Name')).toMatchObject({
      state: 'refused',
      reason: expect.stringMatching(/invalid skills\/list entry/),
    });
    for (const server of ['wrong-digest', 'big', 'invalid']) expect(row(server, 'good-one')?.state).toBe('verified');
    // A 2026-07-28 listing without ttlMs is refused as a whole: one row says why.
    expect(json.serverSkills.filter((r) => r.server === 'no-ttl')).toEqual([
      expect.objectContaining({
        name: null,
        state: 'refused',
        reason: expect.stringMatching(/skills\/list failed: .*ttlMs/),
      }),
    ]);
    expect(json.servers.every((s) => s.status === 'connected')).toBe(true);
    // Pinned at first sight, beside the tool pins.
    const pins = JSON.parse(await readFile(join(home, '.switchboard', 'skill-pins.json'), 'utf8')) as {
      servers: Record<string, Record<string, { digest: string }>>;
    };
    expect(pins.servers.shop['after-sales'].digest).toBe(row('shop', 'after-sales')?.digest);
  }, 60_000);

  it('explain shows the server skill behind a gate; a changed digest is reported quarantined, and the gate says so', async () => {
    const gated = await runCli(['explain', 'apply_refund', '--config', configPath, '--json'], cliEnv(home));
    expect(gated.code).toBe(1);
    const layer = (JSON.parse(gated.stdout) as { layers: { layer: string; detail: string }[] }).layers.find(
      (l) => l.layer === 'gated',
    );
    expect(layer?.detail).toBe(
      "gated by skill after-sales, not loaded this turn: its schema is withheld until load_skill loads it; after-sales's manual is skill after-sales of server shop: verified",
    );

    // The operator trusted another version of the shop's skill: what the shop publishes now is held.
    const pinsPath = join(home, '.switchboard', 'skill-pins.json');
    const pins = JSON.parse(await readFile(pinsPath, 'utf8')) as {
      servers: Record<string, Record<string, { digest: string; pinnedAt: string }>>;
    };
    pins.servers.shop['after-sales'] = { digest: 'f'.repeat(64), pinnedAt: '2026-12-01T00:00:00.000Z' };
    await writeFile(pinsPath, JSON.stringify(pins));
    const held = await runCli(['explain', 'apply_refund', '--config', configPath], cliEnv(home));
    expect(held.stdout).toMatch(
      /manual is skill after-sales of server shop: quarantined \(its files changed since they were pinned at 2026-12-01T00:00:00.000Z \(sha256 ffffffffffff -> [0-9a-f]{12}\)/,
    );
    const catalog = await runCli(['catalog', '--config', configPath], cliEnv(home));
    expect(catalog.stdout).toMatch(/Skills from servers[\s\S]*quarantined\s+after-sales\s+shop\s+its files changed/);
  }, 60_000);
});
