import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { ExecutionRecord, RecordSummary, ServerView } from '../../src/shared/contract';
import { demoShopConfigText } from '../../src/main/demo-shop/default-config';
import { openAiError, openAiStream, startOpenAiCompatibleServer, type ScriptedServer } from '../support/providers';
import { STDIO_FIXTURE } from '../support/mcp/stdio-peers';
import { connectRpc, data, startHostProcess, type HostProcess, type RpcClient } from './helpers/headless-host';

/**
 * Headless mode takes the model API key from the environment. A real turn through the scripted
 * OpenAI-compatible server (which receives the key, proving it was used) and a 401 whose body echoes
 * the key, then: the key string appears in no WebSocket frame, no file in the data directory, not in
 * the host's stdout/stderr, and not in the environment a stdio MCP child was started with.
 */
const KEY = `KEY${randomBytes(16).toString('hex')}`; // no "sk-" prefix: only exact-match redaction can hide it
const ENV_NAME = 'SB_RELIABILITY_MODEL_KEY';

let dir: string;
let host: HostProcess | undefined;
let rpc: RpcClient | undefined;
let model: (ScriptedServer & { baseUrl: string }) | undefined;
afterAll(async () => {
  rpc?.close();
  await host?.stop();
  await model?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

function configText(baseUrl: string): string {
  const config = parse(demoShopConfigText());
  config.agent.model = {
    provider: 'openai-compatible',
    baseUrl,
    model: 'test-model',
    apiKeyEnv: ENV_NAME,
    timeoutMs: 10_000,
  };
  config.agent.mcp.servers.push({ name: 'fixture', ...STDIO_FIXTURE });
  config.intents.push({
    id: 'env',
    name: 'env',
    kind: 'mcp',
    toolId: 'print_env',
    server: 'fixture',
    confirm: 'never',
  });
  return stringify(config);
}

function allFiles(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    return statSync(path).isDirectory() ? allFiles(path) : [path];
  });
}

describe('API keys never leave main', () => {
  it('the env key drives a real turn but is in no frame, file, log or stdio child environment', async () => {
    model = await startOpenAiCompatibleServer([
      openAiStream({
        toolCalls: [
          { name: 'query_order', arguments: { keyword: '耳机' } },
          { name: 'print_env', arguments: {} },
        ],
      }),
      openAiStream({ text: '查到了' }),
      openAiError(401, `Incorrect API key provided: ${KEY}. You can find your key at https://example.invalid`),
    ]);
    dir = await mkdtemp(join(tmpdir(), 'sb-keys-'));
    await writeFile(join(dir, 'switchboard.yaml'), configText(model.baseUrl));
    host = await startHostProcess(dir, { [ENV_NAME]: KEY });
    rpc = await connectRpc(host.port, host.token);

    // Both MCP servers up before the turn, so the tools are visible.
    let servers: ServerView[] = [];
    for (let i = 0; i < 200 && !(servers.length === 2 && servers.every((s) => s.status === 'connected')); i++) {
      servers = data(await rpc.request<{ servers: ServerView[] }>('servers.list')).servers;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(servers.map((s) => [s.name, s.status])).toEqual([
      ['shop', 'connected'],
      ['fixture', 'connected'],
    ]);

    const { id } = data(await rpc.request<{ id: string }>('chat.create', { actingIdentity: 'u1001' }));
    const first = data(
      await rpc.request<{ turnId: string }>('chat.send', { conversationId: id, text: '我的耳机订单' }),
    );
    expect(
      await rpc.waitForEvent<{ turnId: string; status: string }>('turn.finished', (p) => p.turnId === first.turnId),
    ).toMatchObject({ status: 'completed' });
    const second = data(await rpc.request<{ turnId: string }>('chat.send', { conversationId: id, text: '再来' }));
    const failed = await rpc.waitForEvent<{ turnId: string; status: string; error: string }>(
      'turn.finished',
      (p) => p.turnId === second.turnId,
    );
    expect(failed.status).toBe('error');
    expect(failed.error).toMatch(/auth/);

    // Read back everything a console would show.
    const records = data(await rpc.request<RecordSummary[]>('records.list', {}));
    const full = await Promise.all(
      records.map(async (r) => data(await rpc!.request<ExecutionRecord>('records.get', { id: r.id }))),
    );
    for (const route of ['chat.list', 'settings.get', 'config.get', 'servers.list', 'catalog.get', 'approvals.list'])
      expect((await rpc.request(route)).ok, route).toBe(true);
    data(await rpc.request('chat.get', { conversationId: id }));
    expect(data(await rpc.request<{ apiKey: { set: boolean; source: string } }>('settings.get')).apiKey).toMatchObject({
      set: true,
      source: 'env',
    });

    // Survived: the key reached the model endpoint on every request...
    expect(model.requests.map((r) => r.headers.authorization)).toEqual([
      `Bearer ${KEY}`,
      `Bearer ${KEY}`,
      `Bearer ${KEY}`,
    ]);
    // ...and the stdio child really ran and reported its environment, which lacks the key.
    const envRecord = full.find((r) => r.tool === 'print_env')!;
    expect(envRecord.status).toBe('success');
    const childEnv = JSON.parse((envRecord.result as { content: { text: string }[] }).content[0].text) as Record<
      string,
      string
    >;
    expect(childEnv.PATH).toBe(process.env.PATH); // PATH and HOME pass through; nothing else of the host's
    expect(Object.keys(childEnv)).not.toContain(ENV_NAME);
    expect(JSON.stringify(childEnv)).not.toContain(KEY);
    expect(full.find((r) => r.tool === 'query_order')?.status).toBe('success');

    await host.stop();
    // Lost (as it should be): the key, everywhere else.
    expect(rpc.frames.length).toBeGreaterThan(20);
    expect(rpc.frames.filter((f) => f.includes(KEY))).toEqual([]);
    const files = allFiles(dir);
    expect(files.some((f) => f.endsWith('records.jsonl'))).toBe(true);
    expect(files.some((f) => f.includes('conversations'))).toBe(true);
    for (const file of files) expect(readFileSync(file, 'utf8').includes(KEY), file).toBe(false);
    expect(host.stdout()).not.toContain(KEY);
    expect(host.stderr()).not.toContain(KEY);
  });
});
