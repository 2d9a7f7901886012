import { describe, expect, it } from 'vitest';
import { createAnthropicProvider } from './anthropic';
import { collectEvents } from './collect-events';
import {
  anthropicError,
  anthropicStream,
  paced,
  sseFrame,
  startAnthropicServer,
} from '../../../../tests/support/providers';
import { providerFailure, scriptedProviderKit } from '../../../../tests/support/providers/provider-test-kit';
import type { ModelToolDefinition } from './types';

const KEY = 'sk-ant-test-SECRET-987654321';
const tools: ModelToolDefinition[] = [
  {
    name: 'query_logistics',
    description: 'Track a parcel by trackingNo',
    inputSchema: { type: 'object', properties: { trackingNo: { type: 'string' } }, required: ['trackingNo'] },
  },
];

const { setup, request, failureOn } = scriptedProviderKit({
  start: startAnthropicServer,
  create: (baseUrl, timeoutMs) =>
    createAnthropicProvider({ provider: 'anthropic', baseUrl, model: 'claude-test', timeoutMs, maxTokens: 512 }, KEY),
  tools,
  question: 'where is my parcel',
});

const textDelta = (index: number, text: string) =>
  sseFrame({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } }, 'content_block_delta');
const startFrames = [
  sseFrame(
    {
      type: 'message_start',
      message: {
        id: 'm',
        type: 'message',
        role: 'assistant',
        content: [],
        model: 'x',
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 3, output_tokens: 1 },
      },
    },
    'message_start',
  ),
  sseFrame({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }, 'content_block_start'),
];

describe('Anthropic provider', () => {
  it('streams text and a tool_use assembled from input_json_delta fragments', async () => {
    const { provider } = await setup([
      anthropicStream({
        text: ['Let me ', 'check.'],
        toolUses: [{ id: 'toolu_1', name: 'query_logistics', arguments: { trackingNo: 'BIT9100000233' } }],
        usage: { input_tokens: 120, output_tokens: 30 },
      }),
    ]);
    expect(provider.label).toMatch(/^claude-test via 127\.0\.0\.1:\d+$/);
    const events = await collectEvents(provider.stream(request()));
    expect(events.filter((event) => event.type !== 'toolInputPartial')).toEqual([
      { type: 'text', delta: 'Let me ' },
      { type: 'text', delta: 'check.' },
      {
        type: 'toolCall',
        call: { id: 'toolu_1', name: 'query_logistics', arguments: { trackingNo: 'BIT9100000233' } },
      },
      { type: 'done', stopReason: 'tool_calls', usage: { inputTokens: 120, outputTokens: 30 } },
    ]);
  });

  it('reports the tool input as it streams, throttled, before the complete tool_use', async () => {
    const args = { trackingNo: 'BIT9100000233', note: 'leave at the door, ring twice' };
    const { provider } = await setup([
      paced(anthropicStream({ toolUses: [{ id: 'toolu_7', name: 'query_logistics', arguments: args }] }), 120),
    ]);
    const events = await collectEvents(provider.stream(request()));
    const partials = events.flatMap((event) => (event.type === 'toolInputPartial' ? [event] : []));
    const json = JSON.stringify(args);
    // Three fragments 120 ms apart: each is due; the raw text grows and each is a prefix of the final input.
    expect(partials.length).toBeGreaterThanOrEqual(2);
    expect(partials[0]).toEqual({
      type: 'toolInputPartial',
      callId: 'toolu_7',
      name: 'query_logistics',
      json: json.slice(0, partials[0].json.length),
    });
    for (const [n, partial] of partials.entries()) {
      expect(json.startsWith(partial.json)).toBe(true);
      if (n > 0) expect(partial.json.length).toBeGreaterThan(partials[n - 1].json.length);
    }
    const callAt = events.findIndex((event) => event.type === 'toolCall');
    expect(events.findLastIndex((event) => event.type === 'toolInputPartial')).toBeLessThan(callAt);
    expect(events[callAt]).toEqual({
      type: 'toolCall',
      call: { id: 'toolu_7', name: 'query_logistics', arguments: args },
    });
  });

  it('sends system separately, tools as input_schema, and groups consecutive tool results', async () => {
    const { provider, server } = await setup([anthropicStream({ text: 'Done.' })]);
    const events = await collectEvents(
      provider.stream(
        request({
          messages: [
            { role: 'user', content: '查订单和物流' },
            {
              role: 'assistant',
              content: '好的',
              toolCalls: [
                { id: 't1', name: 'query_order', arguments: { keyword: 'AirPods' } },
                { id: 't2', name: 'query_logistics', arguments: { trackingNo: 'BIT1' } },
              ],
            },
            { role: 'tool', toolCallId: 't1', name: 'query_order', content: '{"orders":[]}' },
            { role: 'tool', toolCallId: 't2', name: 'query_logistics', content: 'not found', isError: true },
            { role: 'assistant', content: '' },
            { role: 'user', content: '谢谢' },
          ],
        }),
      ),
    );
    expect(events.at(-1)).toEqual({ type: 'done', stopReason: 'end', usage: { inputTokens: 12, outputTokens: 7 } });

    const sent = server.requests[0];
    expect(sent.path).toBe('/v1/messages');
    // This SDK generation sends the key as a bearer token; older ones used x-api-key.
    expect(sent.headers['x-api-key'] ?? sent.headers.authorization).toContain(KEY);
    expect(sent.body).toMatchObject({
      model: 'claude-test',
      max_tokens: 512,
      stream: true,
      system: 'You are the Bit Select assistant.',
    });
    const body = sent.body as { tools: unknown; messages: unknown };
    expect(body.tools).toEqual([
      { name: 'query_logistics', description: 'Track a parcel by trackingNo', input_schema: tools[0].inputSchema },
    ]);
    expect(body.messages).toEqual([
      { role: 'user', content: '查订单和物流' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: '好的' },
          { type: 'tool_use', id: 't1', name: 'query_order', input: { keyword: 'AirPods' } },
          { type: 'tool_use', id: 't2', name: 'query_logistics', input: { trackingNo: 'BIT1' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: '{"orders":[]}' },
          { type: 'tool_result', tool_use_id: 't2', content: 'not found', is_error: true },
        ],
      },
      { role: 'user', content: '谢谢' },
    ]);
  });

  it('maps stop_reason max_tokens', async () => {
    const { provider } = await setup([anthropicStream({ text: 'long…', stopReason: 'max_tokens' })]);
    const events = await collectEvents(provider.stream(request()));
    expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'max_tokens' });
  });

  it('maps 401 to auth without leaking the key', async () => {
    const err = await failureOn([anthropicError(401, 'authentication_error', `invalid x-api-key ${KEY}`)]);
    expect(err).toMatchObject({ code: 'auth', status: 401 });
    expect(err.message).not.toContain(KEY);
    expect(err.message).not.toContain('SECRET');
    // The console gets the sentence as codes (the hint nested); the model and the CLI read the same English as before.
    expect(err.uiMessage).toMatchObject({
      code: 'provider.authFailed',
      params: { status: 401, hint: { code: 'provider.hint.checkKey' } },
    });
    expect(err.message).toMatch(
      /^claude-test via 127\.0\.0\.1:\d+: authentication failed \(HTTP 401\)\. Check the API key\. Server said: /,
    );
    expect(err.uiMessage?.text).toBe(err.message);
  });

  it.each([
    [429, 'rate_limit_error', 'rate_limited'],
    [500, 'api_error', 'server'],
    [529, 'overloaded_error', 'server'],
    [400, 'invalid_request_error', 'config'],
  ] as const)('maps HTTP %i (%s) to %s', async (status, type, code) => {
    const { provider, server } = await setup([anthropicError(status, type, 'nope')]);
    const err = await providerFailure(collectEvents(provider.stream(request())));
    expect(err).toMatchObject({ code, status });
    expect(server.requests).toHaveLength(1);
  });

  it('maps an error event inside the stream', async () => {
    const frames = [
      ...startFrames,
      sseFrame({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, 'error'),
    ];
    const err = await failureOn([{ kind: 'sse', frames }]);
    expect(err.code).toBe('server');
  });

  it('reports malformed tool input JSON as bad_response', async () => {
    const err = await failureOn([
      anthropicStream({ toolUses: [{ name: 'query_logistics', arguments: '{"trackingNo": ' }] }),
    ]);
    expect(err.code).toBe('bad_response');
  });

  it('reports a malformed event payload as bad_response', async () => {
    const err = await failureOn([
      { kind: 'sse', frames: [...startFrames, 'event: content_block_delta\ndata: {"type":\n\n'] },
    ]);
    expect(err.code).toBe('bad_response');
  });

  it('reports a stream cut before message_stop as bad_response', async () => {
    const err = await failureOn([{ kind: 'sse', frames: [...startFrames, textDelta(0, 'half')] }]);
    expect(err.code).toBe('bad_response');
  });

  it('times out when the server never responds', async () => {
    const err = await failureOn([{ kind: 'hang' }], 200);
    expect(err.code).toBe('timeout');
  });

  it('aborts mid-stream when the caller signals Stop', async () => {
    const { provider } = await setup([{ kind: 'sse', frames: [...startFrames, textDelta(0, 'hi')], thenHang: true }]);
    const controller = new AbortController();
    const run = (async () => {
      for await (const event of provider.stream(request({ signal: controller.signal })))
        if (event.type === 'text') controller.abort();
    })();
    const err = await providerFailure(run);
    expect(err.code).toBe('aborted');
  });

  it('fails with config when no key or model is set, without calling the server', async () => {
    const { server: started } = await setup([]);
    const noKey = createAnthropicProvider(
      { provider: 'anthropic', baseUrl: started.baseUrl, model: 'm', apiKeyEnv: 'ANTHROPIC_API_KEY' },
      undefined,
    );
    const noKeyErr = await providerFailure(collectEvents(noKey.stream(request())));
    expect(noKeyErr.code).toBe('config');
    const host = new URL(started.baseUrl).host;
    expect(noKeyErr.message).toBe(`m via ${host}: no API key is set (env ANTHROPIC_API_KEY is empty)`);
    expect(noKeyErr.uiMessage).toEqual({
      code: 'provider.noApiKeyEnvEmpty',
      params: { label: `m via ${host}`, env: 'ANTHROPIC_API_KEY' },
      text: noKeyErr.message,
    });
    const noModel = createAnthropicProvider({ provider: 'anthropic', baseUrl: started.baseUrl }, KEY);
    const noModelErr = await providerFailure(collectEvents(noModel.stream(request())));
    expect(noModelErr.code).toBe('config');
    expect(noModelErr.message).toBe(`(no model) via ${host}: settings.model is required for the Anthropic provider`);
    expect(noModelErr.uiMessage?.code).toBe('provider.anthropicModelRequired');
    expect(started.requests).toHaveLength(0);
  });
});
