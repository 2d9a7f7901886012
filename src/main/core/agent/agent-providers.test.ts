import { parse } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import type { IntentNode } from '../../../shared/config/schema';
import { demoShopConfigText } from '../../demo-shop/default-config';
import { createAnthropicProvider } from '../providers/anthropic';
import { createOpenAiCompatibleProvider } from '../providers/openai-compatible';
import {
  anthropicStream,
  openAiError,
  openAiStream,
  paced,
  startAnthropicServer,
  startOpenAiCompatibleServer,
  type ScriptedServer,
} from '../../../../tests/support/providers';
import { startRuntimeHarness, type RuntimeHarness } from '../../../../tests/support/agent/runtime-harness';

let harness: RuntimeHarness | undefined;
let model: (ScriptedServer & { baseUrl: string }) | undefined;
afterEach(async () => {
  await harness?.close();
  await model?.close();
  harness = model = undefined;
});

type OpenAiBody = { tools?: { function: { name: string; description: string } }[]; messages: { role: string }[] };
const toolNames = (body: unknown) => ((body as OpenAiBody).tools ?? []).map((t) => t.function.name);
const describedAs = (body: unknown, name: string) =>
  (body as OpenAiBody).tools?.find((t) => t.function.name === name)?.function.description;

function overrideLogistics(description: string): IntentNode[] {
  const intents = parse(demoShopConfigText()).intents as IntentNode[];
  const shop = intents[0] as { children: Array<{ toolId?: string; description?: string }> };
  shop.children.find((n) => n.toolId === 'query_logistics')!.description = description;
  return intents;
}

describe('the real OpenAI SDK against a scripted OpenAI-compatible server', () => {
  it('sends the visible set: gated tool absent before load_skill, present after; an override appears on the next request', async () => {
    const delivered = () => harness!.shop.store.listOrders('u1001').find((o) => o.status === 'delivered')!.orderNo;
    model = await startOpenAiCompatibleServer((_req, index) => {
      if (index === 0) {
        // The operator saves a description override while the model is thinking: it applies from the next call.
        harness!.setIntents(overrideLogistics('OVERRIDDEN: 按运单号查物流'));
        return openAiStream({ toolCalls: [{ name: 'load_skill', arguments: { name: 'after-sales' } }] });
      }
      if (index === 1)
        return openAiStream({
          toolCalls: [{ name: 'apply_refund', arguments: { orderNo: delivered(), reason: '不合适' } }],
        });
      return openAiStream({ text: ['退款申请', '已提交'] });
    });
    const provider = createOpenAiCompatibleProvider(
      { provider: 'openai-compatible', baseUrl: model.baseUrl, model: 'test-model' },
      'sk-test',
    );
    harness = await startRuntimeHarness({ provider: () => provider });
    harness.autoDecide(() => 'approve');
    const { id } = await harness.agent.create('u1001');
    const result = await harness.agent.send(id, '我要退款').done;
    expect(result.status).toBe('completed');

    const bodies = model.requests.map((r) => r.body);
    expect(bodies).toHaveLength(3);
    expect(toolNames(bodies[0])).not.toContain('apply_refund');
    expect(toolNames(bodies[1])).toContain('apply_refund');
    expect(describedAs(bodies[0], 'query_logistics')).not.toContain('OVERRIDDEN');
    expect(describedAs(bodies[1], 'query_logistics')).toBe('OVERRIDDEN: 按运单号查物流');
    expect(toolNames(bodies[0]).slice(0, 2)).toEqual(['search_knowledge', 'load_skill']);
    expect((bodies[2] as OpenAiBody).messages.filter((m) => m.role === 'tool')).toHaveLength(2);
    expect(harness.shop.store.tickets.length).toBe(1);
    const last = harness.agent.get(id).items.at(-1);
    expect(last).toMatchObject({ kind: 'assistant', text: '退款申请已提交' });
  });

  it('a provider 401 ends the turn with an auth error that does not contain the key', async () => {
    model = await startOpenAiCompatibleServer([openAiError(401, 'Incorrect API key provided: sk-secret-123')]);
    const provider = createOpenAiCompatibleProvider(
      { provider: 'openai-compatible', baseUrl: model.baseUrl, model: 'm' },
      'sk-secret-123',
    );
    harness = await startRuntimeHarness({ provider: () => provider });
    const { id } = await harness.agent.create('u1001');
    const result = await harness.agent.send(id, 'hi').done;
    expect(result.status).toBe('error');
    expect(result.error).toContain('auth');
    expect(JSON.stringify(harness.agent.get(id))).not.toContain('sk-secret-123');
  });
});

describe('the real Anthropic SDK against a scripted Messages server', () => {
  it('runs a tool round trip and sends the tool result back', async () => {
    model = await startAnthropicServer([
      anthropicStream({ toolUses: [{ name: 'query_order', arguments: { keyword: 'AirPods' } }] }),
      anthropicStream({ text: '找到两笔订单' }),
    ]);
    const provider = createAnthropicProvider(
      { provider: 'anthropic', baseUrl: model.baseUrl, model: 'claude-test' },
      'sk-ant',
    );
    harness = await startRuntimeHarness({ provider: () => provider });
    const { id } = await harness.agent.create('u1001');
    expect((await harness.agent.send(id, '我的订单').done).status).toBe('completed');
    const second = model.requests[1].body as {
      messages: { role: string; content: unknown }[];
      tools: { name: string }[];
    };
    expect(second.tools.map((t) => t.name)).toContain('query_order');
    expect(JSON.stringify(second.messages.at(-1))).toContain('tool_result');
    expect(JSON.stringify(second.messages.at(-1))).toContain('AirPods');
  });
});

describe('a tool call whose input streams', () => {
  it('forwards the partial input as chat.toolInputPartial events, in order, before the call runs', async () => {
    const args = { keyword: 'AirPods Pro 2nd generation with USB-C' };
    model = await startAnthropicServer([
      paced(anthropicStream({ toolUses: [{ id: 'toolu_s', name: 'query_order', arguments: args }] }), 90),
      anthropicStream({ text: '找到了' }),
    ]);
    const provider = createAnthropicProvider(
      { provider: 'anthropic', baseUrl: model.baseUrl, model: 'claude-test' },
      'sk-ant',
    );
    harness = await startRuntimeHarness({
      provider: () => provider,
      toolMeta: { query_order: { ui: { resourceUri: 'ui://shop/orders.html' } } },
    });
    const { id } = await harness.agent.create('u1001');
    expect((await harness.agent.send(id, '我的订单').done).status).toBe('completed');

    const names = harness.seen.map((event) => event.name);
    const partials = harness.seen
      .filter((event) => event.name === 'chat.toolInputPartial')
      .map(
        (event) =>
          event.payload as { conversationId: string; callId: string; name: string; json: string; step: number },
      );
    expect(partials.length).toBeGreaterThanOrEqual(2);
    const json = JSON.stringify(args);
    for (const [n, partial] of partials.entries()) {
      expect(partial).toMatchObject({
        conversationId: id,
        callId: 'toolu_s',
        server: 'shop',
        name: 'query_order',
        step: 1,
      });
      expect(json.startsWith(partial.json)).toBe(true);
      expect(partial.json.length).toBeGreaterThan(n > 0 ? partials[n - 1].json.length : 0);
    }
    // Every partial went out before the call itself showed up (its tool item) in the conversation.
    expect(names.lastIndexOf('chat.toolInputPartial')).toBeLessThan(names.indexOf('tool.progressed'));
    expect(names.indexOf('tool.progressed')).toBeGreaterThan(0);
  });
});

describe('a streamed tool call without an app', () => {
  it('sends no partial input events: nothing listens for them', async () => {
    model = await startAnthropicServer([
      paced(
        anthropicStream({
          toolUses: [{ id: 'toolu_n', name: 'query_order', arguments: { keyword: 'AirPods Pro 2nd generation' } }],
        }),
        60,
      ),
      anthropicStream({ text: '好' }),
    ]);
    const provider = createAnthropicProvider(
      { provider: 'anthropic', baseUrl: model.baseUrl, model: 'claude-test' },
      'sk-ant',
    );
    harness = await startRuntimeHarness({ provider: () => provider });
    const { id } = await harness.agent.create('u1001');
    expect((await harness.agent.send(id, '我的订单').done).status).toBe('completed');
    expect(harness.seen.map((event) => event.name)).toContain('tool.progressed');
    expect(harness.seen.filter((event) => event.name === 'chat.toolInputPartial')).toEqual([]);
  });
});

describe('opening a conversation', () => {
  it('prepares the model provider (its SDK loads while the operator types), before any turn', async () => {
    let prepared = 0;
    const provider = {
      id: 'x',
      label: 'x',
      prepare: () => void prepared++,
      stream: async function* () {
        yield { type: 'done' as const, stopReason: 'end' as const };
      },
    };
    harness = await startRuntimeHarness({ provider: () => provider });
    expect(prepared).toBe(0);
    await harness.agent.create('u1001');
    expect(prepared).toBe(1);
  });
});

describe('a model stream that arrives at once', () => {
  it('is read in slices: the event loop turns while its events are handled', async () => {
    const { countLoopTurns } = await import('../../../../tests/support/loop-turns');
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    const turnsAt: number[] = [];
    const loop = countLoopTurns();
    const provider = {
      id: 'x',
      label: 'x',
      // Every event is ready (no I/O between them), as when one read brings the whole stream.
      stream: async function* () {
        for (let i = 0; i < 40; i++) {
          busy(0.5);
          turnsAt.push(loop.turns);
          yield { type: 'text' as const, delta: `${i} ` };
        }
        yield { type: 'done' as const, stopReason: 'end' as const };
      },
    };
    harness = await startRuntimeHarness({ provider: () => provider });
    const { id } = await harness.agent.create('u1001');
    const result = await harness.agent.send(id, 'hi').done;
    loop.stop();
    expect(result.status).toBe('completed');
    expect(turnsAt).toHaveLength(40);
    // 20 ms of decoding in one microtask drain before; now handed back every few milliseconds.
    expect(new Set(turnsAt).size).toBeGreaterThan(3);
  });
});
