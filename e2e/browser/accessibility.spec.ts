import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../host';
import { ask, lastTurn, send } from './chat-helpers';
import { toolRow, treeNode } from './pipeline-helpers';
import enChat from '../../src/renderer/src/locales/en/chat.json' with { type: 'json' };
import enCommon from '../../src/renderer/src/locales/en/common.json' with { type: 'json' };
import zhChat from '../../src/renderer/src/locales/zh-CN/chat.json' with { type: 'json' };
import zhCommon from '../../src/renderer/src/locales/zh-CN/common.json' with { type: 'json' };

/**
 * axe-core on every page and every open state (node editor, tool detail, test detail, replay, approval card), in both
 * languages and both colour schemes: 0 violations. One browser context per language and scheme, pages in sequence.
 */
test.describe.configure({ timeout: 180_000 });

const FAILING_CASE =
  'cases:\n  - name: fails-on-purpose\n    messages: ["你好"]\n    expect:\n      answerContains: "a phrase the demo model never says"\n';

const TEXTS = { en: { chat: enChat, common: enCommon }, 'zh-CN': { chat: zhChat, common: zhCommon } } as const;

interface Found {
  where: string;
  rule: string;
  help: string;
  nodes: string[];
}

async function scan(page: Page, where: string, found: Found[]): Promise<void> {
  // Let transitions and late queries settle: axe reads what is on screen.
  await page.waitForLoadState('networkidle');
  // label-content-name-mismatch is experimental in axe (off by default): the audit ran it, so do we.
  const result = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  for (const v of result.violations)
    found.push({
      where,
      rule: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`.slice(0, 300)),
    });
}

async function gotoHash(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => (window.location.hash = h), `#/${hash}`);
  await expect(page.locator('h1').first()).toBeVisible();
}

for (const lang of ['en', 'zh-CN'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test.describe(`${lang}, ${scheme}`, () => {
      test.use({ locale: lang === 'en' ? 'en-US' : 'zh-CN', colorScheme: scheme });

      test(`every page and open state has no axe violations (${lang}, ${scheme})`, async ({ page, host }) => {
        const L = TEXTS[lang];
        const found: Found[] = [];
        await page.setViewportSize({ width: 1400, height: 900 });
        // A case that fails (run on the Tests page, so the "failed" badge is on screen).
        await writeFile(join(host.dataDir, 'cases.yaml'), FAILING_CASE);
        await page.goto(`${host.url}#/servers`);
        await expect(page.getByTestId('connection')).toHaveText(L.common.connection.connected);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.locator('[data-testid="server-card"][data-status="connected"]').first()).toBeVisible({
          timeout: 20_000,
        });
        await scan(page, 'servers', found);

        await gotoHash(page, 'intents');
        await expect(treeNode(page, 'shop')).toBeVisible();
        await scan(page, 'intents', found);
        await treeNode(page, 'order-query').click();
        await expect(page.getByTestId('node-editor')).toBeVisible();
        await scan(page, 'intents: node editor', found);

        await gotoHash(page, 'tools');
        await expect(toolRow(page, 'query_logistics', 'shop')).toBeVisible();
        await scan(page, 'tools', found);
        await toolRow(page, 'query_logistics', 'shop').click();
        await expect(page.getByTestId('tool-detail')).toBeVisible();
        await scan(page, 'tools: tool detail', found);

        await gotoHash(page, 'skills');
        await scan(page, 'skills', found);

        await gotoHash(page, 'chat');
        await page.getByLabel(L.chat.newConversationForm.actingAsIdentity).fill('u1001');
        await page.getByRole('button', { name: L.chat.newConversationForm.newConversation }).click();
        await expect(page.getByTestId('acting-identity')).toContainText('u1001');
        await ask(page, '上周买的AirPods Pro还没收到，帮我看看送到哪了', L.chat.composer.message, L.chat.composer.stop);
        await expect(lastTurn(page).locator('[data-testid="tool-card"]').first()).toBeVisible();
        await scan(page, 'chat: a finished turn', found);
        await page.getByRole('button', { name: L.chat.conversationWorkbench.replayWithTodayS }).click();
        await expect(page.getByTestId('replay-view')).toBeVisible({ timeout: 20_000 });
        await scan(page, 'chat: replay', found);
        await send(page, '帮我取消键盘的订单', L.chat.composer.message);
        await expect(lastTurn(page).getByTestId('approval-card')).toBeVisible({ timeout: 20_000 });
        await scan(page, 'chat: approval card', found);

        await gotoHash(page, 'requests');
        await expect(page.getByTestId('approval-card')).toBeVisible();
        await scan(page, 'requests: approval card', found);

        await gotoHash(page, 'records');
        await expect(page.getByTestId('record-row').first()).toBeVisible();
        await scan(page, 'records', found);
        await page.getByTestId('record-row').first().getByRole('button').first().click();
        await expect(page.getByTestId('record-detail')).toBeVisible();
        await scan(page, 'records: record detail', found);

        await gotoHash(page, 'tests');
        const failing = page.locator('[data-testid="case-row"][data-case="case:fails-on-purpose"]');
        await failing.locator('button').last().click();
        await expect(failing).toHaveAttribute('data-result', 'failed', { timeout: 20_000 });
        await scan(page, 'tests', found);
        await failing.locator('.case-name').click();
        await expect(page.getByTestId('case-detail')).toBeVisible();
        await scan(page, 'tests: test detail', found);

        await gotoHash(page, 'settings');
        await scan(page, 'settings', found);

        expect(found, JSON.stringify(found, null, 2)).toEqual([]);
      });
    });
  }
}

/** The outline the focused element shows (":focus-visible" gives every control one; none would be invisible focus). */
const focusOutline = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return 'none';
    const style = getComputedStyle(el);
    return `${style.outlineStyle} ${style.outlineWidth}`;
  });

test('the keyboard reaches every action with focus in view: the intent tree reorders (drag-and-drop’s keyboard path), Tools chooses a tool for Mount', async ({
  page,
  host,
}) => {
  await page.goto(`${host.url}#/intents`);
  await expect(page.getByTestId('connection')).toHaveText('connected');
  // Into the tree with Tab alone, from the page's first control.
  const tree = page.getByRole('tree');
  await expect(treeNode(page, 'shop')).toBeVisible();
  await page.locator('body').press('Tab');
  for (let i = 0; i < 40 && !(await tree.locator(':focus').count()); i++) await page.keyboard.press('Tab');
  await expect(tree.locator(':focus')).toHaveCount(1);
  expect(await focusOutline(page)).toMatch(/^solid [1-9]/);
  // Down to order-query, then Alt+↓ moves it one place down among its siblings.
  const ids = async () =>
    tree.getByRole('treeitem').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.nodeId));
  const before = await ids();
  await treeNode(page, 'order-query').focus();
  await page.keyboard.press('Alt+ArrowDown');
  const after = await ids();
  const at = before.indexOf('order-query');
  expect(after.indexOf('order-query')).toBe(at + 1);
  expect(after[at]).toBe(before[at + 1]);
  await expect(treeNode(page, 'order-query')).toBeFocused();
  expect(await focusOutline(page)).toMatch(/^solid [1-9]/);

  // Leaving with the unsaved move: the guard asks, and the operator lets it go.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.evaluate(() => (window.location.hash = '#/tools'));
  await expect(page.getByRole('heading', { level: 1, name: 'Tools' })).toBeVisible();
  const list = page.getByTestId('tools-list');
  await list.focus();
  expect(await focusOutline(page)).toMatch(/^solid [1-9]/);
  await page.keyboard.press('Home');
  for (
    let i = 0;
    i < 10 && (await page.getByTestId('tool-detail').locator('code').first().textContent()) !== 'query_coupons';
    i++
  )
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('mount-bar')).toBeVisible();
  // The detail's tabs: ←/→ move between Details and Run by hand.
  await page.getByTestId('tool-detail').getByRole('tab', { name: 'Details' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('tool-detail').getByRole('tab', { name: 'Run by hand' })).toBeFocused();
  await expect(page.getByTestId('run-tool')).toBeVisible();
});
