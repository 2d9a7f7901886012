import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { Conversation, ServerView } from '../../src/shared/contract';
import { demoShopConfigText } from '../../src/main/demo-shop/default-config';
import { openAiStream, startOpenAiCompatibleServer, type ScriptedServer } from '../support/providers';
import { startFaultServer, type FaultServer } from './helpers/fault-server';
import { connectRpc, data, startHostProcess, type HostProcess, type RpcClient } from './helpers/headless-host';

/**
 * A hostile MCP server offers a mounted tool whose description and schema are each one 300 KB "word".
 * o200k's byte-pair merge of one long piece was quadratic, on the event loop: 20 KB took ~37 s, and a
 * 5 MB description froze the console for over a minute, answering no RPC. Now the first model step
 * counts it in slices while every other client keeps being answered, and the turn completes.
 */
let dir: string | undefined;
let host: HostProcess | undefined;
let rpc: RpcClient | undefined;
let model: (ScriptedServer & { baseUrl: string }) | undefined;
let hostile: FaultServer | undefined;
afterAll(async () => {
  rpc?.close();
  await host?.stop('SIGKILL');
  await model?.close();
  await hostile?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a tool definition built to stall the token estimate', () => {
  it('does not stop the console answering while the turn counts it', async () => {
    hostile = await startFaultServer({
      tools: [
        {
          name: 'huge_manual',
          readOnly: true,
          description: 'x'.repeat(300_000),
          inputSchema: { type: 'object', properties: { topic: { type: 'string', description: '模'.repeat(300_000) } } },
        },
      ],
    });
    model = await startOpenAiCompatibleServer([openAiStream({ text: 'nothing to do' })]);
    const config = parse(demoShopConfigText());
    config.agent.model = {
      provider: 'openai-compatible',
      baseUrl: model.baseUrl,
      model: 'test-model',
      apiKeyEnv: 'SB_HOSTILE_KEY',
      timeoutMs: 20_000,
    };
    config.agent.mcp.servers.push({ name: 'hostile', url: hostile.url });
    config.intents.push({
      id: 'manual',
      name: 'manual',
      kind: 'mcp',
      toolId: 'huge_manual',
      server: 'hostile',
      confirm: 'never',
    });
    dir = await mkdtemp(join(tmpdir(), 'sb-hostile-'));
    await writeFile(join(dir, 'switchboard.yaml'), stringify(config));
    host = await startHostProcess(dir, { SB_HOSTILE_KEY: 'k' });
    rpc = await connectRpc(host.port, host.token);
    let servers: ServerView[] = [];
    for (let i = 0; i < 300 && !(servers.length === 2 && servers.every((s) => s.status === 'connected')); i++) {
      servers = data(await rpc.request<{ servers: ServerView[] }>('servers.list')).servers;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(servers.map((s) => s.status)).toEqual(['connected', 'connected']);

    // A second client probes the console while the first one's turn runs.
    const probe = await connectRpc(host.port, host.token);
    const { id } = data(await rpc.request<{ id: string }>('chat.create', { actingIdentity: 'u1001' }));
    const { turnId } = data(await rpc.request<{ turnId: string }>('chat.send', { conversationId: id, text: 'hello' }));
    const finished = rpc.waitForEvent<{ turnId: string; status: string }>(
      'turn.finished',
      (p) => p.turnId === turnId,
      60_000,
    );
    let done = false;
    void finished.finally(() => (done = true)).catch(() => undefined);
    const latencies: number[] = [];
    while (!done && latencies.length < 400) {
      const started = performance.now();
      const answered = await Promise.race([
        probe.request('config.get').then(() => true),
        new Promise((r) => setTimeout(() => r(false), 5_000)),
      ]);
      latencies.push(answered ? performance.now() - started : Infinity);
      if (!answered) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    probe.close();
    expect((await finished).status).toBe('completed');
    expect(Math.max(...latencies)).toBeLessThan(1_500);

    // The step recorded a count for the hostile tool, and the model was sent its definition.
    const conversation = data(await rpc.request<Conversation>('chat.get', { conversationId: id }));
    const tool = conversation.turns[0].steps[0].tools.find((t) => t.name === 'huge_manual');
    // Counted as sent: the description and the schema's 300 KB text are both capped (issue 25: schema-cap.ts).
    expect(tool?.tokens).toBeGreaterThan(0);
    expect(tool?.tokens).toBeLessThan(10_000);
    expect(tool?.capped).toBe(true);
    expect(JSON.stringify(model.requests[0].body)).toContain('huge_manual');
    // What the model received is capped (agent.mcp.maxDescriptionBytes, 8 KiB by default), with a note; explain says so.
    const sent = (
      model.requests[0].body as { tools: { function: { name: string; description: string } }[] }
    ).tools.find((t) => t.function.name === 'huge_manual')!;
    expect(sent.function.description.length).toBeLessThan(8_192 + 200);
    expect(sent.function.description).toMatch(/\[… description truncated by the host: 8192 of 300000 bytes shown\]$/);
    const explained = data(
      await rpc.request<{ layers: { layer: string; detail: string }[] }>('catalog.explain', { toolId: 'huge_manual' }),
    );
    expect(explained.layers.find((l) => l.layer === 'visible')!.detail).toContain(
      '300,000 bytes, cut to the first 8,192 for the model',
    );
  }, 120_000);
});
