import type { Page } from '@playwright/test';
import type { BenchHost } from './host';

/** Opens the console on a page (`#/hash`) and waits until it is connected to its host. */
export async function openConsole(page: Page, host: BenchHost, hash: string): Promise<void> {
  await page.goto(`${host.url}#/${hash}`);
  await page.getByTestId('connection').filter({ hasText: 'connected' }).waitFor();
}

export const navButton = (page: Page, name: RegExp) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name });

export interface ScrollFrames {
  frames: number;
  p50: number;
  p95: number;
  max: number;
  idleP50: number;
  idleP95: number;
  idleMax: number;
  longTasks: number;
}

/** Frame times (and long tasks) while `selector`'s element is scrolled for `frames` frames, beside as many idle ones (ui-probes.ts). */
export function scrollFrames(page: Page, selector: string, frames: number): Promise<ScrollFrames> {
  return page.evaluate(`window.__bench.scrollFrames(${JSON.stringify(selector)}, ${frames})`) as Promise<ScrollFrames>;
}
