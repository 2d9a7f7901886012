import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConfigSnapshot, Result } from '../../src/shared/contract';
import { createTestCore, type TestCore as Core } from '../support/core';
import { waitFor } from '../support/wait-for';

/**
 * Fault 8: switchboard.yaml is broken by an outside editor while the app runs (file watch on). The
 * app keeps the last good config in memory, shows the problems, refuses structured edits, and never
 * overwrites the operator's broken file.
 */
const ctx = { transport: 'internal' as const };
let dir: string;
let core: Core;
let path: string;
const rpcErrors: string[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-corrupt-'));
  path = join(dir, 'switchboard.yaml');
  core = await createTestCore({ dataDir: dir, log: (line) => void (line.startsWith('[rpc]') && rpcErrors.push(line)) });
});
afterEach(async () => {
  await core.close();
  await rm(dir, { recursive: true, force: true });
});

const get = async () => ((await core.dispatch('config.get', {}, ctx)) as { ok: true; data: ConfigSnapshot }).data;

/** Writes like an editor would, then waits until the watcher has applied exactly this text. */
async function editOnDisk(text: string): Promise<ConfigSnapshot> {
  writeFileSync(path, text);
  await waitFor(() => core.config.snapshot().raw === text, 5000, 'the watcher to pick up the edit');
  return get();
}

/** Every structured edit the console offers, each must be refused while the file is broken. */
async function tryStructuredEdits(): Promise<Result<unknown>[]> {
  return [
    await core.dispatch('settings.saveModel', { provider: 'demo', maxSteps: 3 }, ctx),
    await core.dispatch('intents.save', { intents: [] }, ctx),
    await core.dispatch('skills.save', { skills: [] }, ctx),
    await core.dispatch('servers.remove', { name: 'shop' }, ctx),
  ];
}

const CASES: Record<string, { text: string; problem: RegExp }> = {
  'invalid YAML': { text: 'agent:\n  maxSteps: 8\n  model: [unclosed\nintents: {', problem: /YAML/ },
  'schema-invalid YAML': {
    text: 'agent:\n  maxSteps: lots\n  surprise: 1\nintents: []\n',
    problem: /maxSteps|surprise/,
  },
  'an alias bomb': {
    text: [
      'a: &a [x, x, x, x, x, x, x, x, x]',
      ...'bcdefgh'.split('').map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdefgh'[i]}`).join(', ')}]`),
      'agent: {}',
    ].join('\n'),
    problem: /alias|resource/i,
  },
  'a 5,000-level nested document': { text: `intents: ${'['.repeat(5000)}${']'.repeat(5000)}\n`, problem: /.+/ },
  'a 3,000-level intent tree': {
    text: `intents:\n  - ${Array.from({ length: 3000 }, (_, i) => `{id: n${i}, name: n, children: [`).join('')}${']}'.repeat(3000)}\n`,
    problem: /.+/,
  },
};

describe('config corruption while running', () => {
  it.each(Object.entries(CASES))(
    '%s: last good config kept, problems shown, structured edits refused, file not overwritten',
    async (_name, { text, problem }) => {
      const good = core.config.current();
      const goodText = readFileSync(path, 'utf8');
      const goodRevision = (await get()).revision;
      expect(good.agent.mcp.servers.map((s) => s.name)).toEqual(['shop']);

      const snapshot = await editOnDisk(text);
      // Kept: the last good config, in memory and in config.get.
      expect(core.config.current()).toEqual(good);
      expect(snapshot.config).toEqual(good);
      // Shown: the broken text and what is wrong with it.
      expect(snapshot).toMatchObject({ fileOk: false, raw: text });
      expect(snapshot.revision).toBeGreaterThan(goodRevision);
      expect(snapshot.problems.length).toBeGreaterThan(0);
      expect(snapshot.problems.map((p) => `${p.path} ${p.message}`).join('\n')).toMatch(problem);

      // Refused: every structured edit; the operator's file stays byte-for-byte what they wrote.
      for (const result of await tryStructuredEdits())
        expect(result).toMatchObject({ ok: false, error: { code: 'invalid_config' } });
      expect(readFileSync(path, 'utf8')).toBe(text);
      expect(core.config.current()).toEqual(good);
      // The rest of the console keeps answering from the last good config.
      expect(await core.dispatch('settings.get', {}, ctx)).toMatchObject({
        ok: true,
        data: { maxSteps: good.agent.maxSteps },
      });
      expect(await core.dispatch('catalog.get', {}, ctx)).toMatchObject({ ok: true });

      // Fixing the file on disk brings the app back, and edits work again.
      const fixed = await editOnDisk(goodText.replace(/maxSteps: \d+/, 'maxSteps: 5'));
      expect(fixed.fileOk).toBe(true);
      expect(core.config.current().agent.maxSteps).toBe(5);
      expect(await core.dispatch('settings.saveModel', { provider: 'demo', maxSteps: 6 }, ctx)).toMatchObject({
        ok: true,
      });
      expect(core.config.current().agent.maxSteps).toBe(6);
      expect(rpcErrors).toEqual([]);
    },
  );

  it('config.save of broken text is refused with the file untouched; a valid save from the console repairs a broken file', async () => {
    const original = readFileSync(path);
    for (const { text } of Object.values(CASES)) {
      const result = await core.dispatch('config.save', { raw: text }, ctx);
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_config' } });
      expect(readFileSync(path).equals(original)).toBe(true);
    }
    await editOnDisk(CASES['invalid YAML'].text);
    const repaired = original.toString().replace(/maxSteps: \d+/, 'maxSteps: 4');
    expect(await core.dispatch('config.save', { raw: repaired }, ctx)).toMatchObject({
      ok: true,
      data: { fileOk: true },
    });
    expect(readFileSync(path, 'utf8')).toBe(repaired);
    expect(core.config.current().agent.maxSteps).toBe(4);
    expect(rpcErrors).toEqual([]);
  });
});
