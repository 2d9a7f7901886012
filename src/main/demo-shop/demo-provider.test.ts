import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKnowledgeBase, type KnowledgeBase } from '../core/knowledge/knowledge-base';
import { runSearchKnowledge } from '../core/knowledge/search-knowledge-tool';
import { collectEvents } from '../core/providers/collect-events';
import { ALL_SHOP_TOOL_NAMES, fakeShop, SHOP_TOOLS, toolsNamed } from '../../../tests/support/providers/fake-shop';
import { ProviderError, type ModelRequest } from '../core/providers/types';
import { createDemoProvider } from './demo-provider';
import { fixed, runTurn } from '../../../tests/support/providers/demo-harness';

const provider = createDemoProvider();
let kb: KnowledgeBase;
beforeAll(async () => {
  kb = await loadKnowledgeBase(fileURLToPath(new URL('../../../resources/knowledge', import.meta.url)));
});
const shopWithKnowledge = () =>
  fakeShop({ search_knowledge: (call) => ({ content: runSearchKnowledge(kb, call.arguments) }) });

const request = (
  text: string,
  toolNames = ALL_SHOP_TOOL_NAMES,
  signal = new AbortController().signal,
): ModelRequest => ({
  system: '',
  messages: [{ role: 'user', content: text }],
  tools: toolsNamed(...toolNames),
  signal,
});

describe('demo provider streaming', () => {
  it('has the fixed label and streams text in several small deltas, then done', async () => {
    expect(provider.label).toBe('offline demo model');
    const events = await collectEvents(provider.stream(request('你好')));
    const texts = events.filter((e) => e.type === 'text');
    expect(texts.length).toBeGreaterThan(3);
    expect(events.at(-1)).toEqual({ type: 'done', stopReason: 'end' });
  });

  it('ends a tool-calling step with stopReason tool_calls after the call', async () => {
    const events = await collectEvents(provider.stream(request('上周买的AirPods Pro还没收到')));
    expect(events.at(-2)).toMatchObject({ type: 'toolCall', call: { name: 'query_order' } });
    expect(events.at(-1)).toEqual({ type: 'done', stopReason: 'tool_calls' });
  });

  it('is deterministic', async () => {
    const a = await collectEvents(provider.stream(request('帮我取消键盘的订单')));
    const b = await collectEvents(provider.stream(request('帮我取消键盘的订单')));
    expect(a).toEqual(b);
  });

  it('throws ProviderError aborted when Stop is pressed mid-stream', async () => {
    const controller = new AbortController();
    const run = (async () => {
      for await (const event of provider.stream(request('hello', ALL_SHOP_TOOL_NAMES, controller.signal)))
        if (event.type === 'text') controller.abort();
    })();
    await expect(run).rejects.toSatisfy((e: unknown) => e instanceof ProviderError && e.code === 'aborted');
  });
});

describe('demo planner: policy questions and small talk', () => {
  it('「退货要多久」 searches the knowledge base and cites returns.md', async () => {
    const turn = await runTurn(provider, [], '退货要多久', fixed(Object.values(SHOP_TOOLS)), shopWithKnowledge());
    expect(turn.calls.map((c) => [c.name, c.arguments])).toEqual([['search_knowledge', { query: '退货要多久' }]]);
    expect(turn.answer).toContain('来源：returns.md');
  });

  it('English warranty question cites warranty.md', async () => {
    const turn = await runTurn(
      provider,
      [],
      'What is your warranty policy?',
      fixed(Object.values(SHOP_TOOLS)),
      shopWithKnowledge(),
    );
    expect(turn.calls[0].name).toBe('search_knowledge');
    expect(turn.answer).toContain('source: warranty.md');
  });

  it('「退款多久到账」 is a policy question, not a refund request', async () => {
    const turn = await runTurn(provider, [], '退款多久到账', fixed(Object.values(SHOP_TOOLS)), shopWithKnowledge());
    expect(turn.calls.map((c) => c.name)).toEqual(['search_knowledge']);
    expect(turn.answer).toContain('refund.md');
  });

  it('says nothing was found for an empty result, and calls nothing without search_knowledge', async () => {
    const empty = fakeShop({ search_knowledge: () => ({ content: '{"results":[]}' }) });
    const found = await runTurn(provider, [], '保修几年', fixed(Object.values(SHOP_TOOLS)), empty);
    expect(found.answer).toMatch(/没有找到相关说明/);
    const hidden = await runTurn(provider, [], '保修几年', fixed(toolsNamed('query_order')), empty);
    expect(hidden.calls).toEqual([]);
    expect(hidden.answer).toMatch(/无法查询政策知识库/);
  });

  it('small talk lists what the visible tools allow', async () => {
    const all = await runTurn(provider, [], 'hello', fixed(Object.values(SHOP_TOOLS)), fakeShop());
    expect(all.calls).toEqual([]);
    expect(all.answer).toMatch(/look up your orders.*track parcels/);
    // No tools at all is a plain completion (a server's sampling request): the demo model quotes what was asked.
    const none = await runTurn(provider, [], '你好', fixed([]), fakeShop());
    expect(none.answer).toBe(
      'Demo answer: you asked “你好”. (The offline demo model answers the same way every time.)',
    );
  });
});

describe('demo planner only calls visible tools', () => {
  const questions = [
    '上周买的AirPods Pro还没收到，帮我看看送到哪了',
    'where is my AirPods order',
    '帮我取消键盘的订单',
    'cancel my keyboard order',
    '我要退款',
    '充电器退款',
    'cancel my blender order',
    '退货要多久',
    'hello',
  ];
  // Every subset of the six shop tools, for every question, through a full turn.
  const subsets = Array.from({ length: 1 << ALL_SHOP_TOOL_NAMES.length }, (_, mask) =>
    ALL_SHOP_TOOL_NAMES.filter((_, bit) => mask & (1 << bit)),
  );

  it('never calls a tool missing from the request, for any visible subset', async () => {
    const shop = shopWithKnowledge();
    for (const names of subsets)
      for (const question of questions) {
        const turn = await runTurn(provider, [], question, fixed(toolsNamed(...names)), shop);
        for (const call of turn.calls) expect(names, `${question} with [${names}]`).toContain(call.name);
        expect(turn.answer.length).toBeGreaterThan(0);
      }
  });
});
