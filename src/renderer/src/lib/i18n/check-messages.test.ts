import { afterEach, describe, expect, it } from 'vitest';
import { restoreServerSecrets, unmatchedMasks } from '../../../../shared/config/secrets';
import { checkContent, elicitationFields } from '../../../../shared/elicitation/fields';
import { zodIssueMessage } from '../../../../shared/messages/zod-issue';
import { casesFileSchema, expectationsSchema } from '../../../../shared/workbench/cases';
import { evaluateCase, unfinishedTurn } from '../../../../shared/workbench/evaluate';
import { failureText, problemText, saveFailureOf } from '../rpc-problems';
import { RpcClientError } from '../rpc/types';
import { expectationTexts, failedTexts } from '../test-results';
import { i18n } from './index';
import { shownText } from './messages';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const run = (
  calls: [string, unknown][],
  lastAnswer: string,
  unfinishedTurns = [unfinishedTurn(2, 'failed', 'model error: 429')],
) => ({
  calls: calls.map(([tool, args]) => ({ tool, arguments: args, status: 'success' })),
  lastAnswer,
  unfinishedTurns,
});

describe("main's checks in the UI's language", () => {
  it("shows a test case's failed expectations in Chinese, with tool ids, arguments and answers verbatim", async () => {
    const expect_ = expectationsSchema.parse({
      calls: [{ tool: 'query_logistics', arguments: { trackingNo: 'BIT9{{x}}' } }],
      notCalled: ['cancel_order'],
      answerContains: '退款',
    });
    const results = evaluateCase(
      expect_,
      run(
        [
          ['cancel_order', {}],
          ['query_logistics', { trackingNo: 'B1' }],
        ],
        '<b>已发货</b>',
      ),
    );
    await i18n.changeLanguage('zh-CN');
    expect(results.map((e) => expectationTexts(i18n, e))).toEqual([
      { expectation: '每一轮都完成', detail: '第 2 轮：failed（model error: 429）' },
      {
        expectation: '调用 query_logistics {"trackingNo":"BIT9{{x}}"}',
        detail: 'query_logistics 被调用时的参数为 {"trackingNo":"B1"}',
      },
      { expectation: '不调用 cancel_order', detail: '调用了 1 次' },
      { expectation: '回复包含“退款”', detail: '回复是：<b>已发货</b>' },
    ]);
    const failures = results.filter((e) => !e.passed);
    expect(failedTexts(i18n, { failed: [], failures })[2]).toBe('不调用 cancel_order：调用了 1 次');
    // A result kept before codes reads as kept; in English the console shows the CLI's own lines.
    expect(failedTexts(i18n, { failed: ['calls a: not called'] })).toEqual(['calls a: not called']);
    await i18n.changeLanguage('en');
    expect(failedTexts(i18n, { failed: [], failures })).toEqual(failures.map((e) => `${e.expectation}: ${e.detail}`));
    expect(failures[1]).toMatchObject({
      expectation: 'calls query_logistics {"trackingNo":"BIT9{{x}}"}',
      detail: 'query_logistics was called with {"trackingNo":"B1"}',
    });
  });

  it('shows a cases.yaml problem in Chinese, the case name verbatim', async () => {
    const parsed = casesFileSchema.safeParse({
      cases: [
        { name: '查物流', messages: ['x'] },
        { name: '查物流', messages: [] },
      ],
    });
    const issues = parsed.success ? [] : parsed.error.issues;
    await i18n.changeLanguage('zh-CN');
    expect(issues.map((issue) => shownText(i18n, issue.message, zodIssueMessage(issue)))).toEqual([
      '用例至少需要一条消息',
      '用例名称“查物流”重复',
    ]);
  });

  it("shows the problems of an answer to a server's form in Chinese, the server's labels verbatim", async () => {
    const fields = elicitationFields({
      type: 'object',
      properties: {
        email: { type: 'string', title: 'E-mail {{addr}}', format: 'email' },
        age: { type: 'integer', maximum: 150 },
      },
      required: ['email'],
    });
    const { problems } = checkContent(fields, { email: 'nope', age: 200, extra: 1 });
    expect(problems.map((p) => p.message)).toEqual([
      'the form does not ask for this field',
      'E-mail {{addr}} must be an email address',
      'age must be at most 150',
    ]);
    await i18n.changeLanguage('zh-CN');
    expect(problems.map((p) => shownText(i18n, p.message, p.uiMessage))).toEqual([
      '表单没有询问这个字段',
      'E-mail {{addr}} 必须是电子邮件地址',
      'age 不能大于 150',
    ]);
    expect(shownText(i18n, '', checkContent(fields, {}).problems[0].uiMessage)).toBe('E-mail {{addr}} 为必填项');
  });

  it('shows a masked secret sent back where it stands for nothing in Chinese, the field verbatim', async () => {
    const stored = {
      name: 'shop',
      transport: 'streamable-http' as const,
      url: 'https://h.example/mcp',
      headers: { Authorization: 'Bearer 0123456789abcdef' },
    };
    const { problems } = restoreServerSecrets(
      { ...stored, headers: { 'X-Api-Key': 'Bearer ••••cdef' } },
      stored as never,
    );
    const english = unmatchedMasks(problems);
    const refused = new RpcClientError({
      code: 'bad_request',
      message: english.text,
      uiMessage: english,
      details: problems.map((p) => ({ path: `server.${p.path}`, message: p.message, uiMessage: p.uiMessage })),
    });
    const failure = saveFailureOf(refused);
    // Kept as main sent it; worded at render, in the language of that moment.
    expect(failure.problems).toEqual([
      { path: 'server.headers.X-Api-Key', message: problems[0].message, uiMessage: problems[0].uiMessage },
    ]);
    await i18n.changeLanguage('zh-CN');
    expect(failureText(failure)).toBe('1 个掩码值与任何已保存的密钥都不匹配');
    expect(problemText(failure.problems[0])).toBe(
      'X-Api-Key：掩码值（••••）与任何已保存的密钥都不匹配：请输入完整的值，或使用 ${env:NAME}',
    );
    await i18n.changeLanguage('en');
    expect(problemText(failure.problems[0])).toBe(
      'X-Api-Key: a masked value (••••) that matches no stored secret: type the whole value, or use ${env:NAME}',
    );
    expect(failureText(failure)).toBe(english.text);
    expect(saveFailureOf(refused).message).toBe(english.text);
  });
});
