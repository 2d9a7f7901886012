import { afterEach, describe, expect, it } from 'vitest';
import type { UiMessage } from '../../../../shared/i18n-message';
import { MESSAGES, say } from '../../../../shared/messages';
import { errorMessage } from '../format';
import { failureText, problemText, saveFailureOf } from '../rpc-problems';
import { RpcClientError } from '../rpc/types';
import { i18n } from './index';
import { shownText, uiMessageText } from './messages';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
/** The message in `language`, as the console shows it. */
async function inLanguage(language: string, message: UiMessage): Promise<string> {
  await i18n.changeLanguage(language);
  return uiMessageText(i18n, message);
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe("main's messages in the UI's language", () => {
  it('has a Chinese translation of every code of the one message table, with the same placeholders', () => {
    for (const [code, english] of Object.entries(MESSAGES)) {
      const chinese: unknown = i18n.getResource('zh-CN', 'messages', code);
      expect(chinese, code).toBeTypeOf('string');
      expect(placeholders(chinese as string), code).toEqual(placeholders(english));
    }
  });

  it('translates the framing and inserts what the server said verbatim, never interpreting it', async () => {
    const failure = say('connection.exited', {
      phase: 'initialize',
      line: 'Error: {{token}} $t(common:shared.file) <b>',
    });
    expect(await inLanguage('zh-CN', failure)).toBe(
      '命令在响应 initialize 之前退出：Error: {{token}} $t(common:shared.file) <b>',
    );
    expect(await inLanguage('en', failure)).toBe(failure.text);
    // In English the console shows main's own text, which may say more than the template.
    expect(
      await inLanguage('en', say('config.refused', { count: 2 }, 'line 3: agent: bad; line 9: intents: worse')),
    ).toBe('line 3: agent: bad; line 9: intents: worse');
  });

  it("falls back to main's English for a code it does not know, and for a message sent as text only", async () => {
    const newer = { code: 'server.somethingNewer', params: { name: 'shop' }, text: 'shop did something newer' };
    expect(await inLanguage('zh-CN', newer)).toBe('shop did something newer');
    expect(shownText(i18n, 'MCP error -32000: Connection closed', null)).toBe('MCP error -32000: Connection closed');
    expect(shownText(i18n, 'x', say('connection.lost', { reason: 'socket hang up' }))).toBe('连接中断：socket hang up');
  });

  it('shows an RPC refusal and its field problems in the active language', async () => {
    await i18n.changeLanguage('zh-CN');
    const english = 'servers.add: ✖ Invalid input: expected string, received number';
    const refused = new RpcClientError({
      code: 'bad_request',
      message: english,
      uiMessage: say('rpc.invalidInput', { route: 'servers.add', count: 1 }, english),
      details: [
        {
          path: 'server.url',
          message: 'Invalid input: expected string, received number',
          uiMessage: {
            code: 'zod.invalidType',
            params: { expected: 'string', received: 'number' },
            text: 'Invalid input: expected string, received number',
          },
        },
      ],
    });
    expect(errorMessage(refused)).toBe('servers.add：输入有 1 处问题');
    const failure = saveFailureOf(refused);
    expect(failure).toMatchObject({ kind: 'invalid', message: 'servers.add：输入有 1 处问题' });
    expect(failure.problems.map(problemText)).toEqual(['输入无效：期望 string，实际为 number']);
    // Worded at render: a language switch after the refusal arrives re-words what is shown.
    await i18n.changeLanguage('en');
    expect(failureText(failure)).toBe(english);
    expect(failure.problems.map(problemText)).toEqual(['Invalid input: expected string, received number']);
    await i18n.changeLanguage('zh-CN');
    // An error without a code (an older main, a remote error) reads as it was sent.
    expect(errorMessage(new RpcClientError({ code: 'unavailable', message: 'shop: upstream said no' }))).toBe(
      'shop: upstream said no',
    );
    await i18n.changeLanguage('en');
    expect(errorMessage(refused)).toBe(refused.message);
  });
});
