import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { EventBus } from '../core/events';
import { startWsAdapter } from './ws';
import { encodeAppCsp, readAppCsp } from '../../shared/apps/app-sandbox-csp';
import { SANDBOX_PROXY_PATH, SANDBOX_SCRIPT_PATH } from '../../shared/apps/app-sandbox-proxy';
import { startAppSandboxServer, type AppSandboxServer } from './app-sandbox-server';
import { withSandboxFrameSource } from '../../shared/apps/console-frame-source';
import { contentSecurityPolicy } from './static-files';

let sandbox: AppSandboxServer;
const CONSOLE = ['http://127.0.0.1:7345', 'http://localhost:7345'];
beforeAll(async () => {
  sandbox = await startAppSandboxServer({ hostOrigins: () => CONSOLE, token: 'sandbox-token' });
});
afterAll(() => sandbox.close());

/** A raw request, so the Host header can be anything. */
function get(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: sandbox.port, path, method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the headless sandbox origin for MCP Apps', () => {
  it('listens on loopback, on a port of its own, and hands out the proxy URL with its token', () => {
    expect(sandbox.origin).toBe(`http://127.0.0.1:${sandbox.port}`);
    expect(sandbox.proxyUrl).toBe(`${sandbox.origin}${SANDBOX_PROXY_PATH}?token=sandbox-token`);
  });

  it('serves the proxy page with the token, framed only by the console, its CSP from the app, no referrer', async () => {
    const csp = encodeAppCsp(readAppCsp({ connectDomains: ['https://api.example.com'] }).csp);
    const page = await get(`${SANDBOX_PROXY_PATH}?token=sandbox-token&csp=${csp}`);
    expect(page.status).toBe(200);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain('connect-src https://api.example.com');
    expect(policy).toContain(`frame-ancestors ${CONSOLE.join(' ')}`);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain(`<script src="${SANDBOX_SCRIPT_PATH}"></script>`);
    const script = await get(SANDBOX_SCRIPT_PATH);
    expect(script.status).toBe(200);
    // The inner frame is sandboxed with scripts only: never same-origin, never a sandbox override from a message.
    expect(script.body).toContain("inner.setAttribute('sandbox', 'allow-scripts')");
    expect(script.body).not.toMatch(/allow-same-origin|params\.sandbox/);
  });

  it('refuses a missing or wrong token, a foreign Host, other paths and other methods', async () => {
    expect((await get(SANDBOX_PROXY_PATH)).status).toBe(401);
    expect((await get(`${SANDBOX_PROXY_PATH}?token=console-token`)).status).toBe(401);
    expect((await get(`${SANDBOX_PROXY_PATH}?token=sandbox-token`, { host: 'evil.example.com' })).status).toBe(403);
    expect(
      (await get(`${SANDBOX_PROXY_PATH}?token=sandbox-token`, { host: `127.0.0.1:${sandbox.port + 1}` })).status,
    ).toBe(403);
    expect((await get('/rpc?token=sandbox-token')).status).toBe(404);
    expect((await get('/index.html')).status).toBe(404);
    expect((await get(`${SANDBOX_PROXY_PATH}?token=sandbox-token`, {}, 'POST')).status).toBe(405);
    expect((await get('/%E0')).status).toBe(404);
  });

  it("reads a forged CSP in the query as untrusted: a '*' never reaches the header", async () => {
    const forged = Buffer.from(JSON.stringify({ connectDomains: ['*'], frameDomains: ['https:'] })).toString(
      'base64url',
    );
    const page = await get(`${SANDBOX_PROXY_PATH}?token=sandbox-token&csp=${forged}`);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("connect-src 'none'");
    expect(policy).toContain("frame-src 'none'");
  });
});

describe("the console's own CSP", () => {
  it('gains exactly the sandbox origin as a frame source, in the header and the page meta, and nothing else', () => {
    const before = contentSecurityPolicy(7345);
    const after = contentSecurityPolicy(7345, 'http://127.0.0.1:40001');
    expect(after).toBe(
      `${before.replace("default-src 'self'", "default-src 'self'; frame-src 'self' http://127.0.0.1:40001")}`,
    );
    expect(after).not.toMatch(/\*|unsafe-eval|script-src[^;]*unsafe-inline/);
    const html = `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'" />`;
    expect(withSandboxFrameSource(html, 'http://127.0.0.1:40001')).toBe(
      `<meta http-equiv="Content-Security-Policy" content="frame-src 'self' http://127.0.0.1:40001; default-src 'self'; script-src 'self'" />`,
    );
  });
});

describe("the console's WebSocket, seen from an app", () => {
  it('refuses the sandbox origin and an opaque origin even with the right token, and takes the console origin', async () => {
    const ws = await startWsAdapter({
      dispatch: async () => ({ ok: true, data: null }) as never,
      events: new EventBus(),
      token: 'console-token',
    });
    const attempt = (origin: string) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(`ws://127.0.0.1:${ws.port}/rpc?token=console-token`, { origin });
        socket.on('open', () => {
          socket.close();
          resolve('open');
        });
        socket.on('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
        socket.on('error', () => resolve('error'));
      });
    try {
      expect(await attempt(sandbox.origin)).toBe('403');
      expect(await attempt('null')).toBe('403');
      expect(await attempt(`http://127.0.0.1:${ws.port}`)).toBe('open');
    } finally {
      await ws.close();
    }
  });
});
