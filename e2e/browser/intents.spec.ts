import { expect, test } from '../host';
import { ask, lastTurn, startConversation } from './chat-helpers';
import { explain, gotoPage, openPage, saveIntents, toolRow, treeNode } from './pipeline-helpers';

test.describe.configure({ timeout: 120_000 });

const SEED_QUESTION = '上周买的AirPods Pro还没收到，帮我看看送到哪了';

test('removing query_order from the intent tree reproduces the seed failure, and Tools and Explain say why', async ({
  page,
  host,
}) => {
  await gotoPage(page, host, 'intents');
  const node = treeNode(page, 'order-query');
  await expect(node).toContainText('query_order');
  await expect(node.locator('[data-state]')).toHaveText('bound');

  // Select with the keyboard, delete with the toolbar, save.
  await treeNode(page, 'shop').focus();
  await page.keyboard.press('ArrowDown');
  await expect(node).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(node).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(node).toHaveCount(0);
  await expect(page.getByTestId('intents-status')).toHaveText('Unsaved changes');
  await saveIntents(page);

  // Chat: the generic answer, no tool call.
  await startConversation(page, host, 'u1001');
  await ask(page, SEED_QUESTION);
  const turn = lastTurn(page);
  await expect(turn.getByTestId('assistant-message').last()).toContainText('3-5天');
  await expect(turn.getByTestId('tool-card')).toHaveCount(0);
  await turn.getByTestId('visible-tools').locator(':scope > summary').click();
  await expect(turn.getByTestId('step-tools').first().locator('tr[data-tool="query_order"]')).toHaveCount(0);

  // Tools: discovered but not mounted; Explain names the intent (mounted) layer first.
  await openPage(page, 'Tools');
  await expect(toolRow(page, 'query_order', 'shop')).toHaveAttribute('data-state', 'unmounted');
  await toolRow(page, 'query_order', 'shop').click();
  await expect(page.getByTestId('tool-reason')).toContainText('no MCP intent node');
  const result = await explain(page, 'query_order');
  await expect(result).toHaveAttribute('data-verdict', 'hidden');
  await expect(result).toHaveAttribute('data-first-failing', 'mounted');
  const mounted = result.locator('[data-testid="explain-layer"][data-layer="mounted"]');
  await expect(mounted).toHaveClass(/first-failing/);
  await expect(mounted).toContainText('first failing layer');
  await expect(result.locator('[data-testid="explain-layer"][data-layer="discovered"]')).toHaveAttribute(
    'data-ok',
    'true',
  );
});

test('a description override edited in the MCP node editor is what the next turn sends to the model', async ({
  page,
  host,
}) => {
  const override = '按运单号查询物流轨迹。运单号必须取自 query_order 返回的订单，不能用客户口述的号码。';
  await gotoPage(page, host, 'intents');
  await treeNode(page, 'logistics-query').click();
  const editor = page.getByTestId('node-editor');
  await expect(editor.getByTestId('remote-description')).toContainText('按运单号查询物流轨迹');
  await editor.getByLabel('Override (empty = use the server’s text)').fill(override);
  // The word diff against the server's original appears beside it.
  await expect(editor.getByTestId('description-diff').locator('ins').first()).toBeVisible();
  await saveIntents(page);

  await openPage(page, 'Tools');
  await toolRow(page, 'query_logistics', 'shop').click();
  await expect(page.getByTestId('effective-description')).toHaveText(override);

  await startConversation(page, host, 'u1001');
  await ask(page, SEED_QUESTION);
  const panel = lastTurn(page).getByTestId('visible-tools');
  await panel.locator(':scope > summary').click();
  await expect(
    panel.getByTestId('step-tools').first().locator('tr[data-tool="query_logistics"] td.description'),
  ).toHaveText(override);
});

test('editing the tree: add a node, pick its tool, move it, see problems by node, and be asked before leaving', async ({
  page,
  host,
}) => {
  await gotoPage(page, host, 'intents');
  await treeNode(page, 'invoice-query').click();
  await page.getByRole('button', { name: '+ MCP tool' }).click();
  let added = treeNode(page, 'new-tool');
  await expect(added).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('node-editor').getByLabel('Name')).toBeFocused();
  await page.keyboard.type('优惠券查询');

  // Saving without a tool is refused, with the problem on the node.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('intents-problems')).toContainText('choose the tool this node mounts');
  await expect(page.getByRole('treeitem', { name: /1 problem/ })).toHaveAttribute('data-node-id', 'new-tool');

  // The picker shows each discovered tool's server and nature.
  const option = page.locator('[data-testid="tool-option"][data-tool="query_coupons"]');
  await expect(option).toContainText('shop');
  await page.getByLabel('Find a discovered tool').fill('coupons');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('node-editor').getByLabel('Tool id')).toHaveValue('query_coupons');
  await expect(page.getByTestId('intents-problems')).toHaveCount(0);
  // The placeholder id follows the tool; the name the operator typed stays.
  added = treeNode(page, 'query_coupons');
  await expect(page.getByTestId('node-editor').getByLabel('Name', { exact: true })).toHaveValue('优惠券查询');

  // Alt+↑ moves it above 发票查询; Alt+← takes it out of its category.
  await added.focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(page.getByRole('treeitem').nth(6)).toHaveAttribute('data-node-id', 'query_coupons');
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(added).toHaveAttribute('aria-level', '1');

  // Leaving with unsaved changes asks; dismissing stays on the page with the edits.
  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.dismiss();
  });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /^Tools/ })
    .click();
  await expect.poll(() => asked).toContain('unsaved changes');
  await expect(page.getByRole('heading', { level: 1, name: 'Intent tree' })).toBeVisible();
  await expect(added).toBeVisible();

  await saveIntents(page);
  await openPage(page, 'Tools');
  await expect(toolRow(page, 'query_coupons', 'shop')).toHaveAttribute('data-state', 'bound');
});

test('dragging a node: a drop indicator, then into a category or before a row; the keyboard moves still work', async ({
  page,
  host,
}) => {
  await gotoPage(page, host, 'intents');
  const drag = async (id: string, onto: string, share: number, check?: () => Promise<void>) => {
    const from = (await treeNode(page, id).boundingBox())!;
    const to = (await treeNode(page, onto).boundingBox())!;
    await page.mouse.move(from.x + 40, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 40, from.y + from.height / 2 + 10, { steps: 4 });
    await page.mouse.move(to.x + 40, to.y + to.height * share, { steps: 12 });
    await check?.();
    await page.mouse.up();
  };
  // Onto the middle of a category: the category is outlined, and the node goes inside it, last.
  await drag('invoice-query', 'policies', 0.5, () =>
    expect(treeNode(page, 'policies')).toHaveAttribute('data-drop', 'inside'),
  );
  await expect(treeNode(page, 'invoice-query')).toHaveAttribute('aria-level', '2');
  await expect(treeNode(page, 'invoice-query')).toHaveAttribute('aria-selected', 'true');
  const order = () =>
    page
      .getByRole('treeitem')
      .evaluateAll((rows) => rows.map((r) => `${r.getAttribute('aria-level')}:${r.getAttribute('data-node-id')}`));
  expect((await order()).slice(-3)).toEqual(['1:policies', '2:policy-search', '2:invoice-query']);
  await expect(page.getByTestId('intents-status')).toContainText('Unsaved changes');

  // Onto the top edge of a row: before it, at its level.
  await drag('policy-search', 'shop', 0.1, () => expect(treeNode(page, 'shop')).toHaveAttribute('data-drop', 'before'));
  expect((await order())[0]).toBe('1:policy-search');

  // The keyboard moves are still there.
  await treeNode(page, 'policy-search').focus();
  await page.keyboard.press('Alt+ArrowDown');
  expect((await order())[0]).toBe('1:shop');
});
