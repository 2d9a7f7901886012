import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';

// The packaged app (`npm run dist`), started as a user starts it, with every fuse as shipped. Playwright's
// _electron.launch can't attach to it (it needs --inspect, which the nodeCliInspect fuse turns off), so the window is
// reached through Chromium's DevTools port. The desktop workflow sets SWITCHBOARD_PACKAGED_APP after building.
const packaged = process.env.SWITCHBOARD_PACKAGED_APP;

test.describe('the packaged app', () => {
  test.skip(
    !packaged,
    'SWITCHBOARD_PACKAGED_APP is not set (.github/workflows/desktop.yml sets it after npm run dist)',
  );

  test('opens its window on app://switchboard in desktop mode, with every request of the page answered', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sb-packaged-'));
    const child = spawn(packaged!, [`--data-dir=${dataDir}`, '--remote-debugging-port=0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const endpoint = await new Promise<string>((resolve, reject) => {
        let stderr = '';
        child.stderr!.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          const listening = /DevTools listening on (ws:\/\/\S+)/.exec(stderr);
          if (listening) resolve(listening[1]);
        });
        child.once('exit', (code) =>
          reject(new Error(`the packaged app exited (${code}) before its window opened:\n${stderr}`)),
        );
      });
      const browser = await chromium.connectOverCDP(endpoint);
      const context = browser.contexts()[0];
      const page = context.pages().find((p) => p.url().startsWith('app:')) ?? (await context.waitForEvent('page'));
      const failed: string[] = [];
      page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText}`));
      await expect(page.getByTestId('mode')).toHaveText('Desktop mode', { timeout: 30_000 });
      expect(page.url()).toMatch(/^app:\/\/switchboard\/index\.html/);
      expect(await page.title()).toBe('Switchboard');
      await page.reload();
      await expect(page.getByTestId('mode')).toHaveText('Desktop mode');
      expect(failed).toEqual([]);
      await browser.close();
    } finally {
      child.kill();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
