import { describe, expect, it } from 'vitest';
import { checkedOpener, ExternalUrlRefused } from './external-opener';

function opener() {
  const opened: string[] = [];
  const logged: string[] = [];
  const open = checkedOpener(
    async (url) => void opened.push(url),
    (line) => logged.push(line),
  );
  return { open, opened, logged };
}

describe('the OS opener (OAuth sign-in, links)', () => {
  it('refuses smb:, file: and search-ms: (and other non-web schemes) with a message naming the server; nothing reaches the OS', async () => {
    const { open, opened, logged } = opener();
    for (const url of [
      'smb://evil.example/share/payload.exe',
      'file:///C:/Windows/System32/calc.exe',
      'search-ms:query=invoice&crumb=location:\\\\evil.example\\share',
      'javascript:alert(1)',
      'ms-msdt:/id PCWDiagnostic',
    ]) {
      await expect(open(url, 'shop-auth')).rejects.toThrow(ExternalUrlRefused);
      await expect(open(url, 'shop-auth')).rejects.toThrow(
        /refused a URL from shop-auth: the scheme "[a-z-]+:" is not allowed/,
      );
    }
    await expect(open('http://evil.example/authorize')).rejects.toThrow(
      'refused a URL from the authorization server: plain http: is allowed only for this machine',
    );
    expect(opened).toEqual([]);
    expect(logged[0]).toMatch(/^\[open\] refused a URL from shop-auth/);
  });

  it('opens https:, and http: on this machine (a loopback redirect), as the gate normalised them', async () => {
    const { open, opened } = opener();
    expect(await open('https://auth.example.com/authorize?client_id=a&state=b')).toBe(true);
    expect(await open('http://127.0.0.1:53682/callback')).toBe(true);
    expect(opened).toEqual([
      'https://auth.example.com/authorize?client_id=a&state=b',
      'http://127.0.0.1:53682/callback',
    ]);
  });
});
