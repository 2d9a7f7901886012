import { describe, expect, it } from 'vitest';
import { collectEvents } from './collect-events';
import { createOpenAiCompatibleProvider } from './openai-compatible';
import {
  openAiError,
  openAiStream,
  paced,
  sseFrame,
  startOpenAiCompatibleServer,
} from '../../../../tests/support/providers';
import { providerFailure, scriptedProviderKit } from '../../../../tests/support/providers/provider-test-kit';
import type { ModelToolDefinition } from './types';

const KEY = 'sk-test-SECRET-0123456789';
const tools: ModelToolDefinition[] = [
  {
    name: 'query_order',
    description: 'Find the customer orders',
    inputSchema: { type: 'object', properties: { keyword: { type: 'string' } } },
  },
];

const { setup, request, failureOn } = scriptedProviderKit({
  start: startOpenAiCompatibleServer,
  create: (baseUrl, timeoutMs) =>
    createOpenAiCompatibleProvider(
      { provider: 'openai-compatible', baseUrl, model: 'qwen-test', temperature: 0.2, timeoutMs },
      KEY,
    ),
  tools,
  question: '上周买的AirPods Pro还没收到',
});

const textChunk = (content: string) =>
  sseFrame({
    id: 'x',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'm',
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
  });

describe('OpenAI-compatible provider', () => {
  it('streams text deltas and reports the label', async () => {
    const { provider } = await setup([
      openAiStream({ text: ['您好，', '我来帮您', '查一下。'], usage: { prompt_tokens: 42, completion_tokens: 9 } }),
    ]);
    expect(provider.label).toMatch(/^qwen-test via 127\.0\.0\.1:\d+$/);
    const events = await collectEvents(provider.stream(request()));
    expect(events).toEqual([
      { type: 'text', delta: '您好，' },
      { type: 'text', delta: '我来帮您' },
      { type: 'text', delta: '查一下。' },
      { type: 'done', stopReason: 'end', usage: { inputTokens: 42, outputTokens: 9 } },
    ]);
  });

  it('assembles tool calls split across chunks and sends the mapped request', async () => {
    const { provider, server } = await setup([
      openAiStream({
        text: '我先查一下订单。',
        toolCalls: [
          { id: 'call_a', name: 'query_order', arguments: { keyword: 'AirPods Pro', days: 14 } },
          { id: 'call_b', name: 'query_order', arguments: {} },
        ],
      }),
    ]);
    const events = await collectEvents(
      provider.stream(
        request({
          messages: [
            { role: 'user', content: 'where is my order' },
            {
              role: 'assistant',
              content: '',
              toolCalls: [{ id: 'c1', name: 'query_order', arguments: { keyword: 'AirPods' } }],
            },
            { role: 'tool', toolCallId: 'c1', name: 'query_order', content: '{"orders":[]}' },
            { role: 'tool', toolCallId: 'c2', name: 'query_logistics', content: 'denied', isError: true },
            { role: 'assistant', content: 'No orders found.' },
            { role: 'user', content: 'try again' },
          ],
        }),
      ),
    );
    expect(events.filter((event) => event.type !== 'toolInputPartial')).toEqual([
      { type: 'text', delta: '我先查一下订单。' },
      {
        type: 'toolCall',
        call: { id: 'call_a', name: 'query_order', arguments: { keyword: 'AirPods Pro', days: 14 } },
      },
      { type: 'toolCall', call: { id: 'call_b', name: 'query_order', arguments: {} } },
      { type: 'done', stopReason: 'tool_calls', usage: { inputTokens: 10, outputTokens: 5 } },
    ]);

    const sent = server.requests[0];
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.body).toMatchObject({ model: 'qwen-test', stream: true, temperature: 0.2 });
    const body = sent.body as { tools: unknown; messages: unknown };
    expect(body.tools).toEqual([
      {
        type: 'function',
        function: { name: 'query_order', description: 'Find the customer orders', parameters: tools[0].inputSchema },
      },
    ]);
    expect(body.messages).toEqual([
      { role: 'system', content: 'You are the Bit Select assistant.' },
      { role: 'user', content: 'where is my order' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'query_order', arguments: '{"keyword":"AirPods"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: '{"orders":[]}' },
      { role: 'tool', tool_call_id: 'c2', content: '[tool error] denied' },
      { role: 'assistant', content: 'No orders found.' },
      { role: 'user', content: 'try again' },
    ]);
  });

  it('reports the arguments of each tool call as they stream, throttled, before the complete calls', async () => {
    const args = { keyword: 'AirPods Pro 2nd generation', days: 14 };
    const { provider } = await setup([
      paced(openAiStream({ toolCalls: [{ id: 'call_s', name: 'query_order', arguments: args }] }), 120),
    ]);
    const events = await collectEvents(provider.stream(request()));
    const partials = events.flatMap((event) => (event.type === 'toolInputPartial' ? [event] : []));
    const json = JSON.stringify(args);
    expect(partials.length).toBeGreaterThanOrEqual(2);
    for (const [n, partial] of partials.entries()) {
      expect(partial).toMatchObject({ callId: 'call_s', name: 'query_order' });
      expect(partial.json.length).toBeGreaterThan(n > 0 ? partials[n - 1].json.length : 0);
      expect(json.startsWith(partial.json)).toBe(true);
    }
    const callAt = events.findIndex((event) => event.type === 'toolCall');
    expect(events.findLastIndex((event) => event.type === 'toolInputPartial')).toBeLessThan(callAt);
    expect(events[callAt]).toEqual({ type: 'toolCall', call: { id: 'call_s', name: 'query_order', arguments: args } });
  });

  it('omits the tools array when no tool is visible and maps finish_reason length', async () => {
    const { provider, server } = await setup([openAiStream({ text: 'cut', finishReason: 'length' })]);
    const events = await collectEvents(provider.stream(request({ tools: [] })));
    expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'max_tokens' });
    expect(server.requests[0].body).not.toHaveProperty('tools');
  });

  it('maps 401 to auth without leaking the key', async () => {
    const err = await failureOn([openAiError(401, `Incorrect API key provided: ${KEY}`)]);
    expect(err).toMatchObject({ code: 'auth', status: 401 });
    expect(err.message).not.toContain(KEY);
    expect(err.message).not.toContain('SECRET');
    expect(err.message).toMatch(/authentication failed/);
  });

  it.each([
    [403, 'auth', 'provider.authFailed'],
    [429, 'rate_limited', 'provider.rateLimited'],
    [500, 'server', 'provider.serverError'],
    [503, 'server', 'provider.serverError'],
    [404, 'config', 'provider.rejected'],
  ] as const)('maps HTTP %i to %s, its sentence as %s', async (status, code, messageCode) => {
    const { provider, server } = await setup([openAiError(status, 'nope')]);
    const err = await providerFailure(collectEvents(provider.stream(request())));
    expect(err).toMatchObject({ code, status });
    // The console translates the code; the model, the CLI and logs keep the English, the server's words inside it.
    expect(err.uiMessage).toMatchObject({ code: messageCode, params: { said: 'nope' }, text: err.message });
    expect(err.message).toContain('Server said: nope');
    expect(server.requests).toHaveLength(1); // maxRetries: 0 — the loop decides on retries
  });

  it('reports a malformed stream chunk as bad_response', async () => {
    const err = await failureOn([
      {
        kind: 'sse',
        frames: [sseFrame('{"id":"x","choices":[{"index":0,"delta":{"content":"hi"'), sseFrame('[DONE]')],
      },
    ]);
    expect(err.code).toBe('bad_response');
  });

  it('reports malformed tool-call JSON as bad_response', async () => {
    const err = await failureOn([
      openAiStream({ toolCalls: [{ name: 'query_order', arguments: '{"keyword": "Air' }] }),
    ]);
    expect(err.code).toBe('bad_response');
    expect(err.message).toContain('query_order');
  });

  it('reports a stream that stops without finish_reason as bad_response', async () => {
    const err = await failureOn([{ kind: 'sse', frames: [textChunk('half')] }]);
    expect(err.code).toBe('bad_response');
  });

  it('times out when the server never responds', async () => {
    const err = await failureOn([{ kind: 'hang' }], 200);
    expect(err.code).toBe('timeout');
  });

  it('times out when a stream goes silent midway', async () => {
    const err = await failureOn([{ kind: 'sse', frames: [textChunk('hi')], thenHang: true }], 200);
    expect(err.code).toBe('timeout');
  });

  it('aborts mid-stream when the caller signals Stop', async () => {
    const { provider } = await setup([{ kind: 'sse', frames: [textChunk('hi')], thenHang: true }]);
    const controller = new AbortController();
    const seen: string[] = [];
    const run = (async () => {
      for await (const event of provider.stream(request({ signal: controller.signal }))) {
        if (event.type === 'text') {
          seen.push(event.delta);
          controller.abort();
        }
      }
    })();
    const err = await providerFailure(run);
    expect(err.code).toBe('aborted');
    expect(seen).toEqual(['hi']);
  });

  it('reports an unreachable server as network', async () => {
    const { provider, server } = await setup([]);
    await server.close();
    const err = await providerFailure(collectEvents(provider.stream(request())));
    expect(err.code).toBe('network');
  });

  it('requires a model', async () => {
    const provider = createOpenAiCompatibleProvider(
      { provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1' },
      undefined,
    );
    const err = await providerFailure(collectEvents(provider.stream(request())));
    expect(err.code).toBe('config');
    expect(err.message).toBe(
      '(no model) via 127.0.0.1:9: settings.model is required for an OpenAI-compatible provider',
    );
    expect(err.uiMessage).toEqual({
      code: 'provider.openAiModelRequired',
      params: { label: '(no model) via 127.0.0.1:9' },
      text: err.message,
    });
  });

  it('hands the event loop back while it decodes a reply that arrived in one read', async () => {
    const { countLoopTurns } = await import('../../../../tests/support/loop-turns');
    const calls = Array.from({ length: 300 }, (_, i) => ({
      id: `c${i}`,
      name: 'query_order',
      arguments: { keyword: `耳机 ${i}` },
    }));
    const scripted = openAiStream({ toolCalls: calls });
    const body = (scripted as { frames: string[] }).frames.join('');
    // The whole reply is one chunk of the body: no I/O between its events, as when the server sent it before we read.
    const provider = createOpenAiCompatibleProvider(
      { provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1', model: 'm' },
      KEY,
      {
        fetch: async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
      },
    );
    const loop = countLoopTurns();
    const events = await collectEvents(provider.stream(request()));
    const turns = loop.turns;
    loop.stop();
    expect(events.filter((e) => e.type === 'toolCall')).toHaveLength(300);
    expect(turns).toBeGreaterThan(2); // before: every chunk decoded in one microtask drain (0-1 turns)
  });
});
