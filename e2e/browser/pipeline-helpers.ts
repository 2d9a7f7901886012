import type { Page } from '@playwright/test';
import { expect, type Host } from '../host';

/** Helpers for the Servers, Intent tree and Tools pages. */

export const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

export async function openPage(
  page: Page,
  label: 'Servers' | 'Intent tree' | 'Tools' | 'Skills' | 'Chat',
): Promise<void> {
  await nav(page)
    .getByRole('button', { name: new RegExp(`^${label}`) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}

/** Opens the console straight on a page and waits for the live connection. */
export async function gotoPage(
  page: Page,
  host: Host,
  hash: 'servers' | 'intents' | 'tools' | 'skills',
): Promise<void> {
  await page.goto(`${host.url}#/${hash}`);
  await expect(page.getByTestId('connection')).toHaveText('connected');
}

export const toolRow = (page: Page, toolId: string, server?: string) =>
  page.locator(
    `[data-testid="tool-row"][data-tool="${toolId}"]${server === undefined ? '' : `[data-server="${server}"]`}`,
  );

export const treeNode = (page: Page, id: string) => page.locator(`[data-testid="intent-node"][data-node-id="${id}"]`);

/** Saves the intent tree and waits for main to confirm it. */
export async function saveIntents(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('intents-saved')).toContainText('takes effect from the next turn');
  await expect(page.getByTestId('intents-status')).toHaveText('No unsaved changes');
}

/** Runs Explain for a tool on the Tools page and returns the result panel. */
export async function explain(page: Page, toolId: string) {
  await page.getByLabel('Tool name').fill(toolId);
  await page.getByRole('button', { name: 'Explain', exact: true }).click();
  const result = page.getByTestId('explain-result');
  await expect(result).toBeVisible();
  return result;
}

/** Shows the tool detail's Run tab (it stays shown while the selection moves). */
export async function openRunTab(page: Page): Promise<void> {
  await page.getByTestId('tool-detail').getByRole('tab', { name: 'Run by hand' }).click();
  await expect(page.getByTestId('run-tool')).toBeVisible();
}
