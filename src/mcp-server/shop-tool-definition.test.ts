import { describe, expect, it } from 'vitest';
import { SHOP_TOOLS } from './shop-mcp-server';
import { assertToolsDeclareReadOnlyHint } from './shop-tool-definition';

describe('assertToolsDeclareReadOnlyHint', () => {
  it('accepts the shop tools', () => {
    expect(() => assertToolsDeclareReadOnlyHint(SHOP_TOOLS)).not.toThrow();
  });

  it('accepts explicit false as well as true', () => {
    expect(() => assertToolsDeclareReadOnlyHint([{ name: 'w', annotations: { readOnlyHint: false } }])).not.toThrow();
  });

  it.each([
    ['no annotations', { name: 'sneaky_write' }],
    ['annotations without readOnlyHint', { name: 'sneaky_write', annotations: { destructiveHint: true } }],
    ['a non-boolean readOnlyHint', { name: 'sneaky_write', annotations: { readOnlyHint: 'true' } }],
  ])('rejects %s, naming the tool', (_label, bad) => {
    expect(() => assertToolsDeclareReadOnlyHint([...SHOP_TOOLS, bad])).toThrow(/"sneaky_write".*readOnlyHint/);
  });

  it('names every offender', () => {
    expect(() =>
      assertToolsDeclareReadOnlyHint([
        { name: 'a' },
        { name: 'b', annotations: { readOnlyHint: true } },
        { name: 'c' },
      ]),
    ).toThrow(/"a", "c"/);
  });
});
