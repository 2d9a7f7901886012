import { expect, test } from '../host';
import { explain, gotoPage, toolRow, treeNode } from './pipeline-helpers';

test('Tools reconciles the default config: every tool’s state and reason, filters and search', async ({
  page,
  host,
}) => {
  await gotoPage(page, host, 'tools');
  const states = {
    query_order: 'bound',
    query_logistics: 'bound',
    cancel_order: 'bound',
    update_shipping_address: 'bound',
    apply_refund: 'gated',
    query_coupons: 'unmounted',
  };
  for (const [tool, state] of Object.entries(states))
    await expect(toolRow(page, tool, 'shop')).toHaveAttribute('data-state', state);
  await expect(toolRow(page, 'query_invoice', '')).toHaveAttribute('data-state', 'unavailable');
  await expect(toolRow(page, 'query_invoice', '')).toContainText('no connected server offers it');
  await expect(toolRow(page, 'apply_refund', 'shop')).toContainText('after-sales');
  // One definition of each count: the header and the chips agree, and the gated binding is not counted as bound.
  await expect(page.getByTestId('tools-header-counts')).toHaveText('4 bound, 1 gated (5 bindings)');
  const chips = page.getByRole('group', { name: 'Filter by state' });
  await expect(chips.locator('[data-state-filter="bound"] .chip-count')).toHaveText('4');
  await expect(chips.locator('[data-state-filter="gated"] .chip-count')).toHaveText('1');

  await page
    .getByRole('group', { name: 'Filter by state' })
    .getByRole('button', { name: /unmounted/ })
    .click();
  await expect(page.getByTestId('tool-row')).toHaveCount(1);
  await expect(toolRow(page, 'query_coupons', 'shop')).toBeVisible();
  await page.getByRole('group', { name: 'Filter by state' }).getByRole('button', { name: /^all/ }).click();

  await page.getByLabel('Server').selectOption({ label: '(no server: unavailable)' });
  await expect(page.getByTestId('tool-row')).toHaveCount(1);
  await page.getByLabel('Server').selectOption({ label: 'All servers' });
  await page.getByLabel('Search').fill('logistics');
  await expect(page.getByTestId('tool-row')).toHaveCount(1);
  await page.getByLabel('Search').fill('');
  await expect(page.getByTestId('tool-row')).toHaveCount(7);
});

test('the detail panel shows the definition, the bound node and the gating skill; the list follows the keyboard', async ({
  page,
  host,
}) => {
  await gotoPage(page, host, 'tools');
  await toolRow(page, 'query_logistics', 'shop').click();
  const detail = page.getByTestId('tool-detail');
  await expect(detail.getByRole('heading', { level: 2 }).locator('code')).toHaveText('query_logistics');
  // The shop's annotations.title, beside the name.
  await expect(detail.getByRole('heading', { level: 2 }).getByTestId('tool-title')).toHaveText('物流查询');
  await expect(detail.locator('tr[data-arg="trackingNo"]')).toContainText('required');
  await expect(detail.locator('tr[data-arg="trackingNo"]')).toContainText('string');
  await expect(detail).toContainText('readOnlyHint');
  await expect(page.getByTestId('effective-description')).toContainText('按运单号查询物流轨迹');

  // ↓ in the list moves the selection (and the detail) to the next row.
  await page.getByTestId('tools-list').focus();
  await page.keyboard.press('ArrowDown');
  await expect(detail.getByRole('heading', { level: 2 }).locator('code')).toHaveText('query_order');
  await page.keyboard.press('Home');
  await expect(detail.getByRole('heading', { level: 2 }).locator('code')).toHaveText('apply_refund');
  await expect(detail).toContainText('Gating skills');
  await expect(detail.getByRole('button', { name: 'after-sales' })).toBeVisible();

  // The bound node opens in the intent tree, selected.
  await detail.getByRole('button', { name: 'refund-apply' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Intent tree' })).toBeVisible();
  await expect(treeNode(page, 'refund-apply')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('node-editor')).toContainText('申请退款');
});

test('Explain walks a gated tool through every layer, with and without its skill loaded', async ({ page, host }) => {
  await gotoPage(page, host, 'tools');
  let result = await explain(page, 'apply_refund');
  await expect(result).toHaveAttribute('data-verdict', 'hidden');
  await expect(result).toHaveAttribute('data-first-failing', 'gated');
  await expect(result.locator('[data-layer="gated"]')).toContainText('after-sales');
  for (const layer of ['configured', 'connected', 'discovered', 'mounted'])
    await expect(result.locator(`[data-layer="${layer}"]`)).toHaveAttribute('data-ok', 'true');

  await page.getByRole('checkbox', { name: 'after-sales' }).check();
  await page.getByRole('button', { name: 'Explain', exact: true }).click();
  result = page.getByTestId('explain-result');
  await expect(result).toHaveAttribute('data-verdict', 'visible');
  await expect(result).toHaveAttribute('data-first-failing', '');

  // A tool no server offers fails at discovery; a local tool has a single layer.
  result = await explain(page, 'query_invoice');
  await expect(result).toHaveAttribute('data-first-failing', 'discovered');
  result = await explain(page, 'search_knowledge');
  await expect(result).toHaveAttribute('data-verdict', 'visible');
  await expect(result.locator('[data-layer="local"]')).toHaveAttribute('data-ok', 'true');
});
