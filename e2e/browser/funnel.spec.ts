import { expect, test } from '../host';
import { ask, lastTurn, startConversation } from './chat-helpers';
import { gotoPage, openPage } from './pipeline-helpers';

test.describe.configure({ timeout: 120_000 });

const stage = (root: ReturnType<import('@playwright/test').Page['getByTestId']>, name: string) =>
  root.locator(`[data-stage="${name}"]`);

test('the Tools page opens with the funnel: counts per stage, drops between them, a click filters the list; the chat shows it per model step', async ({
  page,
  host,
}) => {
  await gotoPage(page, host, 'tools');
  const funnel = page.getByTestId('tool-funnel');
  const counts = async () =>
    Promise.all(
      ['discovered', 'mounted', 'bindings', 'bound', 'sent'].map((s) => stage(funnel, s).getAttribute('data-count')),
    );
  await expect.poll(counts).toEqual(['6', '5', '5', '4', '4']);
  await expect(stage(funnel, 'bound')).toContainText('− 1 gated by skills');
  await expect(funnel).toContainText('1 configured tool no connected server offers');

  await stage(funnel, 'bindings')
    .getByRole('button', { name: /bindings/ })
    .click();
  await expect(page.getByTestId('tool-row')).toHaveCount(5);
  await stage(funnel, 'bound')
    .getByRole('button', { name: /gated by skills/ })
    .click();
  await expect(page.getByTestId('tool-row')).toHaveCount(1);
  await expect(page.getByTestId('tool-row')).toHaveAttribute('data-tool', 'apply_refund');

  // After a refund conversation loads its skill, the last turn's last model call was sent the gated tool too.
  await startConversation(page, host, 'u1001');
  await ask(page, '我要退款');
  const panel = lastTurn(page).getByTestId('visible-tools');
  await panel.locator(':scope > summary').click();
  const stepFunnel = panel.getByTestId('step-funnel');
  await expect(stage(stepFunnel, 'sent')).toHaveAttribute('data-count', '5');
  await expect(stage(stepFunnel, 'sent')).toContainText('skills: after-sales');
  await stepFunnel.getByLabel('Funnel for').selectOption('1');
  await expect(stage(stepFunnel, 'sent')).toHaveAttribute('data-count', '4');

  await openPage(page, 'Tools');
  await expect(stage(funnel, 'sent')).toHaveAttribute('data-count', '5');
  await expect(stage(funnel, 'sent')).toContainText('the last turn');
  await stage(funnel, 'sent').getByRole('button').click();
  await expect(page.getByTestId('tool-row')).toHaveCount(5);
});

test('the funnel reads in the dark theme', async ({ page, host }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await gotoPage(page, host, 'tools');
  const row = page.getByTestId('tool-funnel').locator('[data-stage="discovered"] .funnel-row');
  await expect(row).toContainText('discovered on servers');
  const { text, panel } = await row.evaluate((el) => ({
    text: getComputedStyle(el).color,
    panel: getComputedStyle(el.closest('.tool-funnel')!).backgroundColor,
  }));
  // Light text on a dark panel: the theme's own colours, not the light theme's.
  const luminance = (rgb: string) =>
    rgb
      .match(/\d+/g)!
      .slice(0, 3)
      .map(Number)
      .reduce((a, b) => a + b, 0) / 3;
  expect(luminance(text)).toBeGreaterThan(180);
  expect(luminance(panel)).toBeLessThan(60);
});
