import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '../host';
import { explain, gotoPage, nav, toolRow, treeNode } from './pipeline-helpers';

test.describe.configure({ timeout: 120_000 });

const SHOTS = join('test-results', 'screenshots');

/** Servers, Intent tree, Tools and Skills in the OS light and dark themes, each showing real content. */
test('screenshots of Servers, Intent tree, Tools and Skills in light and dark', async ({ page, host }, testInfo) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await mkdir(SHOTS, { recursive: true });
  await gotoPage(page, host, 'servers');

  const pages: { label: string; file: string; ready: () => Promise<void>; after?: () => Promise<void> }[] = [
    {
      label: 'Servers',
      file: 'servers',
      ready: () => expect(page.getByTestId('server-card')).toHaveAttribute('data-status', 'connected'),
    },
    {
      label: 'Intent tree',
      file: 'intents',
      ready: async () => {
        await treeNode(page, 'logistics-query').click();
        const override = page.getByLabel('Override (empty = use the server’s text)');
        if (!(await override.inputValue()))
          await override.fill('按运单号查询物流轨迹。运单号必须来自 query_order 的结果。');
        await expect(page.getByTestId('description-diff')).toBeVisible();
      },
      // The draft is for the picture only: discard it so leaving the page does not ask.
      after: () => page.getByRole('button', { name: 'Discard changes' }).click(),
    },
    {
      label: 'Tools',
      file: 'tools',
      ready: async () => {
        await toolRow(page, 'query_logistics', 'shop').click();
        await expect(page.getByTestId('tool-detail')).toBeVisible();
        await explain(page, 'query_coupons');
      },
    },
    {
      label: 'Skills',
      file: 'skills',
      ready: () => expect(page.getByTestId('server-skill').first()).toContainText('售后处理手册'),
    },
  ];

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const { label, file, ready, after } of pages) {
      await nav(page)
        .getByRole('button', { name: new RegExp(`^${label}`) })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
      await ready();
      const name = `${file}-${colorScheme}.png`;
      const body = await page.screenshot({ path: join(SHOTS, name), fullPage: true });
      await testInfo.attach(name, { body, contentType: 'image/png' });
      await after?.();
    }
  }
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(21, 23, 27)');
});
