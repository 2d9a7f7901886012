import { expect, startHost, stopHost, test } from '../host';

test.describe.configure({ timeout: 90_000 });

const nav = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Main' });

test('a first run opens on Chat; later starts open on the last page; the browser console explains apiKeyEnv and does not warn while the demo model answers', async ({
  page,
  host,
}) => {
  const bare = host.url; // the URL `serve` printed: no page in it
  await page.goto(bare);
  await expect(page.getByTestId('connection')).toHaveText('connected');
  await expect(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
  await expect(nav(page).getByRole('button', { name: /^Chat/ })).toHaveAttribute('aria-current', 'page');

  await nav(page)
    .getByRole('button', { name: /^Settings/ })
    .click();
  await expect(page.getByTestId('model-in-use')).toHaveText('offline demo model');
  // No form that cannot save: how to set the key instead, and no warning while the demo model needs none.
  await expect(page.getByLabel('New API key')).toHaveCount(0);
  await expect(page.getByTestId('api-key-env-command')).toHaveText('OPENAI_API_KEY=sk-… npx switchboard serve');
  await expect(page.getByTestId('api-key-env-help')).toContainText('agent.model.apiKeyEnv');
  await expect(page.getByTestId('api-key-status')).toHaveText('Key: not needed: this model answers without one');
  await expect(page.getByTestId('api-key-status').locator('.warn-text')).toHaveCount(0);

  await nav(page)
    .getByRole('button', { name: /^Records/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Records' })).toBeVisible();
  await page.goto(bare);
  await expect(page.getByRole('heading', { level: 1, name: 'Records' })).toBeVisible();
  await expect(page.getByTestId('connection')).toHaveText('connected');
});

test('without its token, or with a stale one, the console says which token, where serve printed it and how to get a new one', async ({
  page,
  host,
}) => {
  const origin = `http://127.0.0.1:${host.port}`;
  await page.goto(`${origin}/#/servers`);
  const notice = page.getByTestId('token-required');
  await expect(notice).toBeVisible();
  await expect(notice.getByTestId('token-missing')).toBeVisible();
  await expect(notice).toContainText('Switchboard console: http://127.0.0.1:7345/?token=…');
  await expect(notice).toContainText('console-token');
  await expect(notice).toContainText('switchboard serve --new-token');
  await expect(page.getByText('Loading servers…')).toHaveCount(0);

  await page.goto(`${origin}/?token=an-old-token-from-a-bookmark#/servers`);
  await expect(notice.getByTestId('token-stale')).toBeVisible();

  // Pasting the URL serve printed connects, and lands on the page that was asked for.
  await notice.getByLabel('Console address or token').fill(host.url);
  await notice.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByTestId('connection')).toHaveText('connected');
  await expect(page.getByRole('heading', { level: 1, name: 'Servers' })).toBeVisible();
});

test('the token is kept per data directory: a restart prints the same URL token, and --new-token is needed to change it', async () => {
  const first = await startHost();
  await stopHost(first, false);
  const again = await startHost(first.dataDir);
  try {
    expect(again.token).toBe(first.token);
  } finally {
    await stopHost(again);
  }
});
