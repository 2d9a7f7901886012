import type { Page } from '@playwright/test';
import type { BenchHost } from './host';

/** Opens the console on a page (`#/hash`) and waits until it is connected to its host. */
export async function openConsole(page: Page, host: BenchHost, hash: string): Promise<void> {
  await page.goto(`${host.url}#/${hash}`);
  await page.getByTestId('connection').filter({ hasText: 'connected' }).waitFor();
}

export const navButton = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name });
