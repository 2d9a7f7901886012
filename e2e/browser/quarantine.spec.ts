import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, startHost, stopHost, test, type Host } from '../host';
import { explain, gotoPage, toolRow } from './pipeline-helpers';

/** A host whose data dir holds this pins.json before it starts. */
async function hostWithPins(pins: object) {
  const dir = await mkdtemp(join(tmpdir(), 'sb-e2e-pins-'));
  await writeFile(join(dir, 'pins.json'), JSON.stringify(pins));
  return startHost(dir);
}

/** Opens Tools, checks query_order on the shop is held, and selects it. */
async function selectHeldRow(page: Page, host: Host) {
  await gotoPage(page, host, 'tools');
  const row = toolRow(page, 'query_order', 'shop');
  await expect(row).toHaveAttribute('data-state', 'quarantined');
  await row.click();
  return { row, section: page.getByTestId('quarantine-section') };
}

/**
 * A pin taken of an older query_order (pins.json written before the host starts): the shop now offers another
 * definition, so the tool is quarantined. The row's detail (fetched on selection) shows the diff; accepting it
 * re-pins, and the list, the detail and Explain all follow.
 */
test('a quarantined tool shows its definition diff when selected, and accepting it binds it again', async ({
  page,
}) => {
  const pinned = {
    name: 'query_order',
    description: 'Find an order (the text that was trusted)',
    inputSchema: { type: 'object', properties: {} },
    outputSchema: null,
    annotations: { readOnlyHint: true },
  };
  const host = await hostWithPins({
    version: 1,
    servers: {
      shop: {
        query_order: { hash: 'sha256-of-the-old-definition', pinnedAt: '2025-01-01T00:00:00.000Z', definition: pinned },
      },
    },
  });
  try {
    const { row, section } = await selectHeldRow(page, host);
    await expect(section).toContainText('Definition changed');
    await expect(section.locator('[data-field="description"] del')).toContainText('trusted');
    await expect(section.locator('[data-field="inputSchema"]')).toBeVisible();
    // The schema shown is the one offered now, flagged as untrusted.
    await expect(page.getByTestId('tool-detail')).toContainText('As offered now (not trusted until accepted)');
    await expect(page.getByTestId('tool-detail').locator('tr[data-arg="keyword"]')).toBeVisible();
    await expect(await explain(page, 'query_order')).toHaveAttribute('data-first-failing', 'pinned');

    await section.getByRole('button', { name: 'Accept the new definition' }).click();
    await expect(row).toHaveAttribute('data-state', 'bound');
    await expect(page.getByTestId('quarantine-section')).toHaveCount(0);
    await expect(page.getByTestId('tool-detail').getByTestId('effective-description')).not.toContainText('trusted');
    await expect(page.getByTestId('explain-result')).toHaveAttribute('data-verdict', 'visible');
  } finally {
    await stopHost(host);
  }
});

/**
 * query_order was accepted on another server (pins.json written before the host starts); the shop would serve it
 * now. The tool is held as a move until the operator accepts it on the Tools page.
 */
test('a binding that moved to another server is held, shown as a move, and bound again once the move is accepted', async ({
  page,
}) => {
  const bindings = { query_order: { server: 'old-shop', acceptedAt: '2025-01-01T00:00:00.000Z', readOnly: true } };
  const host = await hostWithPins({ version: 1, servers: {}, bindings });
  try {
    const { row, section } = await selectHeldRow(page, host);
    await expect(section).toContainText('Server changed');
    await expect(section).toContainText('was served by old-shop');
    await expect(page.getByTestId('tool-reason')).toContainText('binding moved from old-shop to shop');
    await expect(await explain(page, 'query_order')).toHaveAttribute('data-first-failing', 'pinned');

    await section.getByRole('button', { name: 'Accept the move to shop' }).click();
    await expect(row).toHaveAttribute('data-state', 'bound');
    await expect(page.getByTestId('quarantine-section')).toHaveCount(0);
  } finally {
    await stopHost(host);
  }
});
