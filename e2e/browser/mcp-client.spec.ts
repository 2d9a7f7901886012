import type { Page } from '@playwright/test';
import { expect, type Host } from '../host';
import { composer, lastTurn, resultOf, send, startConversation } from './chat-helpers';
import { everythingConnected, everythingTest } from './everything-host';

const test = everythingTest([
  'trigger-elicitation-request',
  'trigger-url-elicitation',
  'trigger-sampling-request',
  'trigger-long-running-operation',
]);

test.describe.configure({ timeout: 120_000 });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Waits for server-everything on the Servers page (it is offered its capability tools), then opens a conversation. */
async function ready(page: Page, host: Host) {
  // The card shows the last initialize both ways: protocol version, what we declared and what it offered.
  const card = await everythingConnected(page, host);
  await expect(card.getByTestId('offered-capabilities')).toContainText(/\btools\b.*\btasks\b/);
  await expect(card).toContainText(/Protocol\s*\d{4}-\d{2}-\d{2}/);
  await startConversation(page, host, 'u1001');
}

test('a server’s question appears under its tool call as a form with the schema’s defaults; the answer reaches the server', async ({
  page,
  host,
}) => {
  await ready(page, host);
  await send(page, '/call trigger-elicitation-request {}');
  const call = lastTurn(page)
    .locator('.tool-slot')
    .filter({ has: page.locator('[data-tool="trigger-elicitation-request"]') });
  const form = call.getByTestId('elicitation-card');
  await expect(form).toBeVisible({ timeout: 20_000 });
  await expect(form).toContainText('Please provide inputs for the following fields:');
  await expect(
    nav(page)
      .getByRole('button', { name: /^Requests/ })
      .getByLabel('1 pending'),
  ).toBeVisible();
  await expect(form.getByLabel('Integer', { exact: true })).toHaveValue('42');
  await expect(form.getByLabel('String with default')).toHaveValue('It was a dark and stormy night.');
  await expect(form.getByLabel('Titled Single Select Enum', { exact: true })).toHaveValue('hero-1');

  // The required name is missing: refused in the form, nothing sent.
  await form.getByRole('button', { name: 'Accept' }).click();
  await expect(form.getByText('String is required')).toBeVisible();
  await form.getByRole('textbox', { name: 'String', exact: true }).fill('Ada Lovelace');
  await form.getByLabel('String with email format').fill('ada@example.com');
  await form.getByLabel('Integer', { exact: true }).fill('7');
  await form.getByRole('button', { name: 'Accept' }).click();

  await expect(composer(page)).toBeEnabled({ timeout: 20_000 });
  const card = lastTurn(page).locator('[data-testid="tool-card"][data-tool="trigger-elicitation-request"]');
  await expect(card).toHaveAttribute('data-status', 'success');
  const result = await resultOf(card);
  expect(result).toContain('- Name: Ada Lovelace');
  expect(result).toContain('- Email: ada@example.com');
  expect(result).toContain('- Favorite Integer: 7');
  await expect(card).toContainText('Question accepted by operator');
  await expect(
    nav(page)
      .getByRole('button', { name: /^Requests/ })
      .getByLabel(/pending/),
  ).toHaveCount(0);
});

test('a URL question shows the full URL and its host, opens nothing until clicked, and answers accept once the tab opened', async ({
  page,
  host,
}) => {
  await ready(page, host);
  const popups: string[] = [];
  page.on('popup', (popup) => popups.push(popup.url()));
  const url = 'http://127.0.0.1:9/consent?client=switchboard&step=1';
  // The server's page, answered by the browser context itself (nothing listens on port 9).
  await page
    .context()
    .route('http://127.0.0.1:9/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Consent</h1>' }));
  await send(page, `/call trigger-url-elicitation {"url": "${url}", "message": "Sign in to the example service"}`);
  const call = lastTurn(page)
    .locator('.tool-slot')
    .filter({ has: page.locator('[data-tool="trigger-url-elicitation"]') });
  const question = call.getByTestId('elicitation-card');
  await expect(question).toHaveAttribute('data-mode', 'url', { timeout: 20_000 });
  await expect(question).toContainText('Sign in to the example service');
  await expect(question.getByTestId('url-full')).toHaveText(url);
  await expect(question.getByTestId('url-host')).toHaveText('127.0.0.1:9');
  expect(popups).toEqual([]); // shown, not opened

  // The click opens a tab within the gesture, then sends it to the URL; accept goes only once the tab exists.
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    question.getByRole('button', { name: 'Open 127.0.0.1:9 and accept' }).click(),
  ]);
  await popup.waitForURL(url);
  await expect(popup.getByRole('heading', { name: 'Consent' })).toBeVisible();
  await popup.close();
  const card = lastTurn(page).locator('[data-testid="tool-card"][data-tool="trigger-url-elicitation"]');
  await expect(card).toHaveAttribute('data-status', 'success', { timeout: 20_000 });
  expect(await resultOf(card)).toContain('User completed the URL elicitation flow.');
  await expect(card).toContainText('Question (URL) accepted by operator');
});

test('a sampling request waits on the Requests page, runs on the model only when approved, and its answer is returned after review', async ({
  page,
  host,
}) => {
  await ready(page, host);
  await send(page, '/call trigger-sampling-request {"prompt": "What is MCP?", "maxTokens": 64}');
  await expect(lastTurn(page).getByTestId('sampling-card')).toBeVisible({ timeout: 20_000 });

  await nav(page)
    .getByRole('button', { name: /^Requests/ })
    .click();
  const card = page.getByTestId('sampling-card');
  await expect(card).toHaveAttribute('data-stage', 'review');
  await expect(card.getByLabel('System prompt')).toHaveValue('You are a helpful test server.');
  await expect(card.getByLabel(/Message 1/)).toHaveValue('Resource trigger-sampling-request context: What is MCP?');
  await expect(card.getByLabel('Max tokens')).toHaveValue('64');
  await card.getByLabel(/Message 1/).fill('What is the Model Context Protocol?');
  await card.getByRole('button', { name: 'Send to offline demo model' }).click();
  await expect(card).toHaveAttribute('data-stage', 'answered');
  await expect(card.getByTestId('sampling-answer')).toHaveText(
    'Demo answer: you asked “What is the Model Context Protocol?”. (The offline demo model answers the same way every time.)',
  );
  await card.getByRole('button', { name: 'Return answer to everything' }).click();
  await expect(page.getByText('Nothing is waiting.')).toBeVisible();

  await nav(page).getByRole('button', { name: /^Chat/ }).click();
  const tool = lastTurn(page).locator('[data-testid="tool-card"][data-tool="trigger-sampling-request"]');
  await expect(tool).toHaveAttribute('data-status', 'success', { timeout: 20_000 });
  expect(await resultOf(tool)).toContain('Demo answer: you asked');
  await expect(tool).toContainText('Sampling request answered by operator');
});

test('a long operation shows its progress live in the tool card while it runs', async ({ page, host }) => {
  await ready(page, host);
  await send(page, '/call trigger-long-running-operation {"duration": 6, "steps": 12}');
  const card = lastTurn(page).locator('[data-testid="tool-card"][data-tool="trigger-long-running-operation"]');
  const bar = card.getByTestId('tool-progress').locator('progress');
  await expect(bar).toHaveAttribute('max', '12', { timeout: 20_000 });
  const first = Number(await bar.getAttribute('value'));
  await expect.poll(async () => Number(await bar.getAttribute('value')), { timeout: 10_000 }).toBeGreaterThan(first);
  await expect(card).toHaveAttribute('data-status', 'running');
  await expect(card).toHaveAttribute('data-status', 'success', { timeout: 30_000 });
  expect(await resultOf(card)).toContain('Long running operation completed. Duration: 6 seconds, Steps: 12.');
});
