import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { demoShopConfigText } from '../../demo-shop/default-config';
import { demoModelProviders } from '../../demo-shop/model-providers';
import { createCore, type Core } from '../app';
import type { ModelProvider } from '../providers/types';
import { FALLBACK_SYSTEM_PROMPT } from './system-prompt';

const dirs: string[] = [];
const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/**
 * The whole core on a fresh data directory, its `provider: demo` a model that keeps each request's system prompt. With
 * no config text, the first-run config is `defaultConfigText` (as an entry point hands it) or the core's generic one.
 */
async function systemPromptSent(configText?: string, defaultConfigText?: string): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sb-system-prompt-'));
  dirs.push(dataDir);
  if (configText) await writeFile(join(dataDir, 'switchboard.yaml'), configText);
  const systems: string[] = [];
  const model: ModelProvider = {
    id: 'demo',
    label: 'keeps the system prompt',
    async *stream(req) {
      systems.push(req.system);
      yield { type: 'text', delta: 'ok' };
      yield { type: 'done', stopReason: 'end' };
    },
  };
  const core = await createCore({
    dataDir,
    watchConfig: false,
    log: () => undefined,
    defaultConfigText,
    modelProviders: { demo: { ...demoModelProviders.demo!, create: () => model } },
    // The demo config's `builtin: shop` is a name to know; the prompt needs no shop running.
    builtinServers: {
      names: ['shop'],
      resolveBuiltin: () => Promise.reject(new Error('not in this test')),
      close: async () => {},
    },
  });
  cores.push(core);
  const conversation = await core.services.conversations.create('u1001');
  await core.services.conversations.send(conversation.id, 'hi').done;
  expect(systems).toHaveLength(1);
  return systems[0];
}

it("the model is told the default config's system prompt: the demo shop's rules come from its config", async () => {
  const system = await systemPromptSent(undefined, demoShopConfigText());
  expect(system).toContain('你是「比特严选」的客服助手');
  expect(system).toContain('query_order');
});

it("the core's generic first-run config has no system prompt: the fallback, which names no shop", async () => {
  const system = await systemPromptSent();
  expect(system.startsWith(FALLBACK_SYSTEM_PROMPT)).toBe(true);
  expect(system).not.toMatch(/比特|shop|order|customer/i);
});

it('a config without a system prompt gets the fallback, which names no shop', async () => {
  const system = await systemPromptSent('agent:\n  model:\n    provider: demo\nintents: []\n');
  expect(system.startsWith(FALLBACK_SYSTEM_PROMPT)).toBe(true);
  expect(system).not.toMatch(/比特|shop|order|customer/i);
});

it("a config's own system prompt is what the model is told", async () => {
  const system = await systemPromptSent('agent:\n  model:\n    provider: demo\n  systemPrompt: Answer in haiku.\n');
  expect(system.startsWith('Answer in haiku.')).toBe(true);
});
