import { describe, expect, it } from 'vitest';
import { describeDiff, diffIsEmpty } from './description-diff';

const render = (parts: ReturnType<typeof describeDiff>) =>
  parts.map((p) => (p.kind === 'added' ? `[+${p.text}]` : p.kind === 'removed' ? `[-${p.text}]` : p.text)).join('');

describe('describeDiff', () => {
  it('marks words added and removed in English text', () => {
    const parts = describeDiff('Look up the order by number', 'Look up the latest order by customer');
    expect(render(parts)).toBe('Look up the [+latest ]order by [-number][+customer]');
    expect(parts.filter((p) => p.kind !== 'same').map((p) => p.kind)).toEqual(['added', 'removed', 'added']);
  });

  it('splits Chinese into words instead of treating a sentence as one token', () => {
    const parts = describeDiff('按运单号查询物流轨迹', '按订单号查询物流轨迹');
    const changed = parts.filter((p) => p.kind !== 'same').map((p) => p.text);
    expect(changed.join('').length).toBeLessThan(8); // only the changed word, not the whole sentence
    expect(parts.some((p) => p.kind === 'same' && p.text.includes('物流'))).toBe(true);
  });

  it('reports identical texts as no change', () => {
    expect(diffIsEmpty(describeDiff('same text', 'same text'))).toBe(true);
    expect(diffIsEmpty(describeDiff('same text', 'other text'))).toBe(false);
  });
});
