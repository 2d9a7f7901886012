import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '../host';
import { gotoPage, openPage, toolRow } from './pipeline-helpers';
import { startShopProcess, type ShopProcess } from './shop-process';

test.describe.configure({ timeout: 120_000 });

const card = (page: import('@playwright/test').Page, name: string) =>
  page.locator(`[data-testid="server-card"][data-server="${name}"]`);
const SHOP_TOOLS = ['query_order', 'query_logistics', 'cancel_order', 'update_shipping_address'];

test('a shop server that dies shows as failed and its tools unavailable; after it returns, Reconnect binds them again', async ({
  page,
  host,
}) => {
  // The default `builtin: shop` runs inside the host; to stop it from outside, the test runs its own shop over HTTP.
  let shop: ShopProcess | undefined = await startShopProcess();
  const port = shop.port;
  try {
    await gotoPage(page, host, 'servers');
    await expect(card(page, 'shop')).toHaveAttribute('data-status', 'connected');
    await card(page, 'shop').getByRole('button', { name: 'Edit' }).click();
    const form = page.getByTestId('server-form');
    await form.getByRole('radio', { name: /HTTP/ }).check();
    await form.getByLabel('URL').fill(shop.url);
    await form.getByLabel('Timeout (ms)').fill('3000');
    await form.getByRole('button', { name: 'Save server' }).click();
    await expect(form).toHaveCount(0);
    await expect(card(page, 'shop')).toContainText(`127.0.0.1:${port}/mcp`);
    await expect(card(page, 'shop')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
    await expect(card(page, 'shop').getByTestId('server-tool-count')).toContainText('6 offered');

    await openPage(page, 'Tools');
    for (const tool of SHOP_TOOLS) await expect(toolRow(page, tool, 'shop')).toHaveAttribute('data-state', 'bound');

    // Stop the server: Servers says failed, with the error; Tools shows the configured tools unavailable.
    await shop.kill();
    shop = undefined;
    await openPage(page, 'Servers');
    await expect(card(page, 'shop')).toHaveAttribute('data-status', 'failed', { timeout: 45_000 });
    await expect(card(page, 'shop').getByTestId('server-error')).not.toBeEmpty();
    await openPage(page, 'Tools');
    for (const tool of SHOP_TOOLS) {
      await expect(toolRow(page, tool, '')).toHaveAttribute('data-state', 'unavailable');
      await expect(toolRow(page, tool, '')).toContainText('shop');
    }
    await expect(toolRow(page, 'query_order', 'shop')).toHaveCount(0);

    // Start it again on the same port and press Reconnect: bound again.
    shop = await startShopProcess(port);
    await openPage(page, 'Servers');
    await card(page, 'shop').getByRole('button', { name: 'Reconnect' }).click();
    await expect(card(page, 'shop')).toHaveAttribute('data-status', 'connected', { timeout: 20_000 });
    await openPage(page, 'Tools');
    for (const tool of SHOP_TOOLS) await expect(toolRow(page, tool, 'shop')).toHaveAttribute('data-state', 'bound');
  } finally {
    await shop?.kill();
  }
});

test('adding, validating and removing a server, and rediscovering', async ({ page, host }) => {
  await gotoPage(page, host, 'servers');
  await page.getByRole('button', { name: 'Add server' }).click();
  const form = page.getByTestId('server-form');
  await form.getByRole('button', { name: 'Add server' }).click();
  await expect(form).toContainText('a name is required');
  await expect(form).toContainText('a URL is required');
  await form.getByLabel('Name').fill('shop');
  await expect(form).toContainText('a server named "shop" already exists');

  // A stdio server whose command does not exist: added, then failed with the reason.
  await form.getByRole('radio', { name: /stdio/ }).check();
  await form.getByLabel('Name').fill('ghost');
  await form.getByRole('textbox', { name: 'Command' }).fill('switchboard-no-such-command');
  await form.getByRole('button', { name: '+ Add argument' }).click();
  await form.getByLabel('Argument 1', { exact: true }).fill('--stdio');
  await form.getByRole('button', { name: 'Add server' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId('server-card')).toHaveCount(2);
  await expect(card(page, 'ghost')).toHaveAttribute('data-status', 'failed', { timeout: 20_000 });
  await expect(card(page, 'ghost').getByTestId('server-error')).toContainText(/ENOENT|not found|spawn/i);
  await expect(card(page, 'ghost')).toContainText('switchboard-no-such-command --stdio');

  await page.getByRole('button', { name: 'Rediscover all' }).click();
  await expect(card(page, 'shop')).toHaveAttribute('data-status', 'connected');

  await card(page, 'ghost').getByRole('button', { name: 'Remove…' }).click();
  await card(page, 'ghost').getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByTestId('server-card')).toHaveCount(1);
});

test('importing a Claude Desktop config asks about a name clash, then imports under a new name', async ({
  page,
  host,
}) => {
  await gotoPage(page, host, 'servers');
  await page.getByRole('button', { name: 'Import…' }).click();
  const panel = page.getByTestId('import-servers');
  const json = JSON.stringify({
    mcpServers: {
      shop: { url: 'http://127.0.0.1:9/mcp' },
      files: { command: 'switchboard-no-such-command', args: ['.'] },
    },
  });
  await panel.getByLabel(/Paste an mcpServers JSON/).fill(json);
  await panel.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(panel.getByTestId('import-preview')).toContainText('Nothing written yet');
  await expect(panel.getByTestId('import-preview').locator('tr[data-server="shop"]')).toContainText('name clash');
  await expect(page.getByTestId('server-card')).toHaveCount(1);

  await panel.getByRole('radio', { name: /new name/ }).check();
  await panel.getByRole('button', { name: 'Import with this choice' }).click();
  await expect(panel.getByTestId('import-preview')).toContainText('Imported');
  await expect(page.getByTestId('server-card')).toHaveCount(3);
  await expect(card(page, 'shop-2')).toBeVisible();
  await expect(card(page, 'files')).toBeVisible();
});

test('a Claude Desktop import of npx servers: env values masked and timeout kept in the preview; a slow first start shows installing / starting and connects; a broken one shows one line, its stack trace behind Details', async ({
  page,
  host,
}) => {
  const dir = await mkdtemp(join(tmpdir(), 'sb-e2e-npx-'));
  try {
    // A fake `npx`: installs for 4 s (longer than the default 10 s timeoutMs would allow if it were 3 s), then serves.
    const npx = join(dir, 'npx');
    await writeFile(
      npx,
      `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(resolve('tests/support/mcp/fake-package-runner.mjs'))} "$@"\n`,
    );
    await chmod(npx, 0o755);
    const common = ['--cache', join(dir, 'cache'), '--log', join(dir, 'log')];
    const json = JSON.stringify({
      mcpServers: {
        memory: {
          command: npx,
          args: ['-y', '@modelcontextprotocol/server-memory', '--install-ms', '4000', ...common],
          env: { MEMORY_API_KEY: 'sk-do-not-show-me' },
          timeout: 3,
        },
        broken: { command: npx, args: ['-y', 'broken-pkg', '--install-ms', '200', '--fail', ...common] },
      },
    });
    await gotoPage(page, host, 'servers');
    await page.getByRole('button', { name: 'Import…' }).click();
    const panel = page.getByTestId('import-servers');
    await panel.getByLabel(/Paste an mcpServers JSON/).fill(json);
    await panel.getByRole('button', { name: 'Preview', exact: true }).click();
    const memoryRow = panel.getByTestId('import-preview').locator('tr[data-server="memory"]');
    await expect(memoryRow.getByTestId('imported-env')).toHaveText('env: MEMORY_API_KEY=••••••');
    await expect(memoryRow.getByTestId('imported-timeout')).toHaveText('timeoutMs: 3000');
    await expect(panel.getByTestId('import-preview')).not.toContainText('sk-do-not-show-me');
    await expect(panel.getByTestId('import-preview')).toContainText('kept as timeoutMs: 3000 (3 read as seconds)');
    await panel.getByRole('button', { name: 'Import 2 servers' }).click();
    await expect(panel.getByTestId('import-preview')).toContainText('Imported');

    // An imported command runs only once the operator confirmed its exact command line (security review 2, item 10).
    for (const [name, pkg] of [
      ['memory', '@modelcontextprotocol/server-memory'],
      ['broken', 'broken-pkg'],
    ]) {
      const waiting = card(page, name).getByTestId('launch-confirmation');
      await expect(card(page, name)).toHaveAttribute('data-status', 'needs-confirmation');
      await expect(waiting).toContainText('Waiting for your confirmation to launch:');
      await expect(waiting.getByTestId('launch-command-line')).toContainText(`${npx} -y ${pkg} --install-ms`);
      await waiting.getByRole('button', { name: 'Launch', exact: true }).click();
    }

    // The first start gets installTimeoutMs (120 s), not the 3 s timeoutMs: it says so, then connects.
    await expect(card(page, 'memory').getByTestId('server-startup')).toContainText('Installing / starting');
    await expect(card(page, 'memory').getByTestId('server-startup')).toContainText('up to 120 s (installTimeoutMs)');
    await expect(card(page, 'memory')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
    await expect(card(page, 'memory').getByTestId('server-startup')).toHaveCount(0);

    // The broken one: what happened in one line; the stack trace only once Details is opened.
    const broken = card(page, 'broken');
    // It is retried with a growing backoff; by the third failure it stays failed for 8 s, time enough to read it.
    await expect(broken).toContainText('attempt 4 at', { timeout: 40_000 });
    await expect(broken).toHaveAttribute('data-status', 'failed');
    await expect(broken.getByTestId('server-error')).toHaveText(
      "the command exited before it answered initialize: Error: Cannot find module '/cache/fake-pkg/dist/index.js'",
    );
    await expect(broken.getByText('at Module._resolveFilename', { exact: false })).toBeHidden();
    await broken.getByTestId('server-error-details').locator('summary').click();
    await expect(broken.getByText('at Module._resolveFilename', { exact: false })).toBeVisible();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
