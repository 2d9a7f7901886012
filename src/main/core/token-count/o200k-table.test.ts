import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64Into } from './o200k-table';

describe('decodeBase64Into (the o200k table build decodes each token in place)', () => {
  it('decodes what Buffer encodes, with and without padding, at any offset', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.nat(8), (bytes, at) => {
        const text = `xx ${Buffer.from(bytes).toString('base64')} yy`;
        const out = new Uint8Array(at + 64);
        const written = decodeBase64Into(text, 3, text.length - 3, out, at);
        expect(written).toBe(bytes.length);
        expect([...out.subarray(at, at + written)]).toEqual([...bytes]);
      }),
    );
  });

  it('refuses a character outside base64 instead of decoding garbage', () => {
    const out = new Uint8Array(8);
    expect(decodeBase64Into('ab-d', 0, 4, out, 0)).toBe(-1);
    expect(decodeBase64Into('a\u00e9cd', 0, 4, out, 0)).toBe(-1);
  });
});
