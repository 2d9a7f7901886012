import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { demoShopBundle } from '../../demo-shop/bundle';
import { demoShopConfigText } from '../../demo-shop/default-config';
import { DEMO_SHOP_KNOWLEDGE } from '../../demo-shop/knowledge';
import { searchKnowledgeTool } from '../../../shared/catalog/local-tools';
import { coreParts, createCore, type Core, type CoreOptions, type CoreParts } from '../app';
import { genericConfigText } from './default-config';

const dirs: string[] = [];
const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function freshCore(options: Partial<CoreOptions> = {}): Promise<Core & CoreParts> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sb-default-config-'));
  dirs.push(dataDir);
  const core = await createCore({ dataDir, watchConfig: false, log: () => undefined, ...options });
  cores.push(core);
  return { ...core, ...coreParts(core) };
}

describe("a fresh data directory's config", () => {
  it('without the demo shop handed in: the generic config, with no server, no intent, no prompt and no shop word', async () => {
    const core = await freshCore();
    const text = await readFile(core.config.path, 'utf8');
    expect(text).toBe(genericConfigText());
    expect(text).not.toMatch(/shop|比特|builtin|order|customer/i);
    const config = core.config.current();
    expect(config.agent.mcp.servers).toEqual([]);
    expect(config.intents).toEqual([]);
    expect(config.skills).toEqual([]);
    expect(config.agent.systemPrompt).toBeUndefined();
    expect(core.config.snapshot().problems).toEqual([]);
    // Nothing embedded to reset.
    expect(await core.services.settings.resetBuiltinData()).toEqual({ reset: false });
    // The knowledge search describes no shop's policies.
    const [knowledge] = core.tools.catalog.current().catalog.localTools;
    expect(knowledge.name).toBe('search_knowledge');
    expect(JSON.stringify(knowledge)).not.toMatch(/shop|比特|退货|order|customer/i);
  });

  it("with the demo shop's bundle: the shop's config file, its embedded server, prompt and intents", async () => {
    const core = await freshCore({ ...demoShopBundle(), oneShot: true });
    expect(await readFile(core.config.path, 'utf8')).toBe(demoShopConfigText());
    const config = core.config.current();
    expect(config.agent.mcp.servers).toEqual([expect.objectContaining({ name: 'shop', builtin: 'shop' })]);
    expect(config.agent.systemPrompt).toContain('比特严选');
    expect(config.intents.map((node) => node.id)).toEqual(['shop', 'policies']);
    // search_knowledge tells the model the knowledge base is the shop's policies.
    const [knowledge] = core.tools.catalog.current().catalog.localTools;
    expect(knowledge).toEqual(searchKnowledgeTool(DEMO_SHOP_KNOWLEDGE));
    expect(knowledge.description).toContain('比特严选的政策知识库');
  });
});
