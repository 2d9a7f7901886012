import type { Page } from '@playwright/test';
import { expect, type Host } from '../host';

/** Opens Chat and starts a conversation acting as `customerId`. */
export async function startConversation(page: Page, host: Host, customerId = 'u1001'): Promise<void> {
  await page.goto(`${host.url}#/chat`);
  await expect(page.getByTestId('connection')).toHaveText('connected');
  await expect(page.getByTestId('model-label')).toHaveText('Model: offline demo model');
  await page.getByLabel('Acting as customer').fill(customerId);
  await page.getByRole('button', { name: 'New conversation' }).click();
  await expect(page.getByTestId('acting-customer')).toContainText(`acting as customer ${customerId}`);
}

export const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
export const lastTurn = (page: Page) => page.getByTestId('turn').last();

/** Sends a message with Enter and waits until main shows it as the latest turn. */
export async function send(page: Page, text: string): Promise<void> {
  await expect(composer(page)).toBeEnabled();
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect(lastTurn(page).getByTestId('user-message')).toHaveText(text);
}

/** Sends and waits for the turn to end (the composer is usable again). */
export async function ask(page: Page, text: string): Promise<void> {
  await send(page, text);
  await expect(composer(page)).toBeEnabled({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
}

/** Opens a tool card's result and returns its text. */
export async function resultOf(card: ReturnType<Page['getByTestId']>): Promise<string> {
  await card.locator('details.tool-result > summary').click();
  return (await card.locator('details.tool-result pre').textContent()) ?? '';
}
