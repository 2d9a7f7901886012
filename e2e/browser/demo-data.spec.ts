import { expect, test } from '../host';

// Issue 30 item 3: Settings → Reset demo data, asked in place before anything is reset.
test('Settings → Reset demo data asks first, then resets the demo shop', async ({ page, host }) => {
  await page.goto(`${host.url}#/settings`);
  const section = page.getByTestId('demo-data-setting');
  await section.getByRole('button', { name: 'Reset demo data…' }).click();
  await expect(section.getByRole('group', { name: 'Confirm the reset' })).toContainText(
    'conversations and records are kept',
  );
  await section.getByRole('button', { name: 'Cancel' }).click();
  await expect(section.getByTestId('demo-data-reset')).toHaveCount(0);
  await section.getByRole('button', { name: 'Reset demo data…' }).click();
  await section.getByRole('button', { name: 'Reset demo data', exact: true }).click();
  await expect(section.getByTestId('demo-data-reset')).toHaveText(
    /The demo data is back to its start|has not started yet/,
  );
});
