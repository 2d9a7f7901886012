import { readFile } from 'node:fs/promises';
import { expect, test } from '../host';
import { ask, composer, lastTurn, resultOf, send, startConversation } from './chat-helpers';

test.describe.configure({ timeout: 120_000 });

test('the seed story: the agent finds the order, asks which one, and tracks it with the order’s own tracking number', async ({
  page,
  host,
}) => {
  await startConversation(page, host, 'u1001');
  await ask(page, '上周买的AirPods Pro还没收到，帮我看看送到哪了');

  // Two AirPods orders: query_order ran, then the clarifying question.
  const first = lastTurn(page);
  await expect(first.locator('[data-testid="tool-card"][data-tool="query_order"]')).toHaveAttribute(
    'data-status',
    'success',
  );
  await expect(first.getByTestId('assistant-message').last()).toContainText('请问您要查询物流的是哪一笔');
  await expect(first.getByTestId('assistant-message').last()).toContainText('BS1001003');

  await ask(page, '第一笔');
  const second = lastTurn(page);
  const logistics = second.locator('[data-testid="tool-card"][data-tool="query_logistics"]');
  await expect(logistics).toHaveAttribute('data-status', 'success');
  // The tracking number came from the order, not from the customer's words.
  await expect(logistics.locator('.json-block').first()).toContainText('"trackingNo": "BIT9100000233"');
  const answer = second.getByTestId('assistant-message').last();
  await expect(answer).toContainText('BIT9100000233');
  await expect(answer).toContainText('因区域运力紧张，快件延迟发出');

  // Each model call shows the exact tools it was sent.
  const panel = second.getByTestId('visible-tools');
  await panel.locator(':scope > summary').click();
  const step = panel.getByTestId('step-tools').first();
  for (const tool of ['query_order', 'query_logistics', 'search_knowledge', 'load_skill'])
    await expect(step.locator(`tr[data-tool="${tool}"]`)).toBeVisible();
  await expect(step.locator('tr[data-tool="apply_refund"]')).toHaveCount(0); // gated by the after-sales skill
  await expect(step.locator('tr[data-tool="query_order"] td').nth(1)).toHaveText('shop');

  // Records agree: query_logistics ran once, with that tracking number.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /^Records/ })
    .click();
  await page.getByLabel('Tool').selectOption('query_logistics');
  await expect(page.getByTestId('record-row')).toHaveCount(1);
  await page.getByTestId('record-row').getByRole('button').click();
  await expect(page.getByTestId('record-detail')).toContainText('BIT9100000233');
  await expect(page.getByTestId('record-detail')).toContainText('No confirmation was needed');

  // Export: the filtered rows as full records (fetched one by one with records.get, results included).
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export JSON (full records)' }).click();
  const exported = JSON.parse(await readFile((await (await download).path())!, 'utf8'));
  expect(exported).toMatchObject({ kind: 'full', count: 1, filter: { tool: 'query_logistics' } });
  expect(exported.records[0]).toMatchObject({
    tool: 'query_logistics',
    arguments: { trackingNo: 'BIT9100000233' },
    status: 'success',
  });
  expect(JSON.stringify(exported.records[0].result)).toContain('BIT9100000233');
});

test('cancelling: a rejection with a reason leaves the order alone; an approval cancels it; Requests and Records agree', async ({
  page,
  host,
}) => {
  await startConversation(page, host, 'u1001');
  const nav = page.getByRole('navigation', { name: 'Main' });

  // 1. Ask to cancel -> approval card -> Reject needs a reason.
  await send(page, '帮我取消键盘的订单');
  let card = lastTurn(page).getByTestId('approval-card');
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText('cancel_order');
  await expect(card).toContainText('"orderNo": "BS1001011"');
  await expect(card).toContainText('destructive');
  await expect(nav.getByRole('button', { name: /^Requests/ }).getByLabel('1 pending')).toBeVisible();
  await card.getByRole('button', { name: 'Reject…' }).click();
  await card.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(card.getByRole('alert')).toContainText('A reason is required');
  await card.getByLabel(/Reason for rejecting/).fill('客户说先不取消了');
  await card.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(composer(page)).toBeEnabled({ timeout: 20_000 });
  await expect(lastTurn(page).locator('[data-testid="tool-card"][data-tool="cancel_order"]')).toHaveAttribute(
    'data-status',
    'rejected',
  );
  // The customer hears it in Chinese, without the operator's note (which stays in the record).
  await expect(lastTurn(page).getByTestId('assistant-message').last()).toContainText('暂时没有办理');
  await expect(lastTurn(page).getByTestId('assistant-message').last()).not.toContainText('客户说先不取消了');
  await expect(lastTurn(page).getByTestId('assistant-message').last()).not.toContainText('operator');

  // 2. Ask again: a fresh query_order shows the order still paid; this time approve.
  await send(page, '帮我取消键盘的订单');
  card = lastTurn(page).getByTestId('approval-card');
  await expect(card).toBeVisible({ timeout: 20_000 });
  const lookup = lastTurn(page).locator('[data-testid="tool-card"][data-tool="query_order"]');
  expect(await resultOf(lookup)).toMatch(/"orderNo":\s*"BS1001011"[\s\S]*?"status":\s*"paid"/);

  await nav.getByRole('button', { name: /^Requests/ }).click();
  const pending = page.getByTestId('approval-card');
  await expect(pending).toHaveCount(1);
  await expect(pending).toContainText('cancel_order');
  await pending.getByRole('button', { name: '帮我取消键盘的订单' }).click(); // link back to the conversation
  await expect(page.getByTestId('acting-identity')).toBeVisible();
  await lastTurn(page).getByTestId('approval-card').getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(composer(page)).toBeEnabled({ timeout: 20_000 });
  await expect(lastTurn(page).locator('[data-testid="tool-card"][data-tool="cancel_order"]')).toHaveAttribute(
    'data-status',
    'success',
  );
  await expect(lastTurn(page).getByTestId('assistant-message').last()).toContainText('已为您取消订单 BS1001011');

  // 3. Requests is empty; Records hold both decisions.
  await nav.getByRole('button', { name: /^Requests/ }).click();
  await expect(page.getByText('Nothing is waiting.')).toBeVisible();
  await expect(nav.getByRole('button', { name: /^Requests/ }).getByLabel(/pending/)).toHaveCount(0);

  await nav.getByRole('button', { name: /^Records/ }).click();
  await page.getByLabel('Tool').selectOption('cancel_order');
  const rows = page.getByTestId('record-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('data-status', 'success'); // newest first
  await expect(rows.nth(1)).toHaveAttribute('data-status', 'rejected');
  await rows.nth(1).getByRole('button').click();
  // The list and the detail both show the start time; the duration is split at the decision; the tool name stays whole.
  const started = (await rows.nth(1).getByRole('cell').first().textContent())?.trim();
  await expect(page.getByTestId('record-detail').locator('dt:text-is("Started") + dd')).toHaveText(started ?? '');
  // Rejected, so it never ran (issue 30 item 13): the wait for the decision, and no run time.
  await expect(page.getByTestId('record-duration')).toHaveText(
    /^[\d.,]+ \S+ waiting for a decision; the call did not run$/,
  );
  await expect(rows.nth(1).getByTestId('record-waited')).not.toHaveText('—');
  await expect(rows.nth(1).getByTestId('record-ran')).toHaveText('—');
  for (const cell of await page.locator('[data-testid="record-row"] [role="cell"]:nth-child(2) code').all())
    expect(
      await cell.evaluate(
        (code) => code.closest('[role="cell"]')!.scrollWidth <= code.closest('[role="cell"]')!.clientWidth,
      ),
    ).toBe(true);
  const rejected = page.getByTestId('record-approval');
  await expect(rejected).toContainText('reject');
  await expect(rejected).toContainText('客户说先不取消了');
  await expect(rejected).toContainText('operator');
  await expect(rejected).toContainText('(matches the call)');
  await rows.nth(0).getByRole('button').click();
  await expect(page.getByTestId('record-approval')).toContainText('approve');
  await expect(page.getByTestId('record-detail')).toContainText('BS1001011');
  // Approved, so it ran: the duration is split at the decision.
  await expect(page.getByTestId('record-duration')).toContainText(
    /= [\d.,]+ \S+ waiting for approval \+ [\d.,]+ \S+ executing/,
  );
});

test('refund: load_skill runs first and apply_refund appears in the next model call’s visible tools', async ({
  page,
  host,
}) => {
  await startConversation(page, host, 'u1001');
  await send(page, '我要退款');
  const turn = lastTurn(page);
  await expect(turn.locator('[data-testid="tool-card"][data-tool="load_skill"]')).toHaveAttribute(
    'data-status',
    'success',
    { timeout: 20_000 },
  );
  await expect(turn.locator('[data-testid="tool-card"][data-tool="load_skill"]')).toContainText(
    '"name": "after-sales"',
  );

  const panel = turn.getByTestId('visible-tools');
  await panel.locator(':scope > summary').click();
  const steps = panel.getByTestId('step-tools');
  await expect(steps.first().locator('tr[data-tool="apply_refund"]')).toHaveCount(0);
  await expect(steps.nth(1)).toContainText('Loaded skills: after-sales');
  await expect(steps.nth(1).locator('tr[data-tool="apply_refund"]')).toContainText('new');
  await expect(page.getByTestId('acting-identity')).toBeVisible();
  await expect(page.locator('.conversation-head')).toContainText('skills loaded: after-sales');
});

test('Stop ends a turn waiting for approval, and Delete asks before removing the conversation', async ({
  page,
  host,
}) => {
  await startConversation(page, host, 'u1001');
  await send(page, '帮我取消键盘的订单');
  await expect(lastTurn(page).getByTestId('approval-card')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(composer(page)).toBeEnabled();
  await expect(lastTurn(page).locator('[data-testid="tool-card"][data-tool="cancel_order"]')).toHaveAttribute(
    'data-status',
    'stopped',
  );
  await expect(lastTurn(page).getByTestId('approval-card')).toHaveCount(0);
  await expect(lastTurn(page).getByRole('note')).toContainText('Turn ended: stopped');

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('button', { name: 'Delete conversation' }).click();
  await expect(page.getByText('Pick a conversation, or start a new one')).toBeVisible();
  await expect(page.getByText('No conversations yet. Start one above.')).toBeVisible();
});

test('a conversation is renamed and keeps its name across a reload; the Replay row has room from the panel edge (issue 30)', async ({
  page,
  host,
}) => {
  await startConversation(page, host, 'u1001');
  const conversation = page.getByTestId('conversation');
  const panel = await conversation.boundingBox();
  const replay = await conversation.getByRole('button', { name: 'Replay with today’s config' }).boundingBox();
  expect(replay!.x - panel!.x).toBeGreaterThanOrEqual(10);

  await conversation.getByRole('button', { name: 'Rename' }).click();
  await conversation.getByLabel('Title').fill('耳机物流');
  await conversation.getByLabel('Title').press('Enter');
  await expect(conversation.getByRole('heading', { level: 2 })).toHaveText('耳机物流');
  await expect(page.getByRole('button', { name: /耳机物流/ }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: /耳机物流/ }).first()).toBeVisible();
});
