import { describe, expect, it } from 'vitest';
import type { ToolDefinitionForModel } from './providers/types';
import { estimateTokens, estimateToolDefinitionTokens } from './tokens';

const queryOrder: ToolDefinitionForModel = {
  name: 'query_order',
  description: '查询当前账号最近的订单，可按商品关键词过滤',
  inputSchema: { type: 'object', properties: { keyword: { type: 'string' }, days: { type: 'integer' } } },
};

describe('estimateTokens', () => {
  it('counts o200k_base tokens', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('hello world')).toBe(2);
    const zh = estimateTokens('上周买的AirPods Pro还没收到，帮我看看送到哪了');
    expect(zh).toBeGreaterThan(5);
    expect(zh).toBeLessThan(30);
  });

  it('treats special-token text as plain text instead of throwing', () => {
    expect(estimateTokens('<|endoftext|>')).toBeGreaterThan(1);
  });
});

describe('estimateToolDefinitionTokens', () => {
  it('is zero for no tools and grows with each tool and with longer descriptions', () => {
    expect(estimateToolDefinitionTokens([])).toBe(0);
    const one = estimateToolDefinitionTokens([queryOrder]);
    const exact = estimateTokens(JSON.stringify({ name: queryOrder.name, description: queryOrder.description, parameters: queryOrder.inputSchema }));
    expect(one).toBe(exact);
    const longer = { ...queryOrder, description: `${queryOrder.description}。运单号请从订单结果里取，不要凭用户口述。` };
    expect(estimateToolDefinitionTokens([longer])).toBeGreaterThan(one);
    expect(estimateToolDefinitionTokens([queryOrder, { ...queryOrder, name: 'query_logistics' }])).toBeGreaterThan(one);
  });
});
