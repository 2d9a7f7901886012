import { expect, test } from '../host';
import { gotoPage, openPage, toolRow } from './pipeline-helpers';
import { startShopProcess, type ShopProcess } from './shop-process';

test.describe.configure({ timeout: 120_000 });

const card = (page: import('@playwright/test').Page, name: string) => page.locator(`[data-testid="server-card"][data-server="${name}"]`);
const SHOP_TOOLS = ['query_order', 'query_logistics', 'cancel_order', 'update_shipping_address'];

test('a shop server that dies shows as failed and its tools unavailable; after it returns, Reconnect binds them again', async ({ page, host }) => {
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

test('importing a Claude Desktop config asks about a name clash, then imports under a new name', async ({ page, host }) => {
  await gotoPage(page, host, 'servers');
  await page.getByRole('button', { name: 'Import…' }).click();
  const panel = page.getByTestId('import-servers');
  const json = JSON.stringify({ mcpServers: { shop: { url: 'http://127.0.0.1:9/mcp' }, files: { command: 'switchboard-no-such-command', args: ['.'] } } });
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
