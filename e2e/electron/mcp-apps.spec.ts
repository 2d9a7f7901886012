import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electronApp, expect, test } from '@playwright/test';
import { stringify } from 'yaml';
import { ensureElectron } from '../../scripts/electron-launch';

// What only a real Electron proves of the desktop's MCP Apps (the rest is tested through Electron's ports): the
// proxy runs in a <webview> whose guest is in the in-memory `mcp-apps` session, the only session serving the
// sandbox scheme; the relay carries the bridge (the app's button calls a tool, recorded with actor app); and a
// <webview> the page makes for anything else never gets a guest.
const electron = await ensureElectron({ log: (line) => console.log(`[electron project] ${line}`) });
const reason = electron.ok ? undefined : electron.reason;
const appRoot = fileURLToPath(new URL('../..', import.meta.url));

test.describe("the desktop's MCP Apps", () => {
  test.skip(!!reason, `Electron can't start here: ${reason}`);
  test.describe.configure({ timeout: 150_000 });

  test('render in a webview on the mcp-apps partition; the app calls a tool; a hostile webview never attaches', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sb-electron-apps-'));
    const basic = {
      name: 'basic',
      command: process.execPath,
      args: [
        join(appRoot, 'node_modules', '@modelcontextprotocol', 'server-basic-vanillajs', 'dist', 'index.js'),
        '--stdio',
      ],
      timeoutMs: 20_000,
    };
    const intents = [
      {
        id: 'apps',
        name: 'apps',
        children: [{ id: 'n-time', name: 'time', kind: 'mcp', server: 'basic', toolId: 'get-time', confirm: 'never' }],
      },
    ];
    await writeFile(
      join(dataDir, 'switchboard.yaml'),
      stringify({ agent: { model: { provider: 'demo' }, mcp: { servers: [basic] } }, intents, skills: [] }),
    );
    const app = await electronApp.launch({
      executablePath: electron.ok ? electron.binary : undefined,
      args: [appRoot, `--data-dir=${dataDir}`],
      env: { ...process.env, SWITCHBOARD_DATA_DIR: dataDir },
    });
    try {
      const page = await app.firstWindow();
      await expect(page.getByTestId('mode')).toHaveText('Desktop mode');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('button', { name: /^Tools/ }).click();
      await page
        .locator('[data-testid="tool-row"][data-tool="get-time"][data-server="basic"]')
        .first()
        .click({ timeout: 30_000 });
      await page.getByTestId('tool-detail').getByRole('tab', { name: 'Run by hand' }).click();
      const run = page.getByTestId('run-tool');
      await run.getByRole('button', { name: 'Run', exact: true }).click();
      const view = run.getByTestId('mcp-app-frame');
      await expect(view).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
      expect(await view.evaluate((element) => element.tagName.toLowerCase())).toBe('webview');
      expect(await view.getAttribute('partition')).toBe('mcp-apps');

      const guest = await app.evaluate(({ webContents, session }) => {
        const guests = webContents.getAllWebContents().filter((contents) => contents.getType() === 'webview');
        const apps = session.fromPartition('mcp-apps');
        return {
          count: guests.length,
          url: guests[0]?.getURL(),
          inAppSession: guests[0]?.session === apps,
          appSessionServes: apps.protocol.isProtocolHandled('mcp-app-sandbox'),
          windowSessionServes: session.defaultSession.protocol.isProtocolHandled('mcp-app-sandbox'),
          inMemory: apps.isPersistent() === false,
        };
      });
      expect(guest).toMatchObject({
        count: 1,
        inAppSession: true,
        appSessionServes: true,
        windowSessionServes: false,
        inMemory: true,
      });
      expect(guest.url).toMatch(/^mcp-app-sandbox:\/\/proxy\/mcp-app-proxy\?csp=/);

      // The app's own button, pressed in its frame inside the guest: its tools/call crosses the relay to the console.
      await app.evaluate(async ({ webContents }) => {
        const contents = webContents.getAllWebContents().find((c) => c.getType() === 'webview')!;
        await contents.mainFrame.frames[0].executeJavaScript(
          "[...document.querySelectorAll('button')].find((b) => b.textContent.includes('Get Server Time')).click()",
          true,
        );
      });
      await nav.getByRole('button', { name: /^Records/ }).click();
      await expect(page.locator('[data-testid="record-row"][data-tool="get-time"][data-actor="app"]')).toHaveCount(1, {
        timeout: 20_000,
      });

      // Webviews the page makes for anything else: refused by the guard, so no new guest appears.
      await page.evaluate(() => {
        for (const [src, partition, preload] of [
          ['https://example.com/', 'mcp-apps', ''],
          ['mcp-app-sandbox://proxy/mcp-app-proxy?csp=', 'persist:other', ''],
          ['mcp-app-sandbox://proxy/mcp-app-proxy?csp=', 'mcp-apps', 'file:///tmp/evil.cjs'],
        ]) {
          const hostile = document.createElement('webview');
          hostile.setAttribute('partition', partition);
          if (preload) hostile.setAttribute('preload', preload);
          hostile.setAttribute('src', src);
          document.body.appendChild(hostile);
        }
      });
      await page.waitForTimeout(1000);
      expect(
        await app.evaluate(
          ({ webContents }) => webContents.getAllWebContents().filter((c) => c.getType() === 'webview').length,
        ),
      ).toBe(1);
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
