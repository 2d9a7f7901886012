import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliDataDir, type CliDataDir } from '../support/cli-in-process';
import { APP_FIXTURE, BASIC_APP_SERVER } from '../support/mcp/app-core';

let cli: CliDataDir;
beforeAll(async () => {
  cli = await cliDataDir('sb-apps-cli-', {
    agent: {
      mcp: {
        servers: [
          { name: 'basic', ...BASIC_APP_SERVER, timeoutMs: 20_000 },
          // No 20 MB app here: its read would close this one-shot connection (tests/security/hostile-apps.test.ts covers it).
          { name: 'apps', ...APP_FIXTURE, env: { APP_FIXTURE_NO_HUGE: '1' }, timeoutMs: 20_000 },
        ],
      },
    },
    intents: [
      { id: 'n-get-time', name: 'get-time', kind: 'mcp', toolId: 'get-time', confirm: 'never' },
      { id: 'n-app_refresh', name: 'app_refresh', kind: 'mcp', toolId: 'app_refresh' },
    ],
    skills: [],
  });
});
afterAll(() => cli.remove());
const run = (...args: string[]) => cli.run(...args);

/** The CLI against server-basic-vanillajs (from the registry) and our app fixture, both real stdio processes. */
describe('switchboard and MCP Apps', () => {
  it('tools list and catalog --json mark the tools that have a UI, and the app-only tool', async () => {
    const listed = await run('tools', 'list', '--json');
    const rows = JSON.parse(listed.out) as {
      toolId: string;
      server: string;
      state: string;
      ui: { resourceUri: string; visibility: string[]; refused: string | null } | null;
    }[];
    const row = (toolId: string) => rows.find((r) => r.toolId === toolId)!;
    expect(row('get-time').ui).toEqual({
      resourceUri: 'ui://get-time/mcp-app.html',
      visibility: ['model', 'app'],
      refused: null,
    });
    expect(row('place_order').ui).toBeNull();
    expect(row('app_refresh')).toMatchObject({ state: 'appOnly', ui: { resourceUri: '', visibility: ['app'] } });
    expect(row('bad_mime').ui?.refused).toContain('not text/html;profile=mcp-app');
    const text = await run('tools', 'list');
    expect(text.out).toMatch(/bound\s+get-time\s+basic\s+writes\s+app /);

    const catalog = JSON.parse((await run('catalog', '--json')).out) as { tools: { toolId: string; ui: unknown }[] };
    expect(catalog.tools.find((t) => t.toolId === 'get-time')?.ui).toEqual({
      resourceUri: 'ui://get-time/mcp-app.html',
      visibility: ['model', 'app'],
      refused: null,
    });
    expect(catalog.tools.find((t) => t.toolId === 'place_order')?.ui).toBeNull();
  }, 60_000);

  it('tools call --json names the UI resource with its size; resources read of a ui:// shows its metadata, --html prints it', async () => {
    const called = await run('tools', 'call', 'get-time', '--json');
    expect(called.code).toBe(0);
    const run1 = JSON.parse(called.out) as { app: { uri: string; size: number; sha256: string } };
    expect(run1.app).toMatchObject({ uri: 'ui://get-time/mcp-app.html', mimeType: 'text/html;profile=mcp-app' });
    expect(run1.app.size).toBeGreaterThan(100_000);

    const read = await run('resources', 'read', 'basic', 'ui://get-time/mcp-app.html');
    expect(read.code).toBe(0);
    expect(read.out).toContain(`MCP App ui://get-time/mcp-app.html  text/html;profile=mcp-app  ${run1.app.size} bytes`);
    expect(read.out).toContain(`sha256 ${run1.app.sha256}`);
    expect(read.out).toContain('csp connectDomains: (none)');
    expect(read.out.length).toBeLessThan(2_000); // not 200 KB of HTML
    expect(read.out).not.toContain('<html');

    const dashboard = await run('resources', 'read', 'apps', 'ui://apps/dashboard.html');
    expect(dashboard.out).toContain('csp connectDomains: https://api.example.com wss://live.example.com');
    expect(dashboard.out).toContain(
      'csp dropped: "*" in connectDomains was dropped: an app names explicit origins, never a bare wildcard',
    );
    expect(dashboard.out).toContain('permissions asked: camera, clipboardWrite');

    const html = await run('resources', 'read', 'basic', 'ui://get-time/mcp-app.html', '--html');
    expect(html.out).toContain('<html');
    const json = JSON.parse((await run('resources', 'read', 'basic', 'ui://get-time/mcp-app.html', '--json')).out) as {
      contents: { text?: string; app: { sha256: string } }[];
    };
    expect(json.contents[0].text).toBeUndefined();
    expect(json.contents[0].app.sha256).toBe(run1.app.sha256);
  }, 60_000);
});
