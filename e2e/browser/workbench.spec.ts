import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '../host';
import { ask, startConversation } from './chat-helpers';
import { gotoPage, openPage, openRunTab, saveIntents, toolRow, treeNode } from './pipeline-helpers';

const nav = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Main' });

test('Run query_order from Tools with the form: the result as a tool card, and a record with actor operator', async ({
  page,
  host,
}) => {
  await gotoPage(page, host, 'tools');
  // A required field left empty is refused before sending, with the error at the field.
  await toolRow(page, 'query_logistics', 'shop').click();
  // With the detail open the names keep their room: none is cut while the list has space.
  const cut = await page
    .locator('[data-testid="tool-row"] .tool-cell, [data-testid="tool-row"] > :nth-child(2)')
    .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent));
  expect(cut).toEqual([]);
  await openRunTab(page);
  let run = page.getByTestId('run-tool');
  await run.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(run.locator('.error-detail').first()).toContainText('is required');
  await expect(run.getByTestId('run-result')).toHaveCount(0);

  await toolRow(page, 'query_order', 'shop').click();
  run = page.getByTestId('run-tool');
  await expect(run.getByLabel('Acting identity')).toHaveValue('u1001');
  await run.getByLabel(/^keyword/).fill('AirPods');
  await run.getByRole('button', { name: 'Run', exact: true }).click();
  const card = run.getByTestId('run-result').getByTestId('tool-card');
  await expect(card).toHaveAttribute('data-status', 'success');
  // The result is brought into view, not left below the fold.
  await expect(run.getByTestId('run-result')).toBeInViewport();
  await card.locator('details.tool-result > summary').click();
  await expect(card.locator('details.tool-result pre')).toContainText('BS1001003');
  await expect(run.getByTestId('run-result')).toContainText('actor operator');
  await expect(run.getByTestId('run-cli-command')).toContainText(
    `npx switchboard tools call query_order --server shop --args '{"keyword":"AirPods"}' --customer u1001`,
  );

  // The arguments are kept per tool.
  await toolRow(page, 'query_logistics', 'shop').click();
  await toolRow(page, 'query_order', 'shop').click();
  await expect(page.getByTestId('run-tool').getByLabel(/^keyword/)).toHaveValue('AirPods');

  await nav(page)
    .getByRole('button', { name: /^Records/ })
    .click();
  await page.getByLabel('Actor').selectOption('operator');
  await expect(page.getByTestId('record-row')).toHaveCount(1);
  await expect(page.getByTestId('record-row')).toHaveAttribute('data-actor', 'operator');
  await expect(page.getByTestId('record-row')).toHaveAttribute('data-tool', 'query_order');
  await page.getByLabel('Actor').selectOption('model');
  await expect(page.getByTestId('record-row')).toHaveCount(0);
});

test('Run cancel_order by hand waits for approval (its node’s policy), then runs once approved', async ({
  page,
  host,
}) => {
  await gotoPage(page, host, 'tools');
  await toolRow(page, 'cancel_order', 'shop').click();
  await openRunTab(page);
  const run = page.getByTestId('run-tool');
  await run.getByRole('button', { name: 'JSON' }).click();
  await run.getByLabel('Arguments (JSON)').fill('{"orderNo": "BS1001011"}');
  await run.getByRole('button', { name: 'Run', exact: true }).click();
  const approval = run.getByTestId('approval-card');
  await expect(approval).toBeVisible();
  await expect(approval).toContainText('cancel_order');
  await expect(
    nav(page)
      .getByRole('button', { name: /^Requests/ })
      .getByLabel('1 pending'),
  ).toBeVisible();
  await approval.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(run.getByTestId('run-result').getByTestId('tool-card')).toHaveAttribute('data-status', 'success');
  await expect(run.getByTestId('run-result')).toContainText('approve by operator');
});

test('an unmounted tool runs with a note why the model would not see it; Mount query_coupons from its row, save, and it is bound', async ({
  page,
  host,
}) => {
  await gotoPage(page, host, 'tools');
  await toolRow(page, 'query_coupons', 'shop').click();
  // Not mounted, yet its definition and hints show (the Run form is built from the same definition).
  await expect(page.getByTestId('tool-detail').getByTestId('schema-view')).toBeVisible();
  await expect(page.getByTestId('tool-detail')).toContainText('readOnlyHint');
  await expect(page.getByTestId('tool-detail')).not.toContainText('bound tools only');
  await openRunTab(page);
  await expect(page.getByTestId('run-not-visible')).toContainText('The model would not see this tool (unmounted)');

  await toolRow(page, 'query_coupons', 'shop').getByTestId('mount-toggle').click();
  const bar = page.getByTestId('mount-bar');
  await expect(bar.getByLabel('into')).toHaveValue('shop');
  await bar.getByRole('button', { name: 'Mount query_coupons' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Intent tree' })).toBeVisible();
  await expect(page.getByTestId('intents-status')).toHaveText('Unsaved changes');
  const editor = page.getByTestId('node-editor');
  await expect(editor.getByLabel('Tool id')).toHaveValue('query_coupons');
  await expect(editor.getByLabel('Name')).toHaveValue('优惠券查询');
  await expect(treeNode(page, 'query_coupons')).toHaveAttribute('aria-selected', 'true');
  await saveIntents(page);

  // Mounted without an override: the server's own text is sent, and a later change to it would be too.
  await expect(editor.getByLabel(/^Override/)).toHaveValue('');
  await openPage(page, 'Tools');
  await expect(toolRow(page, 'query_coupons', 'shop')).toHaveAttribute('data-state', 'bound');
  await toolRow(page, 'query_coupons', 'shop').click();
  await page.getByTestId('tool-detail').getByRole('tab', { name: 'Details' }).click();
  await expect(page.getByTestId('tool-detail')).toContainText('The server’s own text (no override).');
});

test('replay a conversation after changing a description: the steps are side by side and the divergence is marked', async ({
  page,
  host,
}) => {
  await startConversation(page, host);
  await ask(page, '上周买的AirPods Pro还没收到，帮我看看送到哪了');
  await ask(page, '第一笔');
  await page.getByRole('button', { name: 'Replay with today’s config' }).click();
  await expect(page.getByTestId('replay-verdict')).toHaveText('same as the original');
  await page.getByTestId('replay-view').getByRole('button', { name: 'Close' }).click();

  await openPage(page, 'Intent tree');
  await treeNode(page, 'order-query').click();
  await page
    .getByTestId('node-editor')
    .getByLabel('Override (empty = use the server’s text)')
    .fill('查询当前客户的订单；先用它找订单，再查物流。');
  await saveIntents(page);

  await openPage(page, 'Chat');
  await page.getByRole('button', { name: 'Replay with today’s config' }).click();
  // The demo model answers and calls as before: what it was given changed, not what it did, so nothing is red.
  await expect(page.getByTestId('replay-verdict')).toHaveAttribute('data-verdict', 'given');
  await expect(page.getByTestId('replay-verdict')).toHaveText(
    'same answers and calls (only what the model was given changed)',
  );
  const first = page.getByTestId('replay-step').first();
  await expect(first).toHaveAttribute('data-same', 'false');
  await expect(first).toHaveAttribute('data-outcome-differs', 'false');
  await expect(first.getByTestId('replay-differences')).toContainText('descriptions');
  await expect(first).toContainText('query_order');
  await expect(page.locator('[data-testid="replay-step"].differs')).toHaveCount(0);
});

test('the Tests page runs every case: the default examples pass, a failing case shows the failed expectation and its transcript', async ({
  page,
  host,
}) => {
  await writeFile(
    join(host.dataDir, 'cases.yaml'),
    'cases:\n  - name: coupons are not mounted\n    messages: ["查一下我的优惠券"]\n    expect: { calls: [{ tool: query_coupons }] }\n',
  );
  await page.goto(`${host.url}#/tests`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tests' })).toBeVisible();
  await expect(page.getByTestId('case-row')).toHaveCount(9);
  await page.getByRole('button', { name: 'Run all' }).click();
  await expect(page.getByTestId('tests-run-summary')).toHaveText('Ran 9: 8 passed, 1 failed.', { timeout: 30_000 });
  await expect(page.locator('[data-testid="case-row"][data-result="passed"]')).toHaveCount(8);
  const failing = page.locator('[data-testid="case-row"][data-case="case:coupons are not mounted"]');
  await expect(failing).toHaveAttribute('data-result', 'failed');
  await failing.getByRole('button', { name: 'coupons are not mounted', exact: true }).click();
  const detail = page.getByTestId('case-detail');
  await expect(detail.locator('[data-passed="false"]')).toContainText(
    'calls query_coupons: not called; the model made no tool call',
  );
  await expect(detail.getByTestId('case-transcript')).toContainText('我现在查不到优惠券');
});

test('preview a draft: tools added and removed with tokens, and the affected node’s example run against the draft, nothing saved', async ({
  page,
  host,
}) => {
  await gotoPage(page, host, 'intents');
  await treeNode(page, 'order-cancel').click();
  await page.getByTestId('node-editor').getByLabel('Tool id').fill('query_coupons');
  const panel = page.getByTestId('preview-panel');
  await panel.getByRole('button', { name: 'Preview the draft' }).click();
  const changes = panel.getByTestId('preview-changes');
  await expect(changes).toContainText('+ query_coupons becomes visible');
  await expect(changes).toContainText('− cancel_order is no longer visible');
  await expect(panel.getByTestId('preview-tokens')).toContainText('Saved: 6 tools');
  const examples = panel.getByTestId('preview-examples');
  await expect(examples.locator('li')).toHaveCount(1);
  await expect(examples.locator('li')).toHaveAttribute('data-passed', 'false');
  await expect(examples).toContainText('calls query_coupons');
  await expect(page.getByTestId('intents-status')).toHaveText('Unsaved changes');
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByTestId('preview-panel')).toHaveCount(0);
});
