import { describe, expect, it } from 'vitest';
import { encodeAppCsp, readAppCsp } from '../../shared/apps/app-sandbox-csp';
import { SANDBOX_SCRIPT_PATH } from '../../shared/apps/app-sandbox-proxy';
import { fakeAppSession, guestAt } from '../../../tests/support/desktop/fake-app-session';
import { APP_ORIGIN } from './app-protocol';
import { installAppPartition } from './app-partition';
import { SANDBOX_ORIGIN, SANDBOX_PROXY_URL, SANDBOX_SCHEME } from './app-sandbox-protocol';

function partition() {
  const session = fakeAppSession();
  const logged: string[] = [];
  installAppPartition(session.port, { pageOrigin: APP_ORIGIN, log: (line) => logged.push(line) });
  return { ...session, logged };
}
const csp = encodeAppCsp(readAppCsp({}).csp);
const proxy = (grant?: string) => `${SANDBOX_PROXY_URL}?csp=${csp}${grant === undefined ? '' : `&grant=${grant}`}`;

describe("MCP Apps' session partition", () => {
  it('serves the sandbox scheme there: the proxy page framed only by the console, its script, nothing else', async () => {
    const { schemes } = partition();
    expect([...schemes.keys()]).toEqual([SANDBOX_SCHEME]);
    const serve = schemes.get(SANDBOX_SCHEME)!;
    const page = await serve(new Request(proxy()));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain(`frame-ancestors ${APP_ORIGIN}`);
    expect(page.headers.get('content-security-policy')).toContain("connect-src 'none'");
    expect((await serve(new Request(`${SANDBOX_ORIGIN}${SANDBOX_SCRIPT_PATH}`))).status).toBe(200);
    expect((await serve(new Request('mcp-app-sandbox://other/mcp-app-proxy'))).status).toBe(403);
    expect((await serve(new Request(`${SANDBOX_ORIGIN}/index.html`))).status).toBe(404);
  });

  it("loads nothing but the sandbox proxy as a guest's page; an app's own requests are left to its CSP", () => {
    const { loads, logged } = partition();
    expect(loads(proxy())).toBe(true);
    expect(loads(proxy('camera'))).toBe(true);
    for (const url of [
      'app://switchboard/index.html',
      'https://evil.example/',
      'file:///etc/passwd',
      `${SANDBOX_ORIGIN}/mcp-app-proxy.js`,
      `${SANDBOX_PROXY_URL}?csp=${csp}&token=x`,
      'mcp-app-sandbox://other/mcp-app-proxy',
    ])
      expect(loads(url), url).toBe(false);
    expect(logged.filter((line) => line.includes('refused to load'))).toHaveLength(6);
    // Sub-resources and nested frames the app's CSP allowed (its connect and frame domains) are not main's to judge.
    expect(loads('https://api.example.com/data', 'xhr')).toBe(true);
    expect(loads(`${SANDBOX_ORIGIN}${SANDBOX_SCRIPT_PATH}`, 'script')).toBe(true);
  });

  it('downloads nothing: an app saves a file through ui/download-file, which asks the operator', () => {
    expect(partition().downloadPrevented()).toBe(true);
  });

  it("grants an app exactly the permissions the operator consented to in its own guest's URL, asked by the app's frame", () => {
    const { asks, checks } = partition();
    const all = guestAt(proxy('camera,microphone,geolocation,clipboardWrite'));
    expect(asks(all, 'media', { isMainFrame: false, mediaTypes: ['video'] })).toBe(true);
    expect(asks(all, 'media', { isMainFrame: false, mediaTypes: ['video', 'audio'] })).toBe(true);
    expect(asks(all, 'geolocation')).toBe(true);
    expect(asks(all, 'clipboard-sanitized-write')).toBe(true);
    expect(checks(all, 'media', { isMainFrame: false, mediaType: 'audio' })).toBe(true);
    expect(checks(all, 'geolocation')).toBe(true);
    // Never what no consent covers, even with every consent given.
    for (const permission of [
      'clipboard-read',
      'notifications',
      'display-capture',
      'midi',
      'hid',
      'usb',
      'openExternal',
    ])
      expect(asks(all, permission), permission).toBe(false);
    expect(asks(all, 'media', { isMainFrame: false, mediaTypes: [] })).toBe(false);
    expect(checks(all, 'media', { isMainFrame: false, mediaType: 'unknown' })).toBe(false);
    // The proxy page (the guest's main frame) is never granted anything: only the app's frame asks.
    expect(asks(all, 'geolocation', { isMainFrame: true })).toBe(false);
    expect(checks(all, 'geolocation', { isMainFrame: true })).toBe(false);
  });

  it('grants nothing beyond the consent: camera alone is not the microphone; another app, no consent or no guest get nothing', () => {
    const { asks, checks } = partition();
    const camera = guestAt(proxy('camera'));
    expect(asks(camera, 'media', { isMainFrame: false, mediaTypes: ['video'] })).toBe(true);
    expect(asks(camera, 'media', { isMainFrame: false, mediaTypes: ['audio'] })).toBe(false);
    expect(asks(camera, 'media', { isMainFrame: false, mediaTypes: ['video', 'audio'] })).toBe(false);
    expect(asks(camera, 'geolocation')).toBe(false);
    expect(asks(camera, 'clipboard-sanitized-write')).toBe(false);
    const none = guestAt(proxy());
    for (const permission of ['media', 'geolocation', 'clipboard-sanitized-write'])
      expect(asks(none, permission, { isMainFrame: false, mediaTypes: ['video'] }), permission).toBe(false);
    // A guest somewhere else (the guard and the load lock keep it from being there), or a check without a guest.
    expect(
      asks(guestAt('https://evil.example/?grant=camera'), 'media', { mediaTypes: ['video'], isMainFrame: false }),
    ).toBe(false);
    expect(asks(guestAt(`${proxy('camera')}&grant=geolocation`), 'geolocation')).toBe(false);
    expect(checks(null, 'geolocation')).toBe(false);
    expect(asks(null, 'geolocation')).toBe(false);
  });
});
