import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './tests/support/chromium';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  reporter: [['list']],
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    {
      name: 'browser',
      testDir: 'e2e/browser',
      use: {
        browserName: 'chromium',
        // The console follows the browser's language: the specs read English unless one asks for zh-CN (i18n.spec.ts).
        locale: 'en-US',
        launchOptions: CHROMIUM_LAUNCH_OPTIONS,
      },
    },
    { name: 'electron', testDir: 'e2e/electron' },
  ],
});
