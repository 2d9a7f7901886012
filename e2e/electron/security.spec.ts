import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electronApp, expect, test } from '@playwright/test';
import { ensureElectron } from '../../scripts/electron-launch';

// The same decision as `npm start`: the electron package's installer runs once where the binary is missing.
const electron = await ensureElectron({ log: (line) => console.log(`[electron project] ${line}`) });
const reason = electron.ok ? undefined : electron.reason;
if (reason) console.log(`[electron project] skipping: ${reason}`);
const appRoot = fileURLToPath(new URL('../..', import.meta.url));

test.describe('Electron security settings', () => {
  test.skip(!!reason, `Electron can't start here: ${reason}`);

  test('the window is isolated, sandboxed and blocks navigation, window.open and foreign IPC', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sb-electron-'));
    const app = await electronApp.launch({
      executablePath: electron.ok ? electron.binary : undefined,
      args: [appRoot, `--data-dir=${dataDir}`],
      env: { ...process.env, SWITCHBOARD_DATA_DIR: dataDir },
    });
    try {
      const page = await app.firstWindow();
      await expect(page.getByTestId('mode')).toHaveText('Desktop mode');
      await expect(page.getByTestId('config-path')).toHaveText(join(dataDir, 'switchboard.yaml'));
      // The built page is served by the app:// protocol, never from a file URL (the fuse for file:// is off).
      expect(page.url()).toMatch(/^app:\/\/switchboard\/index\.html/);
      expect(await app.evaluate(({ app }) => app.getName())).toBe('Switchboard');
      const prefs = await app.evaluate(({ BrowserWindow }) => {
        // getLastWebPreferences is missing from some typings; it reports what the window really runs with.
        const contents = BrowserWindow.getAllWindows()[0].webContents as unknown as {
          getLastWebPreferences(): { contextIsolation?: boolean; sandbox?: boolean; nodeIntegration?: boolean } | null;
        };
        const p = contents.getLastWebPreferences();
        return { contextIsolation: p?.contextIsolation, sandbox: p?.sandbox, nodeIntegration: p?.nodeIntegration };
      });
      expect(prefs).toEqual({ contextIsolation: true, sandbox: true, nodeIntegration: false });
      expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
      expect(await page.evaluate(() => Object.keys((window as unknown as { api: object }).api).sort())).toEqual([
        'on',
        'request',
      ]);
      const before = page.url();
      await page.evaluate(() => {
        window.location.href = 'https://example.com/';
      });
      await page.waitForTimeout(300);
      expect(page.url()).toBe(before);
      expect(await page.evaluate(() => window.open('https://example.com/'))).toBeNull();
      const csp = await page.evaluate(() =>
        document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content'),
      );
      expect(csp).toContain("script-src 'self'");
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
