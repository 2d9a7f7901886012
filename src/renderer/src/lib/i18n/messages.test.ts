import { describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES, englishOf, msg } from '../../../../shared/catalog/catalog-messages';
import zh from '../../locales/zh-CN/messages.json';
import { i18n } from './index';
import { ENGLISH_TEMPLATES, englishTemplateOf, messageSearchText, messageText, uiMessageText } from './messages';

const CODES = Object.keys(CATALOG_MESSAGES) as (keyof typeof CATALOG_MESSAGES)[];
/** Each placeholder with its format: `{{nodes, list}}` must stay a list in every language. */
const slots = (template: string) =>
  [...template.matchAll(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g)].map((m) => `${m[1]}:${m[2] ?? ''}`).sort();
const lookup = (tree: unknown, code: string): unknown =>
  code.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], tree);

describe('catalog messages', () => {
  it('every code the catalog composes has a Chinese translation with the same params and formats', () => {
    const problems: string[] = [];
    for (const code of CODES) {
      const chinese = lookup(zh, code);
      if (typeof chinese !== 'string') problems.push(`${code}: no zh-CN translation`);
      else if (slots(chinese).join() !== slots(CATALOG_MESSAGES[code]).join())
        problems.push(`${code}: params ${slots(chinese).join()} vs ${slots(CATALOG_MESSAGES[code]).join()}`);
    }
    expect(problems).toEqual([]);
  });

  it('has no Chinese text for a code nothing composes any more (the catalog nor main)', () => {
    const leaves = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'object' ? leaves(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
      );
    expect(leaves(zh).filter((code) => !(code in ENGLISH_TEMPLATES))).toEqual([]);
  });
});

describe('showing a message', () => {
  const down = msg('catalog.reason.toolsUnknown', {
    checked: msg('catalog.reason.checked', { servers: ['shop', 'backup'] }),
    down: [
      msg('catalog.server.named', {
        server: 'crm',
        state: msg('catalog.server.failedWith', { error: 'connect ECONNREFUSED <127.0.0.1>' }),
      }),
    ],
  });

  it('in English, exactly as the CLI prints it', async () => {
    await i18n.changeLanguage('en');
    expect(messageText(i18n, down)).toBe(englishOf(down));
    expect(messageText(i18n, down)).toBe(
      'no connected server offers it (checked shop, backup); crm failed (connect ECONNREFUSED <127.0.0.1>), so its tools are unknown',
    );
    const gated = msg('catalog.reason.gatedNodes', {
      nodes: ['a', 'b'],
      skills: ['after-sales', 'vip'],
      shadows: msg('catalog.reason.shadows', { servers: ['mirror'] }),
    });
    expect(messageText(i18n, gated)).toBe(englishOf(gated));
    expect(englishOf(gated)).toBe(
      'mounted by nodes a, b, but gated by skill after-sales or vip: callable, not sent to the model until load_skill loads it; it shadows mirror',
    );
  });

  it('in Chinese, with server names, tool ids and errors verbatim and not escaped (React escapes)', async () => {
    await i18n.changeLanguage('zh-CN');
    expect(messageText(i18n, down)).toBe(
      '没有已连接的服务器提供它（已检查 shop、backup）；crm 失败（connect ECONNREFUSED <127.0.0.1>），因此其工具未知',
    );
    expect(messageText(i18n, msg('catalog.reason.notMounted', { server: 'shop', toolId: 'query_order' }))).toBe(
      '已在 shop 上发现，但没有 MCP 意图节点的 toolId 为“query_order”',
    );
    expect(messageText(i18n, msg('catalog.explain.gated', { skills: ['after-sales', 'vip'] }))).toContain(
      '受技能 after-sales 或 vip 控制',
    );
    expect(
      messageText(
        i18n,
        msg('catalog.reason.drift', {
          fields: ['description', 'inputSchema', 'annotations'],
          server: 'shop',
          pinnedAt: 'T',
        }),
      ),
    ).toContain('shop 上的 description、inputSchema 和 annotations 自固定');
    expect(messageText(i18n, msg('catalog.explain.cut', { bytes: 300000, limit: 8192 }))).toContain('300,000 字节');
    // An optional clause left out leaves nothing behind.
    expect(messageText(i18n, msg('catalog.reason.mountedByNode', { nodes: ['order-query'] }))).toBe(
      '由节点 order-query 挂载',
    );
    await i18n.changeLanguage('en');
  });

  it('falls back to the English text for a code it does not know', async () => {
    await i18n.changeLanguage('zh-CN');
    expect(messageText(i18n, { code: 'catalog.reason.fromANewerMain', params: { toolId: 'x' } })).toBe(
      'catalog.reason.fromANewerMain',
    );
    expect(uiMessageText(i18n, { code: 'errors.somethingNew', params: { server: 'shop' }, text: 'shop broke' })).toBe(
      'shop broke',
    );
    await i18n.changeLanguage('en');
  });
});

describe('searching a message', () => {
  it('looks in its template’s words and every param, nested ones included, without formatting it', () => {
    const reason = msg('catalog.reason.pinsServer', {
      node: 'order-query',
      server: 'shop',
      state: msg('catalog.server.failedWith', { error: 'ECONNREFUSED' }),
    });
    const text = messageSearchText(reason, englishTemplateOf);
    for (const word of ['pins server', 'order-query', 'shop', 'failed', 'ECONNREFUSED']) expect(text).toContain(word);
    expect(text).not.toContain('{{');
  });
});
