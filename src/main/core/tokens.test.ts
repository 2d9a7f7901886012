import fc from 'fast-check';
import { Tiktoken } from 'js-tiktoken/lite';
import o200kBase from 'js-tiktoken/ranks/o200k_base';
import { describe, expect, it, vi } from 'vitest';
import type { ModelToolDefinition } from '../../shared/catalog';
import { estimateTokens, estimateToolTokens, toolDefinitionText } from './tokens';

const queryOrder: ModelToolDefinition = {
  name: 'query_order',
  description: '查询当前账号最近的订单，可按商品关键词过滤',
  inputSchema: { type: 'object', properties: { keyword: { type: 'string' }, days: { type: 'integer' } } },
};

// The reference: js-tiktoken's o200k encoder, the estimator this one replaced (exact, but ~110 MB and quadratic).
let reference: Tiktoken | undefined;
const o200k = (text: string) => (reference ??= new Tiktoken(o200kBase)).encode(text, [], []).length;

describe('estimateTokens', () => {
  it('counts o200k_base tokens', async () => {
    expect(await estimateTokens('')).toBe(0);
    expect(await estimateTokens('hello world')).toBe(2);
    const zh = '上周买的AirPods Pro还没收到，帮我看看送到哪了';
    expect(await estimateTokens(zh)).toBe(o200k(zh));
  });

  it('treats special-token text as plain text instead of throwing', async () => {
    expect(await estimateTokens('<|endoftext|> and <|endofprompt|>')).toBe(o200k('<|endoftext|> and <|endofprompt|>'));
  });

  it('matches o200k exactly on any text: letters, CJK, emoji, marks, digits, whitespace runs', async () => {
    const alphabet = fc.constantFrom(
      ..."ab Z9 \n\t\r你好世界，。!?'sé́🙂中文 ﷺ".split(''),
      '🙂',
      'é',
      '\u0301',
      '   ',
      'tion',
      "'ll",
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(alphabet, { maxLength: 120 }).map((parts) => parts.join('')),
        async (text) => {
          expect(await estimateTokens(text)).toBe(o200k(text));
        },
      ),
      { numRuns: 300 },
    );
    for (const run of [
      'x'.repeat(700),
      'é'.repeat(300),
      '上'.repeat(500),
      '🙂'.repeat(200),
      '!'.repeat(600),
      ' '.repeat(500) + 'a',
    ])
      expect(await estimateTokens(run)).toBe(o200k(run));
  }, 120_000);

  it('counts a 2 MB word in parts of at most 4,096 characters, handing the event loop back between them', async () => {
    // Before: js-tiktoken's merge of one 20 KB piece took ~37 s (quadratic in the piece), all of it on the loop.
    // Checked by what the counter does, not by the clock: bounded parts make the cost linear in the text.
    await estimateTokens('warm the tables');
    const encodeInto = vi.spyOn(TextEncoder.prototype, 'encodeInto');
    let turns = 0;
    let turning = true;
    const turn = () => {
      turns++;
      if (turning) setImmediate(turn);
    };
    setImmediate(turn);
    try {
      const smallCount = await estimateTokens('x'.repeat(200_000));
      encodeInto.mockClear();
      const turnsBefore = turns;
      const bigCount = await estimateTokens('x'.repeat(2_000_000));
      const parts = encodeInto.mock.calls.map(([part]) => part.length);
      expect(Math.max(...parts)).toBeLessThanOrEqual(4_096);
      expect(parts.reduce((sum, n) => sum + n, 0)).toBe(2_000_000);
      // Merged in parts: at most about one token per part off from 10× the smaller count.
      expect(Math.abs(bigCount - 10 * smallCount)).toBeLessThanOrEqual(2_000_000 / 4_096 + 1);
      // The loop turned while it counted: other work (RPCs, events) ran between slices.
      expect(turns - turnsBefore).toBeGreaterThan(2);
    } finally {
      turning = false;
      encodeInto.mockRestore();
    }
  }, 60_000);
});

describe('estimateToolTokens', () => {
  it('hands the event loop back while counting thousands of short texts: a slice spans texts', async () => {
    await estimateTokens('warm the tables');
    // A clock that moves 1 ms per reading: each text alone stays far under a slice, so only a slice shared by
    // the texts (counted back to back in one chain of promises) ever lets go.
    const words = Array.from(
      { length: 2_000 },
      (_, i) => `q${String(i).replace(/\d/g, (d) => 'abcdefghij'[Number(d)])}`,
    );
    let clock = performance.now();
    const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 1));
    let turns = 0;
    let counts: number[];
    try {
      let done = false;
      const counted = Promise.all(words.map((word) => estimateTokens(word))).finally(() => (done = true));
      while (!done) {
        await new Promise((resolve) => setImmediate(resolve));
        turns++;
      }
      counts = await counted;
    } finally {
      now.mockRestore();
    }
    expect(turns).toBeGreaterThan(100);
    expect(counts).toEqual(words.map(o200k));
  });

  it('counts each definition as sent to the model, and a longer description costs more', async () => {
    expect(await estimateToolTokens([])).toEqual([]);
    const [one] = await estimateToolTokens([queryOrder]);
    expect(one).toBe(o200k(toolDefinitionText(queryOrder)));
    const longer = {
      ...queryOrder,
      description: `${queryOrder.description}。运单号请从订单结果里取，不要凭用户口述。`,
    };
    const [a, b] = await estimateToolTokens([longer, queryOrder]);
    expect(a).toBeGreaterThan(one);
    expect(b).toBe(one);
  });

  it('serves a definition counted before from the cache, even as a new object', async () => {
    const big = { ...queryOrder, description: 'y'.repeat(1_000_000) };
    const [first] = await estimateToolTokens([big]);
    const started = performance.now();
    const [again] = await estimateToolTokens([{ ...big, inputSchema: { ...big.inputSchema } }]);
    expect(again).toBe(first);
    expect(performance.now() - started).toBeLessThan(100); // a hash, not a count
  });
});
