import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serverConfigSchema } from '../../shared/config/schema';
import { STDIO_FIXTURE } from '../../../tests/support/mcp';
import { startShopServer } from '../../mcp-server/shop-server';
import { ConnectionManager } from '../core/mcp/connection-manager';
import type { ConnectionOptions } from '../core/mcp/types';
import { isLoopback, systemProxyFetch } from './proxy-fetch';
import { findOnPath, isNodeCommand, packagedStdioLaunch } from './stdio-launch';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await Promise.resolve(cleanups.pop()!()).catch(() => undefined);
});

function manager(options: ConnectionOptions): ConnectionManager {
  const m = new ConnectionManager({ log: () => undefined, healthCheckIntervalMs: 0, autoReconnect: false, ...options });
  cleanups.push(() => m.closeAll());
  return m;
}
const text = (result: { content?: unknown }) => ((result.content as { text: string }[])[0] ?? { text: '' }).text;

describe('stdio servers in a packaged app', () => {
  function serverState(m: ConnectionManager) {
    return m.snapshot().servers.find((s) => s.name === 'fixture');
  }

  it("`command: node` runs on the operator's own Node found on the PATH, never on the app binary as Node", async () => {
    const bin = mkdtempSync(join(tmpdir(), 'sb-node-path-'));
    cleanups.push(() => rmSync(bin, { recursive: true, force: true }));
    symlinkSync(process.execPath, join(bin, process.platform === 'win32' ? 'node.exe' : 'node'));
    const m = manager({ env: { PATH: bin, HOME: bin }, launchStdio: packagedStdioLaunch(findOnPath) });
    m.reconcile([serverConfigSchema.parse({ name: 'fixture', command: 'node', args: STDIO_FIXTURE.args })]);
    await m.whenSettled();
    expect(serverState(m)?.status).toBe('connected');
    const env = JSON.parse(text(await m.callTool('fixture', 'print_env', {}))) as Record<string, string>;
    expect(env.ELECTRON_RUN_AS_NODE).toBeUndefined();
    expect(env.PATH).toBe(bin); // still the minimal environment, nothing of the host's added
  });

  it('with no Node on the PATH, the server says so and what to do (not a bare ENOENT)', async () => {
    const emptyBin = mkdtempSync(join(tmpdir(), 'sb-empty-path-'));
    cleanups.push(() => rmSync(emptyBin, { recursive: true, force: true }));
    const m = manager({ env: { PATH: emptyBin, HOME: emptyBin }, launchStdio: packagedStdioLaunch(findOnPath) });
    m.reconcile([serverConfigSchema.parse({ name: 'fixture', command: 'node', args: STDIO_FIXTURE.args })]);
    await m.whenSettled();
    expect(serverState(m)?.status).not.toBe('connected');
    expect(serverState(m)?.error).toMatch(
      /"command: node" needs Node\.js, which was not found on the PATH of your login shell\. Install Node\.js/,
    );
  });

  it('only a bare `node` is looked up; other commands and explicit paths run as written, and nothing is rewritten', () => {
    const launch = packagedStdioLaunch(() => '/usr/bin/node');
    expect(launch('node', { PATH: '/usr/bin' })).toEqual({ command: 'node', env: { PATH: '/usr/bin' } });
    expect(launch('npx', { PATH: '/usr/bin' })).toEqual({ command: 'npx', env: { PATH: '/usr/bin' } });
    const none = packagedStdioLaunch(() => null);
    expect(none('/opt/homebrew/bin/node', {})).toEqual({ command: '/opt/homebrew/bin/node', env: {} });
    expect(() => none('node', {})).toThrow(/needs Node\.js/);
    expect(['node', 'node.exe', 'NODE.EXE', 'nodemon', 'C:\\node\\node.exe'].map(isNodeCommand)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('system proxy', () => {
  it('remote hosts go through Chromium (net.fetch), loopback goes direct', async () => {
    const seen: string[] = [];
    const proxied = systemProxyFetch(
      async (input) => (seen.push(`net ${typeof input === 'string' ? input : input.url}`), new Response('')),
      async (input) => (seen.push(`direct ${String(input)}`), new Response('')),
    );
    await proxied('https://api.openai.com/v1/chat/completions');
    await proxied(new URL('https://mcp.example.com/mcp'));
    await proxied('http://127.0.0.1:6000/mcp');
    await proxied('http://localhost:5173/');
    await proxied('http://[::1]:8080/mcp');
    expect(seen).toEqual([
      'net https://api.openai.com/v1/chat/completions',
      'net https://mcp.example.com/mcp', // net.fetch gets a string, not the URL object
      'direct http://127.0.0.1:6000/mcp',
      'direct http://localhost:5173/',
      'direct http://[::1]:8080/mcp',
    ]);
    expect(isLoopback(new URL('http://127.evil.com/'))).toBe(false);
    expect(isLoopback(new URL('http://app.localhost/'))).toBe(true);
  });

  it('MCP HTTP servers are reached through the fetch the host lends', async () => {
    const shop = await startShopServer({ token: 't' });
    cleanups.push(() => shop.close());
    const urls: string[] = [];
    const m = manager({
      fetch: (input, init) => (urls.push(String(input instanceof Request ? input.url : input)), fetch(input, init)),
      resolveBuiltin: async () => ({ url: shop.url, headers: { Authorization: 'Bearer t' } }),
    });
    m.reconcile([serverConfigSchema.parse({ name: 'shop', builtin: 'shop' })]);
    await m.whenSettled();
    expect(m.snapshot().servers[0].status).toBe('connected');
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.every((url) => url.startsWith(shop.url))).toBe(true);
  });
});
