import { expect, test } from '../host';
import { ask, composer, lastTurn, send, startConversation } from './chat-helpers';
import { gotoPage, treeNode } from './pipeline-helpers';

test.describe.configure({ timeout: 120_000 });

test('approval: the policy chip says why it asks, Reject… brings its reason box and buttons into view, and the composer’s Stop works meanwhile', async ({
  page,
  host,
}) => {
  await page.setViewportSize({ width: 1280, height: 560 });
  await startConversation(page, host, 'u1001');
  await ask(page, '上周买的AirPods Pro还没收到，帮我看看送到哪了');
  await send(page, '帮我取消键盘的订单');
  const card = lastTurn(page).getByTestId('approval-card');
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByTestId('policy-chip')).toHaveText('policy auto: asks because the tool is not read-only');

  // The transcript scrolled to the card's top; the reason form opens below it and is brought into view whole.
  await card.getByRole('button', { name: 'Reject…' }).click();
  await expect(card.getByLabel(/Reason for rejecting/)).toBeFocused();
  await expect(card.getByLabel(/Reason for rejecting/)).toBeInViewport();
  await expect(card.getByRole('button', { name: 'Reject', exact: true })).toBeInViewport({ ratio: 1 });
  await expect(card.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });

  // Stop sits in the composer in place of Send, and works while the approval waits.
  const stop = page.locator('form.composer').getByRole('button', { name: 'Stop' });
  await expect(stop).toBeEnabled();
  await stop.click();
  await expect(composer(page)).toBeEnabled({ timeout: 20_000 });
  await expect(lastTurn(page).locator('[data-testid="tool-card"][data-tool="cancel_order"]')).toHaveAttribute(
    'data-status',
    'stopped',
  );
  await expect(page.locator('form.composer').getByRole('button', { name: 'Send' })).toBeVisible();
});

test('a new answer scrolls into view after the operator scrolled up through an expanded Visible tools panel', async ({
  page,
  host,
}) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await startConversation(page, host, 'u1001');
  await ask(page, '上周买的AirPods Pro还没收到，帮我看看送到哪了');
  const panel = lastTurn(page).getByTestId('visible-tools');
  await panel.locator(':scope > summary').click();
  await expect(panel.getByTestId('step-tools').first()).toBeVisible();
  // Reading the panel: the operator scrolls up, away from the bottom.
  await page.getByLabel('Transcript').evaluate((el) => el.scrollTo({ top: 0 }));
  await ask(page, '第一笔');
  await expect(lastTurn(page).getByTestId('assistant-message').last()).toContainText('BIT9100000233');
  await expect(lastTurn(page).getByTestId('assistant-message').last()).toBeInViewport();
});

test('at 900 px the transcript takes the width; disabled buttons look disabled in dark mode', async ({
  page,
  host,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 900, height: 760 });
  await startConversation(page, host, 'u1001');
  const width = await page.getByLabel('Transcript').evaluate((el) => el.getBoundingClientRect().width);
  expect(width).toBeGreaterThan(900 * 0.7);

  // Send with nothing typed is disabled: neutral (no accent fill), unlike the enabled one.
  const sendButton = page.locator('form.composer').getByRole('button', { name: 'Send' });
  await expect(sendButton).toBeDisabled();
  const look = () =>
    sendButton.evaluate((el) => ({
      background: getComputedStyle(el).backgroundColor,
      color: getComputedStyle(el).color,
      border: getComputedStyle(el).borderStyle,
    }));
  const disabled = await look();
  await composer(page).fill('你好');
  await expect(sendButton).toBeEnabled();
  const enabled = await look();
  expect(disabled.background).toBe('rgba(0, 0, 0, 0)');
  expect(enabled.background).not.toBe(disabled.background);
  expect(disabled.border).toBe('dashed');
});

test('a node added to a selected category goes inside it and takes its name and id from the tool picked; the picker finds a typed tool id', async ({
  page,
  host,
}) => {
  await gotoPage(page, host, 'intents');
  const category = page.locator('[data-testid="intent-node"][data-kind="category"]').first();
  const categoryId = await category.getAttribute('data-node-id');
  await category.click();
  await page.getByRole('button', { name: '+ MCP tool' }).click();
  const added = treeNode(page, 'new-tool');
  await expect(added).toHaveAttribute('aria-selected', 'true');
  await expect(added).toHaveAttribute('aria-level', '2');
  // Inside that category: the category is the nearest level-1 row above it.
  const parentId = await added.evaluate((row) => {
    let prev = row.previousElementSibling;
    while (prev && prev.getAttribute('aria-level') !== '1') prev = prev.previousElementSibling;
    return prev?.getAttribute('data-node-id');
  });
  expect(parentId).toBe(categoryId);

  // Typing a tool id lists that tool only, not those whose descriptions mention it.
  await page.getByLabel('Find a discovered tool').fill('query_order');
  await expect(page.getByTestId('tool-option')).toHaveCount(1);
  await page.getByLabel('Find a discovered tool').fill('query_coupons');
  await page.keyboard.press('Enter');
  const editor = page.getByTestId('node-editor');
  await expect(editor.getByLabel('Tool id')).toHaveValue('query_coupons');
  await expect(editor.getByLabel('Name', { exact: true })).toHaveValue('query_coupons');
  await expect(editor.getByLabel('Id', { exact: true })).toHaveValue('query_coupons');
  await expect(treeNode(page, 'query_coupons')).toHaveAttribute('aria-level', '2');
});
