import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops undefined members, so key order never changes the text', () => {
    const a = canonicalJson({ b: 1, a: { d: [1, undefined, { z: 1, y: undefined }], c: null } });
    expect(a).toBe('{"a":{"c":null,"d":[1,null,{"z":1}]},"b":1}');
    expect(canonicalJson({ a: { c: null, d: [1, undefined, { z: 1 }] }, b: 1 })).toBe(a);
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson('x')).toBe('"x"');
  });
});
