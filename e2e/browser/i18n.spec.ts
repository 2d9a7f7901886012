import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { parseDocument } from 'yaml';
import { expect, test } from '../host';
import { ask, lastTurn } from './chat-helpers';
import enChat from '../../src/renderer/src/locales/en/chat.json' with { type: 'json' };
import enCommon from '../../src/renderer/src/locales/en/common.json' with { type: 'json' };
import enIntents from '../../src/renderer/src/locales/en/intents.json' with { type: 'json' };
import enRecords from '../../src/renderer/src/locales/en/records.json' with { type: 'json' };
import enSettings from '../../src/renderer/src/locales/en/settings.json' with { type: 'json' };
import enTools from '../../src/renderer/src/locales/en/tools.json' with { type: 'json' };
import zhChat from '../../src/renderer/src/locales/zh-CN/chat.json' with { type: 'json' };
import zhCommon from '../../src/renderer/src/locales/zh-CN/common.json' with { type: 'json' };
import zhIntents from '../../src/renderer/src/locales/zh-CN/intents.json' with { type: 'json' };
import zhRecords from '../../src/renderer/src/locales/zh-CN/records.json' with { type: 'json' };
import zhSettings from '../../src/renderer/src/locales/zh-CN/settings.json' with { type: 'json' };
import zhTools from '../../src/renderer/src/locales/zh-CN/tools.json' with { type: 'json' };

test.describe.configure({ timeout: 120_000 });

const SHOTS = join('test-results', 'screenshots', 'i18n');
// The texts each language shows, read from its own resources (a spec that hard-coded them would test itself).
const TEXTS = {
  en: { chat: enChat, common: enCommon, intents: enIntents, records: enRecords, settings: enSettings, tools: enTools },
  'zh-CN': {
    chat: zhChat,
    common: zhCommon,
    intents: zhIntents,
    records: zhRecords,
    settings: zhSettings,
    tools: zhTools,
  },
} as const;
type Lang = keyof typeof TEXTS;
/** Every page, in nav order. */
const PAGES = ['servers', 'intents', 'tools', 'skills', 'chat', 'requests', 'records', 'tests', 'settings'] as const;

const nav = (page: Page) =>
  page
    .getByRole('navigation', { name: TEXTS.en.common.nav.main })
    .or(page.getByRole('navigation', { name: TEXTS['zh-CN'].common.nav.main }));

for (const lang of ['en', 'zh-CN'] as const satisfies Lang[]) {
  const L = TEXTS[lang];
  test.describe(`in ${lang}`, () => {
    test.use({ locale: lang === 'en' ? 'en-US' : 'zh-CN' });

    test(`the seed story in ${lang}: the console follows the browser's language, the shop's words stay Chinese`, async ({
      page,
      host,
    }) => {
      await page.setViewportSize({ width: 1400, height: 900 });
      await mkdir(SHOTS, { recursive: true });
      await page.goto(`${host.url}#/chat`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByTestId('connection')).toHaveText(L.common.connection.connected);
      await expect(page.getByTestId('model-label')).toContainText(L.chat.newConversationForm.model);
      await page.getByLabel(L.chat.newConversationForm.actingAsIdentity).fill('u1001');
      await page.getByRole('button', { name: L.chat.newConversationForm.newConversation }).click();
      await expect(page.getByTestId('acting-identity')).toContainText('u1001');

      await ask(page, '上周买的AirPods Pro还没收到，帮我看看送到哪了', L.chat.composer.message, L.chat.composer.stop);
      const first = lastTurn(page);
      await expect(first.locator('[data-testid="tool-card"][data-tool="query_order"]')).toHaveAttribute(
        'data-status',
        'success',
      );
      // The demo model's reply is the shop's language whatever the console's.
      await expect(first.getByTestId('assistant-message').last()).toContainText('请问您要查询物流的是哪一笔');
      await ask(page, '第一笔', L.chat.composer.message, L.chat.composer.stop);
      const second = lastTurn(page);
      const logistics = second.locator('[data-testid="tool-card"][data-tool="query_logistics"]');
      await expect(logistics).toHaveAttribute('data-status', 'success');
      // The status badge reads in the language, its tooltip keeps the canonical word.
      const badge = logistics.locator('[data-status="success"]').last();
      await expect(badge).toHaveText(L.common.statuses.success);
      await expect(badge).toHaveAttribute('title', /“success”/);
      await expect(second.getByTestId('assistant-message').last()).toContainText('BIT9100000233');
      await page.screenshot({ path: join(SHOTS, `seed-chat-${lang}.png`), fullPage: true });

      await nav(page)
        .getByRole('button', { name: new RegExp(`^${L.common.nav.pages.records}`) })
        .click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.records.recordsPage.records);
      await page.locator('[data-testid="record-row"][data-tool="query_logistics"]').getByRole('button').click();
      await expect(page.getByTestId('record-detail')).toContainText(L.records.recordDetail.noConfirmationWasNeeded);
      await page.screenshot({ path: join(SHOTS, `seed-records-${lang}.png`), fullPage: true });
    });

    test(`every page in ${lang}, with a screenshot`, async ({ page, host }) => {
      await page.setViewportSize({ width: 1400, height: 900 });
      await mkdir(SHOTS, { recursive: true });
      await page.goto(`${host.url}#/servers`);
      await expect(page.getByTestId('connection')).toHaveText(L.common.connection.connected);
      for (const id of PAGES) {
        const button = nav(page).getByRole('button', { name: new RegExp(`^${L.common.nav.pages[id]}`) });
        await button.click();
        await expect(button).toHaveAttribute('aria-current', 'page');
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await page.screenshot({ path: join(SHOTS, `${id}-${lang}.png`), fullPage: true });
      }
      // Tools: the heading, and the funnel's caption whole (no chat yet: every turn gets the bound tools).
      await nav(page)
        .getByRole('button', { name: new RegExp(`^${L.common.nav.pages.tools}`) })
        .click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.tools.page.title);
      await expect(page.locator('.funnel-stage[data-stage="sent"] .funnel-label')).toHaveText(
        L.common.toolFunnel.sentToTheModel.replace('{{sentLabel}}', L.tools.page.sentEveryTurn),
      );
      // Intent tree: the heading, a row's kind and the keyboard help.
      await nav(page)
        .getByRole('button', { name: new RegExp(`^${L.common.nav.pages.intents}`) })
        .click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.intents.page.title);
      await expect(
        page.getByRole('tree', { name: L.intents.tree.label }).locator('.kind-tag.kind-category').first(),
      ).toHaveText(L.intents.tree.kinds.category);
      await expect(page.getByText(L.intents.page.keyboardHelp)).toBeVisible();
      await nav(page)
        .getByRole('button', { name: new RegExp(`^${L.common.nav.pages.settings}`) })
        .click();
      // Dates and numbers follow the language too (Intl): the data directory page's config status reads in it.
      await expect(page.getByTestId('config-status')).toHaveText(L.common.shared.valid);
    });
  });
}

test.describe('catalog sentences in zh-CN', () => {
  test.use({ locale: 'zh-CN' });

  test('a row’s reason and explain’s layers read in Chinese; tool ids, servers and skills stay verbatim', async ({
    page,
    host,
  }) => {
    await page.goto(`${host.url}#/tools`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    const row = (toolId: string, server: string) =>
      page.locator(`[data-testid="tool-row"][data-tool="${toolId}"][data-server="${server}"]`);
    // Composed by the catalog as a code and params (shared/catalog/catalog-messages.ts), translated here.
    const unmounted = row('query_coupons', 'shop').locator('.reason');
    await expect(unmounted).toHaveAttribute('data-reason-code', 'catalog.reason.notMounted');
    await expect(unmounted).toHaveText('已在 shop 上发现，但没有 MCP 意图节点的 toolId 为“query_coupons”');
    await expect(row('apply_refund', 'shop').locator('.reason')).toContainText(
      '但受技能 after-sales 控制：可以调用，但在 load_skill 加载该技能前不会发送给模型',
    );
    await expect(row('query_invoice', '').locator('.reason')).toContainText('没有已连接的服务器提供它（已检查 shop）');
    // The detail panel shows the same sentence.
    await row('query_coupons', 'shop').click();
    await expect(page.getByTestId('tool-reason')).toHaveText(
      '已在 shop 上发现，但没有 MCP 意图节点的 toolId 为“query_coupons”',
    );
    // The search looks in what is on screen.
    await page.getByLabel(zhTools.filters.search).fill('意图节点');
    await expect(page.getByTestId('tool-row')).toHaveCount(1);
    await page.getByLabel(zhTools.filters.search).fill('');

    await page.getByLabel(zhTools.explain.toolName).fill('apply_refund');
    await page.getByRole('button', { name: zhTools.explain.explain, exact: true }).click();
    const result = page.getByTestId('explain-result');
    await expect(result).toHaveAttribute('data-first-failing', 'gated');
    await expect(result.locator('[data-layer="gated"] .layer-detail')).toHaveText(
      '受技能 after-sales 控制，本轮未加载：在 load_skill 加载该技能前不发送其 schema；after-sales 的手册是服务器 shop 发布的技能 after-sales：已校验',
    );
    await expect(result.locator('[data-layer="discovered"] .layer-detail')).toHaveText('由 shop 提供');
    await expect(result.locator('[data-layer="reserved"] .layer-detail')).toHaveText(
      '“apply_refund”不是本地工具的名称',
    );
    await page.screenshot({ path: join(SHOTS, 'tools-reasons-zh-CN.png'), fullPage: true });
  });
});

test.describe('main’s messages in zh-CN', () => {
  test.use({ locale: 'zh-CN' });

  test('a Settings validation problem and a server’s connection failure read in Chinese; what zod, yaml and the command said stays verbatim', async ({
    page,
    host,
  }) => {
    await page.goto(`${host.url}#/settings`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    const editor = page.getByTestId('raw-yaml');
    await expect(editor).toHaveValue(/builtin: shop/);
    const before = await readFile(join(host.dataDir, 'switchboard.yaml'), 'utf8');
    const refusal = page.getByTestId('config-save-error');

    // A field of the wrong type: zod's issue as a code (zod.invalidType), its type names inserted as they are.
    await editor.fill(before.replace('maxSteps: 8', 'maxSteps: lots'));
    await page.getByRole('button', { name: zhSettings.configEditor.saveYaml }).click();
    const invalid = refusal.getByTestId('first-problem');
    await expect(invalid).toContainText('agent.maxSteps');
    await expect(invalid).toContainText('输入无效：期望 number，实际为 string');
    await expect(invalid).not.toContainText('Invalid input');

    // A YAML syntax error: our framing translated, the yaml library's own message verbatim.
    await editor.fill('agent:\n  mcp:\n    servers:\n      - name: a\n        command: npx\n      args: [x]\n');
    await page.getByRole('button', { name: zhSettings.configEditor.saveYaml }).click();
    await expect(refusal.getByTestId('first-problem')).toContainText(
      'YAML 语法错误：All mapping items must start at the same column',
    );

    // A server whose command exits before it answers: the card's line is Chinese, the command's stderr line verbatim.
    const config = parseDocument(before);
    config.addIn(['agent', 'mcp', 'servers'], {
      name: 'quits',
      command: process.execPath,
      args: ['-e', "console.error('Error: boom 42 未找到'); process.exit(3)"],
    });
    await writeFile(join(host.dataDir, 'switchboard.yaml'), config.toString());
    await page.goto(`${host.url}#/servers`);
    const quits = page.locator('[data-testid="server-card"][data-server="quits"]');
    await expect(quits).toHaveAttribute('data-status', 'failed', { timeout: 20_000 });
    await expect(quits.getByTestId('server-error')).toHaveText('命令在响应 initialize 之前退出：Error: boom 42 未找到');
    await page.screenshot({ path: join(SHOTS, 'server-failure-zh-CN.png'), fullPage: true });
  });
});

test('Settings overrides the browser’s language at once, without a reload, and the choice survives a restart of the page', async ({
  page,
  host,
}) => {
  await page.goto(`${host.url}#/settings`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42)); // gone if the page reloads
  const choice = page.getByTestId('language-setting').getByRole('combobox');
  await choice.selectOption('zh-CN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(nav(page).getByRole('button', { name: new RegExp(`^${zhCommon.nav.pages.settings}`) })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(zhSettings.settingsPage.settings);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(zhSettings.settingsPage.settings);

  // Auto goes back to the browser's (en-US here), named in the option.
  await expect(choice.locator('option[value="auto"]')).toHaveText(
    zhSettings.language.auto.replace('{{language}}', 'English'),
  );
  await choice.selectOption('auto');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(enSettings.settingsPage.settings);
});
