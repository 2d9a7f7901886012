import { afterEach, describe, expect, it } from 'vitest';
import { MAIN_MESSAGES, say } from '../../../../shared/messages';
import zhMessages from '../../locales/zh-CN/messages.json';
import { errorMessage } from '../format';
import { saveFailureOf } from '../rpc-problems';
import { RpcClientError } from '../rpc/types';
import { i18n } from './index';
import { shownText, translateUiMessage } from './ui-message';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe("main's messages in the UI's language", () => {
  it('has a Chinese translation of every code main can emit, with the same placeholders', () => {
    const zh = zhMessages as Record<string, string>;
    for (const [code, english] of Object.entries(MAIN_MESSAGES)) {
      expect(zh[code], code).toBeTypeOf('string');
      expect(placeholders(zh[code]), code).toEqual(placeholders(english));
    }
    expect(Object.keys(zh).filter((code) => !(code in MAIN_MESSAGES))).toEqual([]); // nothing stale
  });

  it('translates the framing and inserts what the server said verbatim, never interpreting it', () => {
    const failure = say('connection.exited', { phase: 'initialize', line: 'Error: {{token}} $t(common:shared.file) <b>' });
    expect(translateUiMessage(failure, 'zh-CN')).toBe('命令在响应 initialize 之前退出：Error: {{token}} $t(common:shared.file) <b>');
    expect(translateUiMessage(failure, 'en')).toBe(failure.text);
  });

  it("falls back to main's English for a code it does not know, and for a message sent as text only", () => {
    const newer = { code: 'server.somethingNewer', params: { name: 'shop' }, text: 'shop did something newer' };
    expect(translateUiMessage(newer, 'zh-CN')).toBe('shop did something newer');
    expect(shownText('MCP error -32000: Connection closed', null, 'zh-CN')).toBe('MCP error -32000: Connection closed');
    expect(shownText('x', say('connection.lost', { reason: 'socket hang up' }), 'zh-CN')).toBe('连接中断：socket hang up');
  });

  it('shows an RPC refusal and its field problems in the active language', async () => {
    await i18n.changeLanguage('zh-CN');
    const english = 'servers.add: ✖ Invalid input: expected string, received number';
    const refused = new RpcClientError({
      code: 'bad_request',
      message: english,
      uiMessage: say('rpc.invalidInput', { route: 'servers.add', count: 1 }, english),
      details: [{ path: 'server.url', message: 'Invalid input: expected string, received number', uiMessage: { code: 'zod.invalidType', params: { expected: 'string', received: 'number' }, text: 'Invalid input: expected string, received number' } }],
    });
    expect(errorMessage(refused)).toBe('servers.add：输入有 1 处问题');
    expect(saveFailureOf(refused)).toEqual({ kind: 'invalid', message: 'servers.add：输入有 1 处问题', problems: [{ path: 'server.url', message: '输入无效：期望 string，实际为 number' }] });
    // An error without a code (an older main, a remote error) reads as it was sent.
    expect(errorMessage(new RpcClientError({ code: 'unavailable', message: 'shop: upstream said no' }))).toBe('shop: upstream said no');
    await i18n.changeLanguage('en');
    expect(errorMessage(refused)).toBe(refused.message);
  });
});
