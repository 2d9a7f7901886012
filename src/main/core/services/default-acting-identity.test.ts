import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQuietTestCore, type TestCore } from '../../../../tests/support/core';
import { DEMO_SHOP_ACTING_IDENTITY } from '../../demo-shop/bundle';
import { CONFIG_FILE_NAME } from '../config/config-store';

/** switchboard.yaml as the first release wrote it: no `agent.defaultActingIdentity`. */
const FIRST_RELEASE_CONFIG = await readFile(
  fileURLToPath(new URL('../../../../tests/support/config/switchboard-first-release.yml', import.meta.url)),
  'utf8',
);

/**
 * Issue 29: who calls act as when nobody names an identity is the application's (its bundle's: the demo shop's
 * customer), not a constant of the generic code. Without one, nobody is assumed.
 */
let dir: string;
let core: TestCore | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-default-identity-'));
});
afterEach(async () => {
  await core?.close();
  core = undefined;
  await rm(dir, { recursive: true, force: true });
});

const CASES = `defaults: {}
cases:
  - name: no identity named
    messages: [我的优惠券]
  - name: u1002's
    customer: u1002
    messages: [我的优惠券]
`;

const actingAs = async (c: TestCore) =>
  Object.fromEntries((await c.services.workbench.listTests()).cases.map((t) => [t.name, t.actingIdentity]));

describe('the default acting identity', () => {
  it("with the demo shop's bundle: settings.get says u1001, and cases that name nobody act as u1001", async () => {
    await writeFile(join(dir, 'cases.yaml'), CASES);
    core = await createQuietTestCore(dir);
    expect(DEMO_SHOP_ACTING_IDENTITY).toBe('u1001');
    // Through the route, its output checked against the contract.
    expect(await core.dispatch('settings.get', {}, { transport: 'internal' })).toMatchObject({
      ok: true,
      data: { defaultActingIdentity: 'u1001' },
    });
    expect(core.services.settings.defaultActingIdentity()).toBe('u1001');
    const cases = await actingAs(core);
    expect(cases['no identity named']).toBe('u1001');
    expect(cases["u1002's"]).toBe('u1002');
    // The intent tree's examples too.
    expect(
      Object.entries(cases)
        .filter(([name]) => name.includes('('))
        .every(([, who]) => who === 'u1001'),
    ).toBe(true);
  });

  it('another default comes from the entry point that builds the core, not from the generic code', async () => {
    core = await createQuietTestCore(dir, { defaultActingIdentity: 'agent_7' });
    expect(core.services.settings.view().defaultActingIdentity).toBe('agent_7');
    expect(new Set(Object.values(await actingAs(core)))).toEqual(new Set(['agent_7']));
  });

  it('without one: settings.get names none, and a case that names nobody fails saying an identity is needed', async () => {
    await writeFile(join(dir, 'cases.yaml'), CASES);
    core = await createQuietTestCore(dir, { defaultActingIdentity: undefined });
    expect(core.services.settings.view()).not.toHaveProperty('defaultActingIdentity');
    expect(core.services.settings.defaultActingIdentity()).toBeUndefined();
    expect((await actingAs(core))['no identity named']).toBe('');
    const ran = await core.services.workbench.runTests(['case:no identity named'], 'none');
    expect(ran).toMatchObject({ passed: 0, failed: 1 });
    const result = await core.services.workbench.testResult('case:no identity named');
    expect(result.failed.join(' ')).toContain('the case names no acting identity and there is no default');
    expect(result.transcript).toEqual([]);
  });

  it("an old config without the key keeps the demo shop's u1001; the config's key overrides it, read live", async () => {
    await writeFile(join(dir, CONFIG_FILE_NAME), FIRST_RELEASE_CONFIG);
    core = await createQuietTestCore(dir);
    expect(core.config.snapshot().problems).toEqual([]);
    expect(core.services.settings.view().defaultActingIdentity).toBe('u1001');

    const text = FIRST_RELEASE_CONFIG.replace(/^agent:\n/m, 'agent:\n  defaultActingIdentity: tester_1\n');
    expect(text).not.toBe(FIRST_RELEASE_CONFIG);
    await core.services.documents.saveText(text, core.services.documents.view().revision);
    expect(core.services.settings.view().defaultActingIdentity).toBe('tester_1');
    expect(core.services.settings.defaultActingIdentity()).toBe('tester_1');
    expect(new Set(Object.values(await actingAs(core)))).toEqual(new Set(['tester_1']));
  });

  it('a config key that is no identity is refused with the rule, naming its path', async () => {
    await writeFile(join(dir, CONFIG_FILE_NAME), 'agent:\n  defaultActingIdentity: "u 1001"\n');
    core = await createQuietTestCore(dir, { defaultActingIdentity: undefined });
    expect(core.config.snapshot().problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      'agent.defaultActingIdentity: an acting identity uses letters, digits, "_" or "-"',
    ]);
  });
});
