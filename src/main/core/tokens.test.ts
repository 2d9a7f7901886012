import { afterAll, describe, expect, it } from 'vitest';
import type { ModelToolDefinition } from '../../shared/catalog';
import { closeTokenCounter, estimateTokens, estimateToolTokens, tokenCounterRunning, toolDefinitionText } from './tokens';

const queryOrder: ModelToolDefinition = {
  name: 'query_order',
  description: '查询当前账号最近的订单，可按商品关键词过滤',
  inputSchema: { type: 'object', properties: { keyword: { type: 'string' }, days: { type: 'integer' } } },
};

afterAll(() => closeTokenCounter());

describe('estimateTokens', () => {
  it('counts o200k_base tokens', async () => {
    expect(await estimateTokens('')).toBe(0);
    expect(await estimateTokens('hello world')).toBe(2);
    const zh = await estimateTokens('上周买的AirPods Pro还没收到，帮我看看送到哪了');
    expect(zh).toBeGreaterThan(5);
    expect(zh).toBeLessThan(30);
  });

  it('treats special-token text as plain text instead of throwing', async () => {
    expect(await estimateTokens('<|endoftext|>')).toBeGreaterThan(1);
  });

  it('counts a 1 MB word in linear time, without blocking the event loop', async () => {
    // Before: js-tiktoken's BPE on one 20 KB piece took ~37 s on the event loop (quadratic in the piece).
    let worst = 0;
    let last = performance.now();
    const lag = setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - last - 10);
      last = now;
    }, 10);
    try {
      await estimateTokens('warm'); // the worker's start-up is not what this measures
      const small = 'x'.repeat(100_000);
      const big = 'x'.repeat(1_000_000);
      let started = performance.now();
      const smallCount = await estimateTokens(small);
      const smallMs = performance.now() - started;
      started = performance.now();
      const bigCount = await estimateTokens(big);
      const bigMs = performance.now() - started;
      // 'x' * 256 slices: within one token per slice of 10× the smaller count.
      expect(Math.abs(bigCount - 10 * smallCount)).toBeLessThanOrEqual(bigCount / 256 + 1);
      // Linear: 10× the text costs ~10× the time (quadratic would be 100×); generous for a shared machine.
      expect(bigMs).toBeLessThan(Math.max(40 * smallMs, 2_000));
    } finally {
      clearInterval(lag);
    }
    expect(worst).toBeLessThan(250);
  }, 60_000);
});

describe('estimateToolTokens', () => {
  it('counts each definition as sent to the model, and a longer description costs more', async () => {
    expect(await estimateToolTokens([])).toEqual([]);
    const [one] = await estimateToolTokens([queryOrder]);
    expect(one).toBe(await estimateTokens(toolDefinitionText(queryOrder)));
    const longer = { ...queryOrder, description: `${queryOrder.description}。运单号请从订单结果里取，不要凭用户口述。` };
    const [a, b] = await estimateToolTokens([longer, queryOrder]);
    expect(a).toBeGreaterThan(one);
    expect(b).toBe(one);
  });

  it('serves a counted definition from the cache, even as a new object, and the worker exits when idle', async () => {
    await estimateToolTokens([queryOrder]);
    const started = performance.now();
    const [again] = await estimateToolTokens([{ ...queryOrder, inputSchema: { ...queryOrder.inputSchema } }]);
    expect(performance.now() - started).toBeLessThan(50);
    expect(again).toBeGreaterThan(0);
    await closeTokenCounter();
    expect(tokenCounterRunning()).toBe(false);
    // Cached: answering needs no worker.
    expect(await estimateToolTokens([queryOrder])).toEqual([again]);
    expect(tokenCounterRunning()).toBe(false);
  });
});
