import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, type Page } from '@playwright/test';
import { stringify } from 'yaml';
import { mountedToolsConfig } from '../../tests/support/mcp/mounted-config';
import { expect, startHost, stopHost, type Host } from '../host';

/** @modelcontextprotocol/server-everything over stdio, started with this very node binary. */
const EVERYTHING = {
  command: process.execPath,
  args: [
    join(process.cwd(), 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js'),
    'stdio',
  ],
};

/** The headless console with server-everything as its only server and `tools` mounted (no confirmation). */
export function everythingTest(tools: readonly string[]) {
  return base.extend<{ host: Host }>({
    host: async ({}, use) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'sb-e2e-mcp-'));
      const config = mountedToolsConfig({
        servers: [{ name: 'everything', ...EVERYTHING, timeoutMs: 15_000 }],
        tools,
        category: { id: 'every', name: 'everything' },
      });
      await writeFile(join(dataDir, 'switchboard.yaml'), stringify(config));
      const host = await startHost(dataDir);
      await use(host);
      await stopHost(host);
    },
  });
}

export const everythingCard = (page: Page) => page.locator('[data-testid="server-card"][data-server="everything"]');

/** Opens the Servers page and waits for server-everything to connect (it is offered its capability tools). */
export async function everythingConnected(page: Page, host: Host) {
  await page.goto(`${host.url}#/servers`);
  const card = everythingCard(page);
  await expect(card).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
  // sampling is marked: MCP 2026-07-28 deprecated it (server-everything is a 2025 server, so it is still declared).
  await expect(card.getByTestId('declared-capabilities')).toContainText(
    'elicitation (form, url), sampling [deprecated since 2026-07-28]',
  );
  return card;
}
