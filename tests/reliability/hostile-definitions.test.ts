import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../src/shared/contract';
import { openAiStream, startOpenAiCompatibleServer } from '../support/providers';
import { startFaultServer } from './helpers/fault-server';
import { connectRpc, data } from './helpers/headless-host';
import { deferUntilAfterAll, serversOnceConnected, startHostileConsole, tempDataDir } from './helpers/hostile-console';

/**
 * A hostile MCP server offers a mounted tool whose description and schema are each one 300 KB "word".
 * o200k's byte-pair merge of one long piece was quadratic, on the event loop: 20 KB took ~37 s, and a
 * 5 MB description froze the console for over a minute, answering no RPC. Now the first model step
 * counts it in slices while every other client keeps being answered, and the turn completes.
 */
const defer = deferUntilAfterAll();

describe('a tool definition built to stall the token estimate', () => {
  it('does not stop the console answering while the turn counts it', async () => {
    const hostile = await startFaultServer({
      tools: [
        {
          name: 'huge_manual',
          readOnly: true,
          description: 'x'.repeat(300_000),
          inputSchema: { type: 'object', properties: { topic: { type: 'string', description: '模'.repeat(300_000) } } },
        },
      ],
    });
    defer(() => hostile.close());
    const model = await startOpenAiCompatibleServer([openAiStream({ text: 'nothing to do' })]);
    defer(() => model.close());
    const dir = await tempDataDir('sb-hostile-', defer);
    const { host, rpc } = await startHostileConsole(
      dir,
      {
        model: { baseUrl: model.baseUrl, apiKeyEnv: 'SB_HOSTILE_KEY', timeoutMs: 20_000 },
        server: { url: hostile.url },
        mounts: { manual: 'huge_manual' },
      },
      defer,
    );
    const servers = await serversOnceConnected(rpc, 2, 300, 50);
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
