import type { Page } from '@playwright/test';
import { expect, type Host } from '../host';

/** Opens Chat and starts a conversation acting as `actingIdentity`. */
export async function startConversation(page: Page, host: Host, actingIdentity = 'u1001'): Promise<void> {
  await page.goto(`${host.url}#/chat`);
  await expect(page.getByTestId('connection')).toHaveText('connected');
  await expect(page.getByTestId('model-label')).toHaveText('Model: offline demo model');
  await page.getByLabel('Acting identity').fill(actingIdentity);
  // A conversation selected earlier stays on screen until the new one is: typing into it would send there, or be lost.
  const shown = page.getByTestId('conversation');
  const before = (await shown.count()) ? await shown.getAttribute('data-conversation-id') : null;
  await page.getByRole('button', { name: 'New conversation' }).click();
  await expect
    .poll(async () => ((await shown.count()) ? await shown.getAttribute('data-conversation-id') : before))
    .not.toBe(before);
  await expect(page.getByTestId('acting-identity')).toContainText(`acting as ${actingIdentity}`);
}

/** The composer; `label` is its accessible name in the console's language (English unless a spec switches). */
export const composer = (page: Page, label = 'Message') => page.getByRole('textbox', { name: label });
export const lastTurn = (page: Page) => page.getByTestId('turn').last();

/** Sends a message with Enter and waits until main shows it as the latest turn. */
export async function send(page: Page, text: string, label?: string): Promise<void> {
  await expect(composer(page, label)).toBeEnabled();
  await composer(page, label).fill(text);
  await composer(page, label).press('Enter');
  await expect(lastTurn(page).getByTestId('user-message')).toHaveText(text);
}

/** Sends and waits for the turn to end (the composer is usable again). */
export async function ask(page: Page, text: string, label?: string, stop = 'Stop'): Promise<void> {
  await send(page, text, label);
  await expect(composer(page, label)).toBeEnabled({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: stop })).toHaveCount(0);
}

/** Opens a tool card's result and returns its text. */
export async function resultOf(card: ReturnType<Page['getByTestId']>): Promise<string> {
  await card.locator('details.tool-result > summary').click();
  return (await card.locator('details.tool-result pre').textContent()) ?? '';
}
