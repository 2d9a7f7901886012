import { expect, test } from '../host';
import { send, startConversation } from './chat-helpers';
import { gotoPage, nav, openRunTab, toolRow } from './pipeline-helpers';

// Issue 30 item 2: whom an action was for, on the approval card (chat and Requests) and in Records (column, filter),
// and a run by hand named for what it is, not "(deleted)".
test('the acting identity on the approval cards and in Records; a run by hand is named as one', async ({
  page,
  host,
}) => {
  await startConversation(page, host, 'u1001');
  await send(page, '帮我取消键盘的订单');
  const inline = page.getByTestId('approval-card');
  await expect(inline.getByTestId('approval-identity')).toHaveText('u1001');
  await nav(page)
    .getByRole('button', { name: /^Requests/ })
    .click();
  const onRequests = page.getByTestId('approval-card');
  await expect(onRequests.getByTestId('approval-identity')).toHaveText('u1001');
  await onRequests.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(onRequests).toHaveCount(0);

  await gotoPage(page, host, 'tools');
  await toolRow(page, 'query_coupons', 'shop').click();
  await openRunTab(page);
  const run = page.getByTestId('run-tool');
  await run.getByLabel('Acting identity').fill('u1002');
  await run.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(run.getByTestId('run-result').getByTestId('tool-card')).toHaveAttribute('data-status', 'success');

  await nav(page)
    .getByRole('button', { name: /^Records/ })
    .click();
  const rows = page.getByTestId('record-row');
  await expect(
    page.locator('[data-testid="record-row"][data-tool="cancel_order"]').getByTestId('record-identity'),
  ).toHaveText('u1001');
  const byHand = page.locator('[data-testid="record-row"][data-tool="query_coupons"]');
  await expect(byHand.getByTestId('record-identity')).toHaveText('u1002');
  await expect(byHand).toContainText('Run by hand (operator)');
  await expect(byHand).not.toContainText('(deleted)');
  await page.getByTestId('records-filter-identity').selectOption('u1002');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-tool', 'query_coupons');
  await page.getByTestId('records-filter-identity').selectOption('u1001');
  await expect(rows.filter({ hasText: 'u1002' })).toHaveCount(0);
  await rows.first().click();
  await expect(page.getByTestId('record-detail-identity')).toHaveText('u1001');
});
