import { describe, expect, it } from 'vitest';
import { checkExternalUrl, externalUrlRefusalText, isLoopbackHost, revealHiddenCharacters } from './external-url';

describe('checkExternalUrl', () => {
  it.each([
    'https://auth.example.com/authorize?x=1',
    'http://localhost:8080/cb',
    'http://127.0.0.1:9/x',
    'http://[::1]:3000/',
  ])('lets %s through', (raw) => {
    expect(checkExternalUrl(raw).ok).toBe(true);
  });

  it.each([
    ['file:///home/u/evil.desktop', 'scheme'],
    ['smb://host/share', 'scheme'],
    ['search-ms:query=x', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['http://example.com/authorize', 'httpNotLoopback'],
    ['https://bank.example@evil.example/', 'credentials'],
    ['not a url', 'malformed'],
  ])('refuses %s (%s)', (raw, reason) => {
    const check = checkExternalUrl(raw);
    expect(check).toMatchObject({ ok: false, reason });
    if (!check.ok) expect(externalUrlRefusalText(check, 'hostile')).toContain('hostile');
  });

  it('shows an IDN host as punycode', () => {
    const check = checkExternalUrl('https://аpple.com/');
    expect(check.ok && check.host).toBe('xn--pple-43d.com');
  });

  it('knows loopback hosts', () => {
    expect(isLoopbackHost('127.8.0.1')).toBe(true);
    expect(isLoopbackHost('localhost.evil.com')).toBe(false);
  });

  it('makes bidi overrides and zero-width characters visible', () => {
    expect(revealHiddenCharacters('https://a.com/\u202Efdp.exe')).toBe('https://a.com/\\u{202E}fdp.exe');
    expect(revealHiddenCharacters('to\u200Bol')).toBe('to\\u{200B}ol');
  });
});
