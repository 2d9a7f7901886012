import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serverConfigSchema } from '../../shared/config/schema';
import { STDIO_FIXTURE } from '../../../tests/support/mcp';
import { startShopServer } from '../../mcp-server/shop-server';
import { ConnectionManager } from '../core/mcp/connection-manager';
import type { ConnectionOptions } from '../core/mcp/types';
import { isLoopback, systemProxyFetch } from './proxy-fetch';
import { isNodeCommand, packagedStdioLaunch } from './stdio-launch';

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
  it('`command: node` runs on the app binary as plain Node (ELECTRON_RUN_AS_NODE=1), even with no node on the PATH', async () => {
    const emptyBin = mkdtempSync(join(tmpdir(), 'sb-empty-path-'));
    cleanups.push(() => rmSync(emptyBin, { recursive: true, force: true }));
    // process.execPath stands in for the Electron binary: it runs the script when ELECTRON_RUN_AS_NODE is set.
    const m = manager({ env: { PATH: emptyBin, HOME: emptyBin }, launchStdio: packagedStdioLaunch(process.execPath) });
    m.reconcile([serverConfigSchema.parse({ name: 'fixture', command: 'node', args: STDIO_FIXTURE.args })]);
    await m.whenSettled();
    expect(m.snapshot().servers.find((s) => s.name === 'fixture')?.status).toBe('connected');
    const env = JSON.parse(text(await m.callTool('fixture', 'print_env', {}))) as Record<string, string>;
    expect(env.ELECTRON_RUN_AS_NODE).toBe('1');
    expect(env.PATH).toBe(emptyBin); // still the minimal environment, nothing of the host's added

    // Without the launcher (outside a packaged app) the same entry needs a node on the PATH.
    const plain = manager({ env: { PATH: emptyBin, HOME: emptyBin } });
    plain.reconcile([serverConfigSchema.parse({ name: 'fixture', command: 'node', args: STDIO_FIXTURE.args })]);
    await plain.whenSettled();
    expect(plain.snapshot().servers.find((s) => s.name === 'fixture')?.error).toContain('ENOENT');
  });

  it('only a bare `node` is rewritten; other commands and explicit paths run as written', () => {
    const launch = packagedStdioLaunch('/Applications/Switchboard.app/Contents/MacOS/Switchboard');
    expect(launch('node', { PATH: '/usr/bin' })).toEqual({ command: '/Applications/Switchboard.app/Contents/MacOS/Switchboard', env: { PATH: '/usr/bin', ELECTRON_RUN_AS_NODE: '1' } });
    expect(launch('npx', { PATH: '/usr/bin' })).toEqual({ command: 'npx', env: { PATH: '/usr/bin' } });
    expect(launch('/opt/homebrew/bin/node', {})).toEqual({ command: '/opt/homebrew/bin/node', env: {} });
    expect(['node', 'node.exe', 'NODE.EXE', 'nodemon', 'C:\\node\\node.exe'].map(isNodeCommand)).toEqual([true, true, true, false, false]);
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
