import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerSkillView } from '../../src/shared/skills/server-skills';
import { createQuietTestCore, type TestCore } from '../support/core';
import { waitFor } from '../support/wait-for';

let core: TestCore | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await core?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  core = undefined;
  dataDir = undefined;
});

const ctx = { transport: 'internal' as const };

describe('the default config: after-sales takes its manual from the embedded shop', () => {
  it('skills.servers shows the shop skill verified and used by after-sales; a stale accept is refused; load_skill reads the manual from the shop', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sb-server-skills-'));
    core = await createQuietTestCore(dataDir);
    await core.whenServersSettled();
    const servers = await core.dispatch('skills.servers', {}, ctx);
    expect(servers).toMatchObject({ ok: true });
    const { skills, listings } = (servers as { ok: true; data: { skills: ServerSkillView[]; listings: unknown[] } })
      .data;
    expect(listings).toEqual([expect.objectContaining({ server: 'shop', state: 'listed' })]);
    expect(skills).toEqual([
      expect.objectContaining({
        server: 'shop',
        name: 'after-sales',
        state: 'verified',
        usedBy: 'after-sales',
        files: 1,
      }),
    ]);
    // Nothing is quarantined: accepting is a conflict, and the router says so cleanly.
    const accept = await core.dispatch(
      'skills.acceptServerSkill',
      { server: 'shop', name: 'after-sales', digest: 'f'.repeat(64) },
      ctx,
    );
    expect(accept).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(core.tools.catalog.explain('apply_refund').layers.find((l) => l.layer === 'gated')?.detail).toMatch(
      /after-sales's manual is skill after-sales of server shop: verified$/,
    );

    const { id } = await core.runtime.agent.create('u1001');
    await core.runtime.agent.send(id, '/call load_skill {"name":"after-sales"}').done;
    const item = core.runtime.agent.get(id).items.find((i) => i.kind === 'tool') as {
      status: string;
      resultText: string;
    };
    expect(item).toMatchObject({ status: 'success' });
    expect(item.resultText).toContain('2. 向用户确认退款原因，再调用 apply_refund。');
    // Pinned in the data directory at first sight.
    await core.close();
    core = undefined;
    const pins = JSON.parse(await readFile(join(dataDir, 'skill-pins.json'), 'utf8')) as {
      servers: Record<string, Record<string, { digest: string }>>;
    };
    expect(pins.servers.shop['after-sales'].digest).toBe(skills[0].digest);
  });

  it("lists a server's skills again when it says its resources changed (notifications/resources/list_changed, stdio)", async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sb-server-skills-'));
    const fixture = join(import.meta.dirname, '../support/mcp/skills-server.mjs');
    const config = {
      agent: {
        model: { provider: 'demo' },
        mcp: { servers: [{ name: 'stdio-skills', command: process.execPath, args: [fixture, 'stdio'] }] },
      },
      intents: [],
      skills: [],
    };
    await writeFile(join(dataDir, 'switchboard.yaml'), stringify(config));
    core = await createQuietTestCore(dataDir);
    await core.whenServersSettled();
    const returns = () => core!.serverSkills.views().find((v) => v.name === 'returns');
    expect(returns()).toMatchObject({ state: 'verified', description: 'returns handbook' });
    // No config skill names it: load_skill still loads it (its SKILL.md body is the manual; it unlocks nothing).
    const load = async () => {
      const { id } = await core!.runtime.agent.create('u1001');
      await core!.runtime.agent.send(id, '/call load_skill {"name":"returns"}').done;
      return core!.runtime.agent.get(id).items.find((i) => i.kind === 'tool') as { status: string; resultText: string };
    };
    const loaded = await load();
    expect(loaded).toMatchObject({ status: 'success' });
    expect(loaded.resultText).toContain('# Returns\nAsk for the reason.');
    await core.tools.connections.callTool('stdio-skills', 'retitle_returns', {});
    // No reconnect, no rediscovery, no ttl: the notification alone brings the new version in, held against its pin.
    const changed = await waitFor(
      () => (returns()?.description === 'returns handbook, second edition' ? returns() : undefined),
      5_000,
      'the re-listed skill',
    );
    expect(changed).toMatchObject({ state: 'quarantined' });
    // Quarantined: no longer offered; asked for by name, the model is told why (server-skills-withheld.test.ts).
    const held = await load();
    expect(held.status).toBe('error');
    expect(held.resultText).not.toContain('Ask for the reason.');
    expect(held.resultText).toMatch(/from server stdio-skills cannot be loaded: .*quarantined until the operator/);
  });
});
