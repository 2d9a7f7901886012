import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ELECTRON_CSP } from '../window-options';
import {
  APP_ENTRY_URL,
  APP_ORIGIN,
  appRequestHandler,
  handleAppProtocol,
  registerAppScheme,
  rendererFile,
} from './app-protocol';

// A renderer folder as the build writes it, and a secret beside it that must never be served.
const base = mkdtempSync(join(tmpdir(), 'sb-app-protocol-'));
const renderer = join(base, 'out', 'renderer');
mkdirSync(join(renderer, 'assets'), { recursive: true });
writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Switchboard</title>');
writeFileSync(join(renderer, 'assets', 'index-abc.js'), 'export {}');
writeFileSync(join(renderer, 'assets', 'index-abc.css'), 'body{}');
writeFileSync(join(renderer, 'assets', 'logo.svg'), '<svg/>');
writeFileSync(join(renderer, 'assets', 'font.woff2'), 'w');
writeFileSync(join(renderer, 'assets', 'data.bin'), 'b');
writeFileSync(join(base, 'out', 'secret.txt'), 'SECRET');
writeFileSync(join(base, 'secret.txt'), 'SECRET');
afterAll(() => rmSync(base, { recursive: true, force: true }));

const logged: string[] = [];
const handler = appRequestHandler({
  rendererDir: renderer,
  csp: ELECTRON_CSP,
  readFile,
  log: (line) => logged.push(line),
});
const get = (url: string, method = 'GET') => handler(new Request(url, { method }));

describe('the app:// protocol', () => {
  it('registers app: as a standard, secure scheme that may fetch and use CORS, and handles it', () => {
    const registered: unknown[] = [];
    registerAppScheme({ registerSchemesAsPrivileged: (schemes) => void registered.push(...schemes) });
    expect(registered).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } },
      { scheme: 'mcp-app-sandbox', privileges: { standard: true, secure: true } },
    ]);
    const handled: string[] = [];
    handleAppProtocol(
      { handle: (scheme) => void handled.push(scheme) },
      { rendererDir: renderer, csp: ELECTRON_CSP, readFile },
    );
    expect(handled).toEqual(['app']);
    expect(APP_ENTRY_URL).toBe('app://switchboard/index.html');
  });

  it('serves the page and its assets with their MIME types, the CSP and nosniff on every response', async () => {
    const cases: [string, string][] = [
      ['/index.html', 'text/html'],
      ['/', 'text/html'],
      ['/assets/index-abc.js', 'text/javascript'],
      ['/assets/index-abc.css', 'text/css'],
      ['/assets/logo.svg', 'image/svg+xml'],
      ['/assets/font.woff2', 'font/woff2'],
      ['/assets/data.bin', 'application/octet-stream'],
      ['/assets/index-abc.js?v=1#x', 'text/javascript'],
    ];
    for (const [path, type] of cases) {
      const response = await get(`${APP_ORIGIN}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe(type);
      expect(response.headers.get('content-security-policy'), path).toBe(ELECTRON_CSP);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
    expect(await (await get(APP_ENTRY_URL)).text()).toContain('<title>Switchboard</title>');
    expect(await (await get(APP_ENTRY_URL, 'HEAD')).text()).toBe('');
  });

  it('answers 404 for a missing file or a folder, with the CSP too', async () => {
    for (const path of ['/missing.js', '/assets/nope.css', '/assets']) {
      const response = await get(`${APP_ORIGIN}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-security-policy')).toBe(ELECTRON_CSP);
    }
  });

  it('never serves anything outside out/renderer: dot segments, encoded ones, encoded slashes and backslashes', async () => {
    const hostile = [
      `${APP_ORIGIN}/../secret.txt`,
      `${APP_ORIGIN}/assets/../../secret.txt`,
      `${APP_ORIGIN}/%2e%2e/secret.txt`,
      `${APP_ORIGIN}/%2E%2E/%2e%2e/secret.txt`,
      `${APP_ORIGIN}/.%2e/secret.txt`,
      `${APP_ORIGIN}/%2e%2e%2fsecret.txt`,
      `${APP_ORIGIN}/%2e%2e%2f%2e%2e%2fsecret.txt`,
      `${APP_ORIGIN}/..%5csecret.txt`,
      `${APP_ORIGIN}/..\\secret.txt`,
      `${APP_ORIGIN}/assets\\..\\..\\secret.txt`,
      `${APP_ORIGIN}/%5c..%5c..%5csecret.txt`,
      `${APP_ORIGIN}/index.html%00.js`,
      `${APP_ORIGIN}/${encodeURIComponent(join(base, 'secret.txt'))}`,
    ];
    for (const url of hostile) {
      const response = await get(url);
      expect([400, 403, 404], url).toContain(response.status);
      expect(await response.text(), url).not.toContain('SECRET');
    }
    // Refused before any read: each names why in the log, and the resolver says no for the encoded ones.
    expect(rendererFile(renderer, `${APP_ORIGIN}/%2e%2e%2fsecret.txt`)).toMatchObject({ ok: false, status: 403 });
    expect(rendererFile(renderer, `${APP_ORIGIN}/..%5csecret.txt`)).toMatchObject({ ok: false, status: 403 });
    expect(rendererFile(renderer, `${APP_ORIGIN}/%E0%A4%A`)).toMatchObject({ ok: false, status: 400 });
    expect(logged.some((line) => line.includes('path traversal'))).toBe(true);
  });

  it('refuses another host or scheme, and methods that are not reads', async () => {
    expect((await get('app://elsewhere/index.html')).status).toBe(403);
    expect(rendererFile(renderer, 'file:///etc/passwd')).toMatchObject({ ok: false, status: 403 });
    expect((await get(APP_ENTRY_URL, 'POST')).status).toBe(405);
  });
});
