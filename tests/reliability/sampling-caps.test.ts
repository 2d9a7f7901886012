import { describe, expect, it } from 'vitest';
import type { SamplingView, ServerRequestView, ServerView } from '../../src/shared/contract';
import { openAiStream, startOpenAiCompatibleServer } from '../support/providers';
import { data } from './helpers/headless-host';
import { deferUntilAfterAll, startHostileConsole, tempDataDir } from './helpers/hostile-console';
import { startHostileMcpProcess } from './helpers/hostile-mcp-process';

/**
 * Issue 25 (minor): a hostile server (a real process) asks the client for sampling with `maxTokens: 100000000` and
 * 4 MB of text; once the operator approved it, both reached the model unchanged. Now the request is bounded before
 * the operator sees it (maxTokens by agent.model.maxTokens, the text by the sampling budget, each with a note on the
 * card), an edit over the cap is refused, and what the provider receives is bounded.
 */
const defer = deferUntilAfterAll();

describe('an approved sampling request', () => {
  it('reaches the model with maxTokens and text bounded by the model settings, with a note to the operator', async () => {
    const dir = await tempDataDir('sb-sampling-', defer);
    const hostile = await startHostileMcpProcess({ HOSTILE_SAMPLING: '1' });
    defer(() => hostile.stop());
    const model = await startOpenAiCompatibleServer([
      openAiStream({ toolCalls: [{ name: 'ask_model', arguments: {} }] }),
      openAiStream({ text: 'a short summary' }), // the sampling request's completion
      openAiStream({ text: 'done' }),
    ]);
    defer(() => model.close());
    const { rpc } = await startHostileConsole(
      dir,
      {
        model: { baseUrl: model.baseUrl, apiKeyEnv: 'SB_SAMPLING_KEY', timeoutMs: 30_000, maxTokens: 2_000 },
        server: { url: hostile.url },
        mounts: { ask: 'ask_model' },
      },
      defer,
    );
    for (let i = 0; i < 300; i++) {
      const servers = data(await rpc.request<{ servers: ServerView[] }>('servers.list')).servers;
      if (servers.find((s) => s.name === 'hostile')?.status === 'connected') break;
      await new Promise((r) => setTimeout(r, 100));
    }

    const { id } = data(await rpc.request<{ id: string }>('chat.create', { actingIdentity: 'u1001' }));
    const { turnId } = data(
      await rpc.request<{ turnId: string }>('chat.send', { conversationId: id, text: 'ask the model' }),
    );
    const opened = (await rpc.waitForEvent<ServerRequestView>(
      'requests.opened',
      (r) => r.kind === 'sampling',
      60_000,
    )) as SamplingView;
    // What the operator reviews is already bounded, and says what the server asked for.
    expect(opened.request.maxTokens).toBe(2_000);
    expect(opened.request.limits).toMatchObject({
      requestedMaxTokens: 100_000_000,
      maxTokens: 2_000,
      textBytes: 4 * 1024 * 1024,
      textLimit: 200_000,
    });
    expect(Buffer.byteLength(opened.request.messages[0].text)).toBeLessThanOrEqual(200_000);
    expect(opened.request.messages[0].text).toMatch(/\[… 4194304 bytes, cut to 200000 by the host\]$/);
    // Raising it past the model settings is refused with a reason.
    expect(await rpc.request('requests.sample', { id: opened.id, maxTokens: 100_000 })).toMatchObject({
      ok: false,
      error: { code: 'bad_request', message: expect.stringContaining('agent.model.maxTokens') },
    });

    data(await rpc.request('requests.sample', { id: opened.id }));
    await rpc.waitForEvent<ServerRequestView>(
      'requests.updated',
      (r) => r.id === opened.id && r.kind === 'sampling' && r.stage === 'answered',
      60_000,
    );
    data(await rpc.request('requests.reply', { id: opened.id }));
    expect(
      (await rpc.waitForEvent<{ turnId: string; status: string }>('turn.finished', (p) => p.turnId === turnId, 60_000))
        .status,
    ).toBe('completed');

    // The provider's request for the sampling completion: bounded tokens and text.
    const sent = model.requests[1].body as { max_tokens?: number; messages: { content: string }[] };
    expect(sent.max_tokens).toBe(2_000);
    expect(JSON.stringify(sent).length).toBeLessThan(250_000);
  }, 180_000);
});
