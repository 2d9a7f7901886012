import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { stringify } from 'yaml';
import { expect, startHost, stopHost, type Host } from '../host';
import { composer, lastTurn, send, startConversation } from './chat-helpers';

/**
 * A stdio SDK server sending what server-everything does not: a tool with a title and icons (an inline PNG, an https
 * URL and a data: text/html the console must not show) and an audio result (a WAV).
 */
const test = base.extend<{ host: Host }>({
  host: async ({}, use) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sb-e2e-media-'));
    const media = {
      name: 'media',
      command: process.execPath,
      args: [join(process.cwd(), 'tests', 'support', 'mcp', 'media-fixture-server.mjs')],
      timeoutMs: 15_000,
    };
    const config = {
      agent: { model: { provider: 'demo' }, mcp: { servers: [media] } },
      intents: [
        {
          id: 'media',
          name: 'media',
          children: [{ id: 'n-chime', name: 'chime', kind: 'mcp', toolId: 'play_chime', confirm: 'never' }],
        },
      ],
      skills: [],
    };
    await writeFile(join(dataDir, 'switchboard.yaml'), stringify(config));
    const host = await startHost(dataDir);
    await use(host);
    await stopHost(host);
  },
});

test.describe.configure({ timeout: 120_000 });

const decoded = (img: import('@playwright/test').Locator) =>
  img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth);

test('a tool’s title and inline icon show in the Tools list, its detail, the tool card and the record; an audio result plays in the card; no remote icon is fetched', async ({
  page,
  host,
}) => {
  const remote: string[] = [];
  const origin = new URL(host.url).origin;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.origin !== origin && url.origin !== origin.replace(/^http/, 'ws'))
      remote.push(request.url());
  });

  await page.goto(`${host.url}#/tools`);
  const row = page.locator('[data-testid="tool-row"][data-tool="play_chime"]');
  await expect(row.getByTestId('tool-title')).toHaveText('Play a chime', { timeout: 30_000 });
  await expect.poll(() => decoded(row.getByTestId('tool-icon'))).toBe(16);
  await expect(page.locator('[data-testid="tool-row"][data-tool="plain_tool"] [data-testid="tool-icon"]')).toHaveCount(
    0,
  );
  await row.click();
  const detail = page.getByTestId('tool-detail');
  await expect(detail.getByTestId('tool-icons').locator('img')).toHaveCount(1);
  await expect(detail.getByTestId('icons-withheld')).toContainText('2 not shown');

  await startConversation(page, host, 'u1001');
  await send(page, '/call play_chime {}');
  await expect(composer(page)).toBeEnabled({ timeout: 20_000 });
  const card = lastTurn(page).locator('[data-testid="tool-card"][data-tool="play_chime"]');
  await expect(card).toHaveAttribute('data-status', 'success');
  await expect(card.getByTestId('tool-title')).toHaveText('Play a chime');
  await expect.poll(() => decoded(card.getByTestId('tool-icon'))).toBe(16);
  const audio = card.locator('[data-testid="result-part"][data-type="audio"]');
  await expect(audio).toContainText('Audio audio/wav');
  // The page decodes the sound (real data, allowed by media-src data:): a quarter second.
  await expect
    .poll(() => audio.getByTestId('result-audio').evaluate((el: HTMLAudioElement) => el.duration))
    .toBeCloseTo(0.25, 1);
  // What the model was told: the note, not the sound.
  await card.locator('.tool-result summary').click();
  await expect(card.locator('.tool-result')).toContainText('played to the operator, not sent to the model');

  await card.getByRole('button', { name: 'Open execution record' }).click();
  const record = page.getByTestId('record-detail');
  await expect(record.getByTestId('tool-title')).toHaveText('Play a chime');
  await expect.poll(() => decoded(record.getByTestId('tool-icon'))).toBe(16);
  expect(remote).toEqual([]);
});
