import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { stringify } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerSkillView } from '../../src/shared/skills/server-skills';
import { formatMessage, type UiMessage } from '../../src/shared/i18n-message';
import zhMessages from '../../src/renderer/src/locales/zh-CN/messages.json';
import { createQuietTestCore, type TestCore } from '../support/core';

/**
 * load_skill asked for a server skill that is held back and that no config skill names: it says why (quarantined
 * until the operator accepts the change, or refused) instead of "No skill named X", and the skill stays out of what
 * the model is offered. Real processes: tests/support/mcp/skills-server.mjs, whose `paged` scenario is a v2-SDK
 * server in strict 2026-07-28 mode.
 */
let core: TestCore | undefined;
let dataDir: string | undefined;
let child: ChildProcess | undefined;
afterEach(async () => {
  await core?.close();
  child?.kill('SIGTERM');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  core = undefined;
  dataDir = undefined;
  child = undefined;
});

async function skillsServer(): Promise<string> {
  child = spawn(process.execPath, [join(import.meta.dirname, '../support/mcp/skills-server.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child!.stdout! }).once('line', resolve);
    child!.once('exit', (code) => reject(new Error(`skills server exited with ${code}`)));
  });
  return (JSON.parse(line) as { url: string }).url;
}

const ctx = { transport: 'internal' as const };

/** zh-CN/messages.json's nested namespaces as the flat codes main's messages use (`serverSkill.changed`). */
const flat = (tree: object, prefix = ''): Record<string, string> =>
  Object.assign(
    {},
    ...Object.entries(tree).map(([key, value]) =>
      typeof value === 'string' ? { [prefix + key]: value } : flat(value as object, `${prefix}${key}.`),
    ),
  ) as Record<string, string>;

describe('load_skill names why a server skill is held back', () => {
  it('a quarantined skill (changed on a strict 2026-07-28 server) and a refused one: the reason, not "No skill named"; neither is offered; accepted, it loads', async () => {
    const base = await skillsServer();
    dataDir = await mkdtemp(join(tmpdir(), 'sb-skills-withheld-'));
    const servers = [
      { name: 'handbooks', url: `${base}/paged/mcp` },
      { name: 'liar', url: `${base}/wrong-digest/mcp` },
    ];
    await writeFile(
      join(dataDir, 'switchboard.yaml'),
      stringify({ agent: { model: { provider: 'demo' }, mcp: { servers } }, intents: [], skills: [] }),
    );
    core = await createQuietTestCore(dataDir);
    await core.whenServersSettled();
    expect(core.tools.connections.state('handbooks')).toMatchObject({ protocolVersion: '2026-07-28' });
    const view = (name: string) => core!.serverSkills.views().find((v) => v.name === name);
    expect(view('after-sales')).toMatchObject({ server: 'handbooks', state: 'verified' });
    expect(view('lying')).toMatchObject({ server: 'liar', state: 'refused' });

    // The server changes the manual; listed again, it no longer matches its pin.
    const changed = await fetch(`${base}/control/change?scenario=paged`, { method: 'POST' });
    expect(changed.ok).toBe(true);
    await core.serverSkills.refresh('handbooks');
    const held = view('after-sales') as ServerSkillView;
    expect(held).toMatchObject({ state: 'quarantined', reason: { code: 'serverSkill.changed' } });

    // Not offered: load_skill's enum holds the verified skills only.
    const loadSkill = core.tools.catalog.current().catalog.localTools.find((t) => t.name === 'load_skill');
    const offered = (loadSkill?.inputSchema as unknown as { properties: { name: { enum: string[] } } }).properties.name
      .enum;
    expect(offered).toEqual(expect.arrayContaining(['returns', 'good-one']));
    expect(offered).not.toContain('after-sales');
    expect(offered).not.toContain('lying');

    const load = async (name: string) => {
      const { id } = await core!.runtime.agent.create('u1001');
      await core!.runtime.agent.send(id, `/call load_skill ${JSON.stringify({ name })}`).done;
      return core!.runtime.agent.get(id).items.find((i) => i.kind === 'tool') as {
        status: string;
        resultText: string;
        message?: UiMessage;
      };
    };
    const quarantined = await load('after-sales');
    expect(quarantined.status).toBe('error');
    expect(quarantined.resultText).toMatch(
      /^Skill "after-sales" from server handbooks cannot be loaded: its files changed since they were pinned at .*: quarantined until the operator accepts the change\.$/,
    );
    expect(quarantined.resultText).not.toContain('Refund without checking');
    expect(quarantined.message).toMatchObject({
      code: 'localTool.serverSkillWithheld',
      params: { name: 'after-sales', server: 'handbooks', reason: { code: 'serverSkill.changed' } },
    });
    // The console shows the same sentence in Chinese, the nested reason translated too.
    expect(formatMessage(flat(zhMessages), quarantined.message!)).toMatch(
      /^来自服务器 handbooks 的技能“after-sales”无法加载：其文件在 .* 固定后已变更.*已隔离，直到操作员接受此变更。$/,
    );

    const refused = await load('lying');
    expect(refused.status).toBe('error');
    expect(refused.resultText).toMatch(
      /^Skill "lying" from server liar cannot be loaded: file skill:\/\/lying\/SKILL\.md failed/,
    );

    // A name no server publishes still lists what exists.
    expect((await load('nothing-like-it')).resultText).toMatch(/^No skill named "nothing-like-it"\. Available: /);

    // The operator accepts the change: the new manual loads.
    const accepted = await core.dispatch(
      'skills.acceptServerSkill',
      { server: 'handbooks', name: 'after-sales', digest: held.digest },
      ctx,
    );
    expect(accepted).toMatchObject({ ok: true });
    const loaded = await load('after-sales');
    expect(loaded.status).toBe('success');
    expect(loaded.resultText).toContain('Refund without checking.');
  });
});
