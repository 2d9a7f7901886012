import { describe, expect, it } from 'vitest';
import { parseTemplate } from './uri-template';

const parsed = (t: string) => {
  const p = parseTemplate(t);
  if (!p.ok) throw new Error(p.error);
  return p;
};

describe('resource templates', () => {
  it('lists level-1 variables once each, in order, and substitutes them percent-encoded', () => {
    const t = parsed('demo://resource/{kind}/{id}/{kind}');
    expect(t.variables).toEqual(['kind', 'id']);
    expect(t.expand({ kind: 'text', id: '3' })).toBe('demo://resource/text/3/text');
    expect(t.expand({ kind: 'a b/c?d', id: 'é' })).toBe('demo://resource/a%20b%2Fc%3Fd/%C3%A9/a%20b%2Fc%3Fd');
  });

  it('leaves an empty variable out, and expands the operators of higher levels', () => {
    expect(parsed('file:///{name}').expand({ name: '' })).toBe('file:///');
    expect(parsed('file://{+path}').expand({ path: '/etc/hosts' })).toBe('file:///etc/hosts');
    expect(parsed('search://q{?term,limit}').expand({ term: 'a b', limit: '5' })).toBe('search://q?term=a%20b&limit=5');
    expect(parsed('plain://no-variables').variables).toEqual([]);
  });

  it('says why a broken template cannot be filled in', () => {
    const broken = parseTemplate('demo://{unclosed');
    expect(broken).toEqual({ ok: false, error: expect.stringMatching(/unclosed/i) });
  });
});
