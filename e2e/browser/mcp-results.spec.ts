import type { Page } from '@playwright/test';
import { expect, type Host } from '../host';
import { composer, lastTurn, send, startConversation } from './chat-helpers';
import { everythingConnected, everythingTest } from './everything-host';

/** What server-everything says and sends, shown to the operator: its log, rich results, resources and prompts. */
const test = everythingTest([
  'get-tiny-image',
  'get-resource-links',
  'toggle-simulated-logging',
  'toggle-subscriber-updates',
]);

test.describe.configure({ timeout: 120_000 });

/** Calls a mounted tool in a conversation (the demo model's /call) and returns its card once it succeeded. */
async function call(page: Page, host: Host, line: string, tool: string) {
  await startConversation(page, host, 'u1001');
  await send(page, line);
  await expect(composer(page)).toBeEnabled({ timeout: 20_000 });
  const card = lastTurn(page).locator(`[data-testid="tool-card"][data-tool="${tool}"]`);
  await expect(card).toHaveAttribute('data-status', 'success');
  return card;
}

test('the server card shows its instructions, and its log view fills with leveled messages, filtered and asked of the server by level', async ({
  page,
  host,
}) => {
  const card = await everythingConnected(page, host);
  await expect(card.getByTestId('server-instructions')).toContainText('not sent to the model');
  await card.getByTestId('server-instructions').locator('summary').click();
  await expect(card.getByTestId('server-instructions').locator('pre')).not.toBeEmpty();

  await card.getByRole('button', { name: 'Log' }).click();
  const log = card.getByTestId('server-log');
  await expect(log.locator('[data-testid="server-log-line"][data-source="stderr"]').first()).toBeVisible();
  await expect(
    log
      .locator('[data-source="host"]')
      .filter({ hasText: /connected \(\d+ tools/ })
      .first(),
  ).toBeVisible();
  await log.getByLabel('Level asked of the server').selectOption('debug');
  await expect(log.getByLabel('Level asked of the server')).toHaveValue('debug');

  // A second tab turns on the server's simulated logging; this one receives the lines as they come.
  const chat = await page.context().newPage();
  await call(chat, host, '/call toggle-simulated-logging {}', 'toggle-simulated-logging');
  const fromServer = log.locator('[data-testid="server-log-line"][data-source="server"]');
  await expect(fromServer.first()).toBeVisible({ timeout: 20_000 });
  await expect(fromServer.first()).toContainText(/message/i);

  // The filter hides lower levels here only: every line shown is at or above it.
  await log.getByLabel('Show from level').selectOption('emergency');
  await expect(log.locator('[data-testid="server-log-line"]:not([data-level="emergency"])')).toHaveCount(0);
  await expect(log.getByTestId('server-log-count')).toContainText(/^\d+ of \d+ lines \(the last 1000 are kept\)/);
  await log.getByLabel('Show from level').selectOption('debug');
  await expect(fromServer.first()).toBeVisible();
  await chat.close();
});

test('with its instructions sent, each step shows them with their tokens; an image result is shown in its tool card and record; a resource link reads through the same server', async ({
  page,
  host,
}) => {
  const server = await everythingConnected(page, host);
  await server.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel(/Send its instructions to the model/).check();
  await page.getByRole('button', { name: 'Save server' }).click();
  await expect(server.getByTestId('server-instructions')).toContainText(
    'sent to the model (appended to the system prompt)',
  );
  await expect(server).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });

  const card = await call(page, host, '/call get-tiny-image {}', 'get-tiny-image');
  const visible = lastTurn(page).getByTestId('visible-tools');
  await visible.locator(':scope > summary').click();
  await expect(visible.locator('[data-testid="step-instructions"][data-server="everything"]').first()).toContainText(
    /Instructions from everything in the system prompt · \d+ tokens/,
  );
  const image = card.locator('[data-testid="result-part"][data-type="image"] img');
  await expect(image).toBeVisible();
  // Decoded by the page (the data is real, and the page's policy lets it show): not a broken image.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(card.locator('[data-type="image"]')).toContainText('Image image/png');

  await card.getByRole('button', { name: 'Open execution record' }).click();
  await expect(page.getByTestId('result-image').first()).toBeVisible();

  const links = await call(page, host, '/call get-resource-links {"count": 2}', 'get-resource-links');
  const link = links.locator('[data-testid="result-part"][data-type="resource_link"]').first();
  await expect(link).toContainText('demo://resource/');
  await link.getByRole('button', { name: 'Read' }).click();
  await expect(link.getByTestId('resource-contents')).toContainText(/Read from everything at/);
  await expect(link.getByTestId('resource-contents').locator('pre, img').first()).toBeVisible();
});

test('the Resources & Prompts view lists and reads resources, hears a subscribed one change, and gets a prompt with suggested arguments', async ({
  page,
  host,
}) => {
  const card = await everythingConnected(page, host);
  await card.getByRole('button', { name: 'Resources & prompts' }).click();
  const view = card.getByTestId('resources-prompts');
  const rows = view.getByTestId('resource-row');
  await expect(rows.first()).toBeVisible();
  const first = rows.first();
  const uri = await first.getAttribute('data-uri');
  expect(uri).toMatch(/^demo:\/\//);
  await first.getByRole('button', { name: 'Read' }).click();
  await expect(first.getByTestId('resource-contents')).toHaveAttribute('data-uri', uri!);
  await expect(first.getByTestId('resource-contents').locator('pre').first()).not.toBeEmpty();

  await first.getByRole('button', { name: 'Subscribe' }).click();
  await expect(first.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
  const chat = await page.context().newPage();
  await call(chat, host, '/call toggle-subscriber-updates {}', 'toggle-subscriber-updates');
  await expect(first.getByTestId('resource-updates')).toContainText('the server announced');
  await call(chat, host, '/call toggle-subscriber-updates {}', 'toggle-subscriber-updates');
  await chat.close();
  await first.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(first.getByRole('button', { name: 'Subscribe' })).toBeVisible();

  // A resource template is filled in field by field (the server's completion suggests), not edited by hand.
  await view.locator('.resource-templates > summary').click();
  const template = view.locator(
    '[data-testid="resource-template"][data-uri-template="demo://resource/dynamic/text/{resourceId}"]',
  );
  await template.getByRole('button', { name: 'Fill in' }).click();
  const filled = template.getByTestId('template-form');
  await expect(filled.getByRole('button', { name: 'Read' })).toBeDisabled();
  await filled.getByLabel('resourceId').fill('3');
  await expect(filled.getByTestId('argument-suggestions').getByRole('button', { name: '3' })).toBeVisible();
  await expect(filled.getByTestId('template-uri')).toHaveText('demo://resource/dynamic/text/3');
  await filled.getByRole('button', { name: 'Read' }).click();
  await expect(filled.getByTestId('resource-contents')).toHaveAttribute('data-uri', 'demo://resource/dynamic/text/3');
  await expect(filled.getByTestId('resource-contents').locator('pre').first()).toContainText('Resource 3');

  await view.getByTestId('prompt-row').filter({ hasText: 'completable-prompt' }).getByRole('button').click();
  const form = view.getByTestId('prompt-form');
  await form.getByLabel(/^department/).fill('E');
  await form.getByTestId('argument-suggestions').getByRole('button', { name: 'Engineering' }).click();
  await expect(form.getByLabel(/^department/)).toHaveValue('Engineering');
  const names = form.getByTestId('argument-suggestions').filter({ hasText: 'Alice' });
  await expect(names.getByRole('button')).toHaveText(['Alice', 'Bob', 'Charlie']);
  await names.getByRole('button', { name: 'Bob' }).click();
  await form.getByRole('button', { name: 'Get prompt' }).click();
  await expect(form.getByTestId('prompt-messages')).toContainText(
    'Please promote Bob to the head of the Engineering team.',
  );
});
