import { describe, expect, it } from 'vitest';
import { describeNameWarning, nameWarnings } from './lookalike-names';

describe('look-alike tool names', () => {
  it('flags a Cyrillic о, a zero-width space and mixed scripts; leaves ASCII and Chinese names alone', () => {
    const warnings = nameWarnings([
      'query_order',
      'query_\u043erder',
      'cancel\u200b_order',
      'refund_\u03b1ll',
      '查询订单',
      'query_订单',
      'get_weather',
    ]);
    expect([...warnings.keys()].sort()).toEqual(['cancel\u200b_order', 'query_\u043erder', 'refund_\u03b1ll'].sort());
    expect(warnings.get('query_\u043erder')).toMatchObject({
      looksLike: ['query_order'],
      mixedScripts: true,
      hidden: [],
    });
    expect(warnings.get('cancel\u200b_order')).toMatchObject({ hidden: ['U+200B'], asAscii: 'cancel_order' });
    expect(describeNameWarning(warnings.get('query_\u043erder')!)).toBe(
      'looks like "query_order"; mixes Latin with letters of another script',
    );
    expect(describeNameWarning(warnings.get('cancel\u200b_order')!)).toBe(
      'reads as "cancel_order" but is not plain ASCII; hides invisible characters (U+200B)',
    );
  });

  it('flags an all-Cyrillic name that reads as ASCII', () => {
    expect(nameWarnings(['\u0441\u043e\u0440\u0443']).get('\u0441\u043e\u0440\u0443')).toMatchObject({
      asAscii: 'copy',
      mixedScripts: false,
    });
  });
});
