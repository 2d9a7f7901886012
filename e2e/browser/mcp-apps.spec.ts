import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, type Page } from '@playwright/test';
import { stringify } from 'yaml';
import { expect, startHost, stopHost, type Host } from '../host';
import { composer, lastTurn, send, startConversation } from './chat-helpers';
import { gotoPage, nav, openRunTab, toolRow } from './pipeline-helpers';

/**
 * MCP Apps through the console: a real ext-apps example server from the registry (server-basic-vanillajs, stdio)
 * and a hostile app server of ours (tests/support/mcp/hostile-app-server.mjs), each a real child process.
 */
const test = base.extend<{ host: Host }>({
  host: async ({}, use) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sb-e2e-apps-'));
    const basic = {
      name: 'basic',
      command: process.execPath,
      args: [
        join(process.cwd(), 'node_modules', '@modelcontextprotocol', 'server-basic-vanillajs', 'dist', 'index.js'),
        '--stdio',
      ],
      timeoutMs: 20_000,
    };
    const hostile = {
      name: 'hostile',
      command: process.execPath,
      args: [join(process.cwd(), 'tests', 'support', 'mcp', 'hostile-app-server.mjs')],
      timeoutMs: 15_000,
    };
    const config = {
      agent: { model: { provider: 'demo' }, mcp: { servers: [basic, hostile] } },
      intents: [
        {
          id: 'apps',
          name: 'apps',
          children: [
            { id: 'n-time', name: 'time', kind: 'mcp', server: 'basic', toolId: 'get-time', confirm: 'never' },
            {
              id: 'n-hostile',
              name: 'hostile',
              kind: 'mcp',
              server: 'hostile',
              toolId: 'hostile_app',
              confirm: 'never',
            },
            { id: 'n-note', name: 'note', kind: 'mcp', server: 'hostile', toolId: 'write_note', confirm: 'always' },
          ],
        },
      ],
      skills: [],
    };
    await writeFile(join(dataDir, 'switchboard.yaml'), stringify(config));
    const host = await startHost(dataDir);
    await use(host);
    await stopHost(host);
  },
});

test.describe.configure({ timeout: 150_000 });

/** Runs a tool by hand on the Tools page and returns its app section. */
async function runByHand(
  page: Page,
  host: Host,
  toolId: string,
  server: string,
  fill?: (run: ReturnType<Page['getByTestId']>) => Promise<void>,
) {
  await gotoPage(page, host, 'tools');
  await toolRow(page, toolId, server).click({ timeout: 30_000 });
  await openRunTab(page);
  const run = page.getByTestId('run-tool');
  if (fill) await fill(run);
  await run.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(run.getByTestId('run-result').getByTestId('tool-card')).toHaveAttribute('data-status', 'success', {
    timeout: 20_000,
  });
  return run.getByTestId('mcp-app');
}

const proxyFrame = (page: Page) => page.frameLocator('[data-testid="mcp-app-frame"]');
const appFrame = (page: Page) => proxyFrame(page).frameLocator('iframe');

test('server-basic-vanillajs renders in a sandboxed frame on another origin; its button calls a tool recorded with actor app', async ({
  page,
  host,
}) => {
  const consoleOrigin = new URL(host.url).origin;
  const app = await runByHand(page, host, 'get-time', 'basic');
  const frame = app.getByTestId('mcp-app-frame');
  await expect(frame).toHaveAttribute('data-phase', 'ready', { timeout: 20_000 });
  const proxyOrigin = new URL((await frame.getAttribute('src'))!).origin;
  expect(proxyOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(proxyOrigin).not.toBe(consoleOrigin);
  // The console's own CSP names exactly that origin as a frame source, and nothing else was loosened.
  const consoleCsp = (await page.request.get(host.url)).headers()['content-security-policy']!;
  expect(consoleCsp).toContain(`frame-src 'self' ${proxyOrigin};`);
  expect(consoleCsp).toContain("script-src 'self';");
  expect(consoleCsp).not.toMatch(/\*|unsafe-eval/);
  // The proxy's inner frame runs the app with scripts only, in an opaque origin.
  const proxy = page.frames().find((f) => f.url().startsWith(proxyOrigin))!;
  expect(await proxy.evaluate(() => document.querySelector('iframe')!.getAttribute('sandbox'))).toBe('allow-scripts');
  const inner = proxy.childFrames()[0]!;
  expect(await inner.evaluate(() => window.origin)).toBe('null');
  expect(
    await inner.evaluate(() =>
      document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content'),
    ),
  ).toContain("connect-src 'none'");
  // ui/initialize carried our context (theme, style variables); a theme change follows as host-context-changed.
  const consoleTheme = await page.evaluate(() =>
    window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
  );
  await expect.poll(() => inner.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(consoleTheme);
  expect(await inner.evaluate(() => document.documentElement.style.getPropertyValue('--color-text-primary'))).not.toBe(
    '',
  );
  const other = consoleTheme === 'dark' ? 'light' : 'dark';
  await page.evaluate((theme) => (document.documentElement.dataset.theme = theme), other);
  await expect.poll(() => inner.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(other);

  // An open-link request passes the URL gate, then waits for the operator; refused, nothing opens.
  await appFrame(page).getByRole('button', { name: 'Open Link' }).click();
  const ask = app.locator('[data-testid="mcp-app-ask"][data-kind="open"]');
  await expect(ask).toContainText('modelcontextprotocol.io');
  await ask.getByRole('button', { name: 'Refuse' }).click();
  await expect(ask).toHaveCount(0);
  expect(page.context().pages()).toHaveLength(1);

  await appFrame(page).getByRole('button', { name: 'Get Server Time' }).click();
  await nav(page)
    .getByRole('button', { name: /^Records/ })
    .click();
  await expect(page.locator('[data-testid="record-row"][data-tool="get-time"][data-actor="app"]')).toHaveCount(1, {
    timeout: 20_000,
  });
  await expect(page.locator('[data-testid="record-row"][data-tool="get-time"][data-actor="operator"]')).toHaveCount(1);
});

test('in Chat, a tool call with an app renders it inline', async ({ page, host }) => {
  // The registry server starts (and its app is fetched) before the model is given its tool.
  await gotoPage(page, host, 'tools');
  await expect(toolRow(page, 'get-time', 'basic')).toHaveAttribute('data-state', 'bound', { timeout: 30_000 });
  await startConversation(page, host, 'u1001');
  await send(page, '/call get-time {}');
  await expect(composer(page)).toBeEnabled({ timeout: 20_000 });
  const card = lastTurn(page).locator('[data-testid="tool-card"][data-tool="get-time"]');
  await expect(card).toHaveAttribute('data-status', 'success');
  await expect(card.getByTestId('mcp-app-frame')).toHaveAttribute('data-phase', 'ready', { timeout: 20_000 });
  // ui/message lands in the conversation, marked as the app's.
  await appFrame(page).locator('#message-text').fill('hello from the app');
  await appFrame(page).getByRole('button', { name: 'Send Message' }).click();
  const said = page.getByTestId('app-message');
  await expect(said).toContainText('hello from the app', { timeout: 15_000 });
  await expect(said).toHaveAttribute('data-role', 'message');
  await expect(said).toContainText('get-time');
});

test('a hostile app: its CSP wish is refused, its escapes fail, its flood is bounded and shown, and its write waits for approval', async ({
  page,
  host,
}) => {
  const app = await runByHand(page, host, 'hostile_app', 'hostile', async (run) => {
    await run.getByLabel('consolePort').fill(String(host.port));
    await run.getByLabel('consoleToken').fill(host.token);
  });
  // The resource asks for the camera: nothing loads until the operator answers, and only a yes reaches `allow`.
  const consent = app.getByTestId('mcp-app-permissions');
  await expect(consent).toContainText('Camera');
  await expect(app.getByTestId('mcp-app-frame')).toHaveCount(0);
  await consent.getByRole('button', { name: 'Allow' }).click();
  await expect(app.getByTestId('mcp-app-frame')).toHaveAttribute('data-phase', 'ready', { timeout: 20_000 });
  await expect(app.getByTestId('mcp-app-frame')).toHaveAttribute('allow', 'camera');
  await expect(app.getByTestId('mcp-app-csp-dropped')).toContainText('*');
  const hostileApp = appFrame(page);
  await expect(hostileApp.locator('#status')).toHaveText('ready Switchboard');
  await expect(hostileApp.locator('#input')).toContainText(String(host.port));
  const pageUrl = page.url();

  // Top navigation, the console's storage and page, and its WebSocket with the real token: all refused.
  await hostileApp.getByRole('button', { name: 'Escape' }).click();
  await expect(app.getByTestId('mcp-app-said')).toContainText(
    'escape: top=blocked storage=blocked parent=blocked top-page=blocked ws=blocked',
    { timeout: 15_000 },
  );
  expect(page.url()).toBe(pageUrl);

  // A flood is dropped past the bound and said so; the console and the app keep working.
  await hostileApp.getByRole('button', { name: 'Flood' }).click();
  await expect(app.getByTestId('mcp-app-flood')).toBeVisible();
  await expect(app.getByTestId('mcp-app-flood')).toContainText('dropped');

  // A write from the app waits for the operator, then runs, recorded with actor app.
  await page.waitForTimeout(1100); // past the flood's second
  await hostileApp.getByRole('button', { name: 'Write a note' }).click();
  await expect(hostileApp.locator('#status')).toHaveText('writing');
  const approval = app.getByTestId('approval-card');
  await expect(approval).toBeVisible({ timeout: 15_000 });
  await expect(hostileApp.locator('#status')).toHaveText('writing');
  await approval.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(hostileApp.locator('#status')).toHaveText('write: note 1 written', { timeout: 15_000 });

  // Size changes and display-mode requests; a teardown the app asks for ends with ui/resource-teardown.
  const frame = app.getByTestId('mcp-app-frame');
  await hostileApp.getByRole('button', { name: 'Grow' }).click();
  await expect.poll(() => frame.evaluate((el) => el.getBoundingClientRect().height)).toBeCloseTo(480, -1);
  await hostileApp.getByRole('button', { name: 'Fullscreen' }).click();
  await expect(hostileApp.locator('#status')).toHaveText('mode fullscreen');
  await expect(app.locator('.mcp-app-fullscreen')).toBeVisible();
  await app.getByRole('button', { name: 'Back to inline' }).click();
  await expect(app.locator('.mcp-app-inline')).toBeVisible();
  await hostileApp.getByRole('button', { name: 'Close' }).click();
  await expect(app).toContainText('closed its interface');

  await nav(page)
    .getByRole('button', { name: /^Records/ })
    .click();
  await expect(page.locator('[data-testid="record-row"][data-tool="write_note"][data-actor="app"]')).toHaveCount(1, {
    timeout: 15_000,
  });
});
