import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '../host';
import { ask, lastTurn, send, startConversation } from './chat-helpers';

test.describe.configure({ timeout: 120_000 });

const SHOTS = join('test-results', 'screenshots');

/** Every page of this console in the OS light and dark themes, with real content from the demo story. */
test('screenshots of Chat, Requests, Records and Settings in light and dark', async ({ page, host }, testInfo) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await mkdir(SHOTS, { recursive: true });

  // Content: the tracking story, then a cancel left waiting for approval.
  await startConversation(page, host, 'u1001');
  await ask(page, '上周买的AirPods Pro还没收到，帮我看看送到哪了');
  await ask(page, '第一笔');
  await send(page, '帮我取消键盘的订单');
  await expect(lastTurn(page).getByTestId('approval-card')).toBeVisible({ timeout: 20_000 });

  const nav = page.getByRole('navigation', { name: 'Main' });
  const pages: { label: string; ready: () => Promise<void> }[] = [
    {
      label: 'Chat',
      ready: async () => {
        await expect(page.getByTestId('approval-card')).toBeVisible();
        // Show the "Visible tools" panel of the last turn open (a page switch remounts it closed).
        const panel = lastTurn(page).getByTestId('visible-tools');
        if ((await panel.getAttribute('open')) === null) await panel.locator(':scope > summary').click();
        await panel.scrollIntoViewIfNeeded();
      },
    },
    { label: 'Requests', ready: () => expect(page.getByTestId('approval-card')).toHaveCount(1) },
    {
      label: 'Records',
      ready: async () => {
        await expect(page.getByTestId('record-row')).toHaveCount(3);
        await page.locator('[data-testid="record-row"][data-tool="query_logistics"]').getByRole('button').click();
        await expect(page.getByTestId('record-detail')).toContainText('BIT9100000233');
      },
    },
    { label: 'Settings', ready: () => expect(page.getByTestId('raw-yaml')).toHaveValue(/builtin: shop/) },
  ];

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const { label, ready } of pages) {
      await nav.getByRole('button', { name: new RegExp(`^${label}`) }).click();
      await ready();
      const name = `${label.toLowerCase()}-${colorScheme}.png`;
      const body = await page.screenshot({ path: join(SHOTS, name), fullPage: label === 'Settings' });
      await testInfo.attach(name, { body, contentType: 'image/png' });
    }
  }
  // The dark theme really applies: the page background follows the OS setting.
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(21, 23, 27)');
});
