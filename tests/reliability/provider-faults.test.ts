import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startRuntimeHarness, type RuntimeHarness } from '../support/agent/runtime-harness';
import { createOpenAiCompatibleProvider } from '../../src/main/core/providers/openai-compatible';
import {
  openAiError,
  openAiStream,
  startOpenAiCompatibleServer,
  type ScriptedResponse,
  type ScriptedServer,
} from '../support/providers';

/**
 * Fault 6: the model endpoint answers 429, 500, or cuts the stream. The turn ends with a clear error,
 * everything the conversation had (and what this turn did before the fault) is kept, a half-streamed
 * tool call never runs, and the next send works against the same history.
 */
let harness: RuntimeHarness | undefined;
let model: (ScriptedServer & { baseUrl: string }) | undefined;
let raw: Server | undefined;
afterEach(async () => {
  await harness?.close();
  await model?.close();
  raw?.closeAllConnections();
  await new Promise<void>((resolve) => (raw ? raw.close(() => resolve()) : resolve()));
  harness = model = raw = undefined;
});

type Body = {
  messages: { role: string; content?: string | null; tool_calls?: { id: string }[]; tool_call_id?: string }[];
};
const settings = (baseUrl: string) => ({
  provider: 'openai-compatible' as const,
  baseUrl,
  model: 'test-model',
  timeoutMs: 5000,
});

/** Counts what a conversation holds, to compare before and after a fault. */
function tally(h: RuntimeHarness, id: string) {
  const c = h.store.get(id);
  return {
    items: c.items.length,
    messages: c.messages.length,
    turns: c.turns.length,
    records: h.records.list({ conversationId: id }).length,
  };
}

/** The frames of a stream that stops after some text and half a tool call: no finish_reason, no [DONE]. */
function cutStream(): ScriptedResponse {
  const whole = openAiStream({
    text: ['我先', '查一下'],
    toolCalls: [{ name: 'cancel_order', arguments: { orderNo: 'BS1001011' } }],
  });
  if (whole.kind !== 'sse') throw new Error('expected sse');
  return { kind: 'sse', frames: whole.frames.slice(0, 5) }; // role, two texts, tool call head, first argument piece
}

/** Every tool message answers a tool call made earlier in the same request: the history stays valid. */
function expectValidHistory(body: unknown): void {
  const asked = new Set<string>();
  for (const m of (body as Body).messages) {
    for (const call of m.tool_calls ?? []) asked.add(call.id);
    if (m.role === 'tool') expect(asked.has(m.tool_call_id!)).toBe(true);
  }
}

const FAULTS: Record<string, { fault: ScriptedResponse; error: RegExp }> = {
  '429 rate limit': {
    fault: openAiError(429, 'Rate limit reached for requests'),
    error: /rate_limited.*HTTP 429.*Rate limit reached/,
  },
  '500 server error': { fault: openAiError(500, 'upstream exploded'), error: /server.*HTTP 500.*upstream exploded/ },
  'a stream cut before finish_reason': { fault: cutStream(), error: /bad_response.*without a finish_reason/ },
};

describe('provider faults', () => {
  it.each(Object.entries(FAULTS))(
    '%s after a tool round: clear error, nothing lost, half-made calls never run, a retry works',
    async (_name, { fault, error }) => {
      // Turn 1 succeeds (one tool round). Turn 2: one tool round, then the fault. Turn 3 is the retry.
      const script: ScriptedResponse[] = [
        openAiStream({ toolCalls: [{ name: 'query_order', arguments: { keyword: '耳机' } }] }),
        openAiStream({ text: '找到两笔订单' }),
        openAiStream({ toolCalls: [{ name: 'query_order', arguments: { keyword: '键盘' } }] }),
        fault,
        openAiStream({ text: '好的，重试成功' }),
      ];
      model = await startOpenAiCompatibleServer(script);
      const provider = createOpenAiCompatibleProvider(settings(model.baseUrl), 'sk-test');
      harness = await startRuntimeHarness({ provider: () => provider });
      harness.autoDecide(() => 'approve');
      const { id } = await harness.agent.create('u1001');
      expect((await harness.agent.send(id, '我的耳机订单').done).status).toBe('completed');
      const before = tally(harness, id);

      const failed = await harness.agent.send(id, '那键盘呢').done;
      expect(failed.status).toBe('error');
      expect(failed.error).toMatch(error);
      const after = tally(harness, id);
      // Kept: all of turn 1, and turn 2's user message, its tool call and record, its error status.
      expect(after.records).toBe(before.records + 1);
      expect(after.turns).toBe(before.turns + 1);
      expect(harness.store.get(id).turns.at(-1)).toMatchObject({ status: 'error', error: failed.error });
      const items = harness.store.get(id).items;
      expect(items.slice(0, before.items)).toEqual(harness.store.get(id).items.slice(0, before.items));
      expect(items.filter((i) => i.kind === 'tool').map((i) => (i as { toolName: string }).toolName)).toEqual([
        'query_order',
        'query_order',
      ]);
      // Lost: only the half-streamed reply. The cut stream's cancel_order never ran and was never asked for.
      expect(harness.shop.store.writesExecuted).toBe(0);
      expect(harness.approvals.list()).toEqual([]);
      expect(harness.seen.some((e) => e.name === 'approvals.requested')).toBe(false);

      const retry = await harness.agent.send(id, '再试一次').done;
      expect(retry.status).toBe('completed');
      expect(harness.store.get(id).items.at(-1)).toMatchObject({ kind: 'assistant', text: '好的，重试成功' });
      // The retry carried the whole history, including turn 2's tool result, and it is well-formed.
      const retryBody = model.requests.at(-1)!.body as Body;
      expectValidHistory(retryBody);
      expect(retryBody.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([
        '我的耳机订单',
        '那键盘呢',
        '再试一次',
      ]);
      expect(retryBody.messages.filter((m) => m.role === 'tool')).toHaveLength(2);
      expect(tally(harness, id).records).toBe(after.records);
    },
  );

  it('a server that reuses tool-call ids keeps every call: items, records and the history sent back', async () => {
    model = await startOpenAiCompatibleServer([
      openAiStream({
        toolCalls: [
          { id: 'dup', name: 'query_order', arguments: { keyword: '耳机' } },
          { id: 'dup', name: 'query_coupons', arguments: {} },
        ],
      }),
      openAiStream({ toolCalls: [{ id: 'dup', name: 'query_order', arguments: { keyword: '键盘' } }] }),
      openAiStream({ text: 'ok' }),
    ]);
    const provider = createOpenAiCompatibleProvider(settings(model.baseUrl), 'sk-test');
    const intents = (await import('yaml')).parse(
      (await import('../../src/main/demo-shop/default-config')).demoShopConfigText(),
    ).intents;
    intents[0].children.push({
      id: 'coupons',
      name: 'coupons',
      kind: 'mcp',
      toolId: 'query_coupons',
      confirm: 'never',
    });
    harness = await startRuntimeHarness({ provider: () => provider, intents });
    const { id } = await harness.agent.create('u1001');
    expect((await harness.agent.send(id, 'x').done).status).toBe('completed');
    const tools = harness.store.get(id).items.filter((i) => i.kind === 'tool');
    expect(tools.map((t) => [t.id, (t as { toolName: string }).toolName])).toEqual([
      ['dup', 'query_order'],
      ['dup_2', 'query_coupons'],
      ['dup_3', 'query_order'],
    ]);
    expect(
      harness.records
        .list({ conversationId: id })
        .map((r) => r.callId)
        .sort(),
    ).toEqual(['dup', 'dup_2', 'dup_3']);
    const last = model.requests.at(-1)!.body as Body;
    expectValidHistory(last);
    expect(last.messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id)).toEqual([
      'dup',
      'dup_2',
      'dup_3',
    ]);
  });

  it('the server dies mid-stream (socket destroyed): a network/bad_response error, partial text kept, retry works', async () => {
    let requests = 0;
    raw = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        requests++;
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const frames = openAiStream({ text: requests === 1 ? ['部分', '回答'] : ['第二次成功'] });
        if (frames.kind !== 'sse') return;
        if (requests === 1) {
          res.write(frames.frames.slice(0, 3).join(''));
          setTimeout(() => res.socket?.destroy(), 30); // the process behind the endpoint died
        } else res.end(frames.frames.join(''));
      });
    });
    await new Promise<void>((resolve) => raw!.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(raw.address() as AddressInfo).port}/v1`;
    const provider = createOpenAiCompatibleProvider(settings(baseUrl), 'sk-test');
    harness = await startRuntimeHarness({ provider: () => provider });
    const { id } = await harness.agent.create('u1001');

    const failed = await harness.agent.send(id, 'hello').done;
    expect(failed.status).toBe('error');
    expect(failed.error).toMatch(/model error \((network|bad_response|server)\)/);
    const conversation = harness.store.get(id);
    expect(conversation.items.map((i) => i.kind)).toEqual(['user', 'assistant']);
    expect(conversation.items[1]).toMatchObject({ text: '部分回答' });

    expect((await harness.agent.send(id, 'again').done).status).toBe('completed');
    expect(harness.store.get(id).items.map((i) => i.kind)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(harness.store.get(id).turns.map((t) => t.status)).toEqual(['error', 'completed']);
  });
});
