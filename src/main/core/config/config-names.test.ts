import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { demoShopBundle } from '../../demo-shop/bundle';
import { coreParts, createCore, type Core, type CoreOptions, type CoreParts } from '../app';
import { CONFIG_FILE_NAME } from './config-store';

/**
 * A config file as the first release wrote it (commit 0af5d8d, 2026-12-02), before the demo shop left the core:
 * `provider: demo` and `builtin: shop` are now names the demo shop's bundle registers, not words of the schema.
 */
const FIRST_RELEASE_CONFIG = await readFile(
  fileURLToPath(new URL('../../../../tests/support/config/switchboard-first-release.yml', import.meta.url)),
  'utf8',
);

const dirs: string[] = [];
const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A core over a data directory whose switchboard.yaml holds `text`. */
async function coreOver(text: string, options: Partial<CoreOptions> = {}): Promise<Core & CoreParts> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sb-config-names-'));
  dirs.push(dataDir);
  await writeFile(join(dataDir, CONFIG_FILE_NAME), text);
  const core = await createCore({ dataDir, watchConfig: false, oneShot: true, log: () => undefined, ...options });
  cores.push(core);
  return { ...core, ...coreParts(core) };
}

describe('builtin servers and model providers are names the entry point registers', () => {
  it("loads an old config file unchanged with the demo shop's bundle: builtin: shop, provider: demo", async () => {
    const core = await coreOver(FIRST_RELEASE_CONFIG, demoShopBundle());
    expect(core.config.snapshot().problems).toEqual([]);
    const config = core.config.current();
    expect(config.agent.mcp.servers).toEqual([expect.objectContaining({ name: 'shop', builtin: 'shop' })]);
    expect(config.agent.model.provider).toBe('demo');
    expect(config.intents.map((node) => node.id)).toEqual(['shop', 'policies']);
    expect(await readFile(core.config.path, 'utf8')).toBe(FIRST_RELEASE_CONFIG);
    expect(core.services.settings.view().model).toMatchObject({ provider: 'demo', label: 'offline demo model' });
  });

  it("a config that names no provider gets the bundle's first, as when demo was the schema's default", async () => {
    const withoutModel = FIRST_RELEASE_CONFIG.replace(/ {2}model:\n {4}provider: demo.*\n/, '');
    expect(withoutModel).not.toContain('provider');
    const core = await coreOver(withoutModel, demoShopBundle());
    expect(core.config.current().agent.model.provider).toBe('demo');
    // Without a bundle, the first vendor's.
    const generic = await coreOver('agent:\n  maxSteps: 8\n');
    expect(generic.config.current().agent.model.provider).toBe('openai-compatible');
  });

  it('refuses names this process does not have, each with its line and the names there are, and keeps the file', async () => {
    const text = FIRST_RELEASE_CONFIG.replace('builtin: shop', 'builtin: warehouse').replace(
      'provider: demo',
      'provider: gemini',
    );
    const core = await coreOver(text, demoShopBundle());
    const { problems, fileOk } = core.config.snapshot();
    expect(fileOk).toBe(false);
    expect(problems).toEqual([
      expect.objectContaining({
        path: 'agent.model.provider',
        line: 4,
        message: 'there is no model provider "gemini" here; the providers are "demo", "openai-compatible", "anthropic"',
        uiMessage: expect.objectContaining({ code: 'config.unknownProvider' }),
      }),
      expect.objectContaining({
        path: 'agent.mcp.servers.0.builtin',
        line: 10,
        message: 'there is no builtin server "warehouse" here; the builtin servers are "shop"',
        uiMessage: expect.objectContaining({
          code: 'config.unknownBuiltin',
          params: { name: 'warehouse', known: '"shop"' },
        }),
      }),
    ]);
    expect(await readFile(core.config.path, 'utf8')).toBe(text);
  });

  it('without the bundle, the old file is refused as naming what this build lacks, and not overwritten', async () => {
    const core = await coreOver(FIRST_RELEASE_CONFIG);
    expect(core.config.snapshot().problems.map((problem) => problem.message)).toEqual([
      'there is no model provider "demo" here; the providers are "openai-compatible", "anthropic"',
      'there is no builtin server "shop" here: this build embeds none',
    ]);
    expect(await readFile(core.config.path, 'utf8')).toBe(FIRST_RELEASE_CONFIG);
  });

  it('an edit that names an unknown builtin server is refused with the names, and nothing is written', async () => {
    const core = await coreOver(FIRST_RELEASE_CONFIG, demoShopBundle());
    await expect(core.services.servers.add({ name: 'stock', builtin: 'stock', enabled: true })).rejects.toMatchObject({
      name: 'Invalid',
      details: [
        expect.objectContaining({ message: 'there is no builtin server "stock" here; the builtin servers are "shop"' }),
      ],
    });
    expect(await readFile(core.config.path, 'utf8')).toBe(FIRST_RELEASE_CONFIG);
  });
});
