import { describe, expect, it } from 'vitest';
import { APP_MIME_TYPE, APP_RESOURCE_MAX_BYTES } from '../../../shared/contract/apps';
import { appUiPinOf, isAppOnly, toolAppUi } from '../../../shared/catalog/app-ui';
import { checkAppContents, filterCsp } from './app-resources';
import { AppCallBounds } from '../apps/app-call-bounds';

const read = (text: string, mimeType = APP_MIME_TYPE, meta?: unknown) => ({
  contents: [{ uri: 'ui://a/app.html', mimeType, text, ...(meta !== undefined && { _meta: meta }) }],
});

describe('checking an app resource', () => {
  it('refuses one over the cap, naming the size and the cap, without keeping its HTML', () => {
    const check = checkAppContents('s', 'ui://a/app.html', read('x'.repeat(APP_RESOURCE_MAX_BYTES + 1)));
    expect(check).toMatchObject({ ok: false, reason: 'tooLarge' });
    expect(!check.ok && check.message.text).toBe(
      `refused ui://a/app.html from s: it is ${APP_RESOURCE_MAX_BYTES + 1} bytes, over the ${APP_RESOURCE_MAX_BYTES}-byte cap for an app`,
    );
    expect(JSON.stringify(check)).not.toContain('xxxx');
  });

  it('measures UTF-8 bytes, not characters, and a base64 blob as its decoded size', () => {
    const wide = '中'.repeat(Math.floor(APP_RESOURCE_MAX_BYTES / 3) + 1); // under the cap in characters, over it in bytes
    expect(checkAppContents('s', 'ui://a/app.html', read(wide))).toMatchObject({ ok: false, reason: 'tooLarge' });
    const blob = {
      contents: [
        { uri: 'ui://a/app.html', mimeType: APP_MIME_TYPE, blob: Buffer.from('<p>hi</p>').toString('base64') },
      ],
    };
    expect(checkAppContents('s', 'ui://a/app.html', blob)).toMatchObject({ ok: true, html: '<p>hi</p>', size: 9 });
  });

  it('refuses another MIME type and a read with no HTML', () => {
    expect(checkAppContents('s', 'ui://a/app.html', read('<p/>', 'text/html'))).toMatchObject({
      ok: false,
      reason: 'wrongMimeType',
    });
    expect(checkAppContents('s', 'ui://a/app.html', { contents: [] })).toMatchObject({ ok: false, reason: 'notText' });
    // The profile is matched without regard to case or spaces, as MIME parameters are.
    expect(checkAppContents('s', 'ui://a/app.html', read('<p/>', 'text/html; profile=MCP-APP'))).toMatchObject({
      ok: true,
    });
  });
});

describe('an app CSP', () => {
  it('keeps explicit https (and wss for connections) origins and drops each wildcard or non-origin with its reason', () => {
    const { csp, dropped } = filterCsp({
      connectDomains: [
        '*',
        'https://*',
        'https://api.example.com/',
        'wss://live.example.com',
        'http://localhost:3000',
        42,
      ],
      resourceDomains: [
        'https://*.cdn.example.com',
        'https://*.com',
        "https://a.example.com 'unsafe-eval'",
        'wss://x.example.com',
        'https://cdn.example.com/path',
      ],
      frameDomains: 'https://not-a-list.example.com',
    });
    expect(csp).toEqual({
      connectDomains: ['https://api.example.com', 'wss://live.example.com'],
      resourceDomains: ['https://*.cdn.example.com'],
      frameDomains: [],
      baseUriDomains: [],
    });
    expect(dropped.map((d) => [d.directive, d.value, d.message.code])).toEqual([
      ['connectDomains', '*', 'app.cspWildcard'],
      ['connectDomains', 'https://*', 'app.cspWildcard'],
      ['connectDomains', 'http://localhost:3000', 'app.cspNotOrigin'],
      ['connectDomains', '42', 'app.cspNotOrigin'],
      ['resourceDomains', 'https://*.com', 'app.cspNotOrigin'],
      ['resourceDomains', "https://a.example.com 'unsafe-eval'", 'app.cspNotOrigin'],
      ['resourceDomains', 'wss://x.example.com', 'app.cspNotOrigin'],
      ['resourceDomains', 'https://cdn.example.com/path', 'app.cspNotOrigin'],
    ]);
  });

  it('keeps at most 32 entries per directive and says how many were dropped', () => {
    const { csp, dropped } = filterCsp({
      connectDomains: Array.from({ length: 40 }, (_, i) => `https://h${i}.example.com`),
    });
    expect(csp.connectDomains).toHaveLength(32);
    expect(dropped.at(-1)?.reason).toBe('8 more entries in connectDomains were dropped: at most 32 are kept');
  });
});

describe("a tool's _meta.ui", () => {
  const tool = (meta: Record<string, unknown>) => ({
    name: 't',
    inputSchema: { type: 'object' as const },
    _meta: meta,
  });
  it('reads the nested URI before the older flat key, and refuses one that is not ui://', () => {
    expect(
      toolAppUi(tool({ ui: { resourceUri: 'ui://a/new.html' }, 'ui/resourceUri': 'ui://a/old.html' })),
    ).toMatchObject({ ok: true, resourceUri: 'ui://a/new.html' });
    expect(toolAppUi(tool({ 'ui/resourceUri': 'ui://a/old.html' }))).toMatchObject({
      ok: true,
      resourceUri: 'ui://a/old.html',
    });
    expect(toolAppUi(tool({ ui: { resourceUri: 'javascript:alert(1)' } }))).toMatchObject({
      ok: false,
      reason: 'notUiScheme',
    });
    expect(toolAppUi(tool({ other: 1 }))).toBeNull();
  });

  it('keeps a tool from the model when its visibility leaves the model out, whatever else the list holds', () => {
    expect(isAppOnly(tool({ ui: { visibility: ['app'] } }))).toBe(true);
    expect(isAppOnly(tool({ ui: { visibility: ['app', 'app', 'bogus'] } }))).toBe(true);
    expect(isAppOnly(tool({ ui: { visibility: [] } }))).toBe(true);
    expect(isAppOnly(tool({ ui: { visibility: ['model'] } }))).toBe(false);
    expect(isAppOnly(tool({ ui: { visibility: 'app' } }))).toBe(false); // not a list: the default, both
    expect(isAppOnly(tool({}))).toBe(false);
  });

  it('pins nothing extra for a tool without an app, so its hash is what it was before apps', () => {
    expect(appUiPinOf(tool({}))).toBeUndefined();
    expect(appUiPinOf(tool({ ui: { resourceUri: 'ui://a/x.html' } }))).toEqual({
      resourceUri: 'ui://a/x.html',
      visibility: ['model', 'app'],
    });
  });
});

describe('how much one app may call', () => {
  it('bounds a burst per window and the total per conversation; a refused call is not counted', () => {
    let now = 0;
    const bounds = new AppCallBounds({ perWindow: 3, windowMs: 1_000, total: 5 }, () => now);
    expect([1, 2, 3, 4].map(() => bounds.take('k').ok)).toEqual([true, true, true, false]);
    expect(bounds.take('k')).toEqual({ ok: false, why: 'rateLimited' });
    expect(bounds.take('other').ok).toBe(true); // another app (or conversation) has its own count
    now = 1_000;
    expect([bounds.take('k').ok, bounds.take('k').ok]).toEqual([true, true]);
    expect(bounds.take('k')).toEqual({ ok: false, why: 'callLimit' });
    now = 100_000;
    expect(bounds.take('k')).toEqual({ ok: false, why: 'callLimit' });
  });
});
