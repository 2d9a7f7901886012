import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { warmUpYaml, YAML_WARM_UP } from './yaml-warm-up';

describe('warmUpYaml', () => {
  it('parses a valid document that takes the parser through maps, sequences and every scalar style', () => {
    const document = parseDocument(YAML_WARM_UP);
    expect(document.errors).toEqual([]);
    expect(document.toJS()).toEqual({
      agent: { name: 'a', list: ['b', { c: 'd', e: 1, f: true }], text: 'g\n' },
      h: ['i', 2],
    });
    expect(() => warmUpYaml()).not.toThrow();
  });
});
