import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExecutionRecord } from '../../../../shared/contract';
import { say } from '../../../../shared/messages';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { recordFixture } from '../../../../../tests/support/renderer/fixtures';
import { i18n } from '../../lib/i18n';
import { RecordDetail } from './RecordDetail';

const record = (over: Partial<ExecutionRecord>): ExecutionRecord =>
  recordFixture({ status: 'error', result: null, ...over });

async function show(language: string, shown: ExecutionRecord): Promise<string> {
  await i18n.changeLanguage(language);
  renderWithRpc(
    <RecordDetail recordId={shown.id} onClose={() => undefined} titleOf={(id) => id} />,
    createFakeRpc({ 'records.get': () => shown }).client,
  );
  await waitFor(() => screen.getByTestId('record-outcome'));
  return screen.getByTestId('record-outcome').textContent ?? '';
}

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('a record says why its call did not run in the language shown', () => {
  const notConnected = record({
    error: 'MCP server shop is not connected (not configured)',
    message: {
      ...say('call.serverNotConnected', { server: 'shop', detail: 'not configured' }),
      text: 'MCP server shop is not connected (not configured)',
    },
  });

  it('translates main’s sentence under zh-CN, the server name and its state verbatim', async () => {
    expect(await show('zh-CN', notConnected)).toBe('工具错误：MCP 服务器 shop 未连接（not configured）');
    expect(screen.getByRole('heading', { name: '错误' })).toBeInstanceOf(HTMLElement);
  });

  it('shows the English error in English, and a refusal’s reason that used to show nowhere', async () => {
    expect(await show('en', notConnected)).toBe('MCP server shop is not connected (not configured)');
    cleanup();
    const rejected = record({
      status: 'rejected',
      message: say('call.rejectedWithNote', { reason: '已超过7天售后期' }),
    });
    expect(await show('zh-CN', rejected)).toBe(
      '未执行：操作员拒绝了此调用；没有任何更改。操作员的备注：“已超过7天售后期”',
    );
    expect(screen.getByRole('heading', { name: '结果说明' })).toBeInstanceOf(HTMLElement);
  });

  it('an older record without a message still shows its English error, also under zh-CN', async () => {
    expect(await show('zh-CN', record({ error: 'interrupted: Switchboard stopped during this turn' }))).toBe(
      'interrupted: Switchboard stopped during this turn',
    );
  });
});

describe('the Approval section in the language shown (issue 20)', () => {
  const approval = (over: Partial<NonNullable<ExecutionRecord['approval']>>) =>
    record({
      status: 'stopped',
      approval: {
        approvalId: 'ap_1',
        decision: 'expired',
        reason: 'Switchboard restarted while this approval was pending',
        decidedBy: 'system',
        decidedAt: '2026-01-01T00:00:00.000Z',
        argumentsHash: 'h',
        ...over,
      },
    });

  async function approvalShown(language: string, shown: ExecutionRecord): Promise<HTMLElement> {
    await i18n.changeLanguage(language);
    renderWithRpc(
      <RecordDetail recordId={shown.id} onClose={() => undefined} titleOf={(id) => id} />,
      createFakeRpc({ 'records.get': () => shown }).client,
    );
    return await waitFor(() => screen.getByTestId('record-approval'));
  }

  it('translates the reason main wrote and who decided, the stored value in the tooltip', async () => {
    const section = await approvalShown('zh-CN', approval({ reasonMessage: say('approval.expiredOnRestart') }));
    expect(section.textContent).toContain('此审批仍在等待时 Switchboard 重新启动了');
    expect(screen.getByTitle('system').textContent).toBe('系统');
    cleanup();
    const remembered = await approvalShown(
      'zh-CN',
      approval({ decision: 'remembered', reason: undefined, decidedBy: 'operator (approved for this conversation)' }),
    );
    expect(remembered.textContent).toContain('操作员（已为此会话批准）');
  });

  it('keeps an operator’s note and an older record’s English reason verbatim; English unchanged', async () => {
    expect((await approvalShown('zh-CN', approval({}))).textContent).toContain(
      'Switchboard restarted while this approval was pending',
    );
    cleanup();
    expect(
      (await approvalShown('zh-CN', approval({ decision: 'reject', reason: '退款金额不对', decidedBy: 'operator' })))
        .textContent,
    ).toContain('退款金额不对');
    cleanup();
    const english = await approvalShown(
      'en',
      approval({ reasonMessage: say('approval.turnStopped'), reason: 'the turn was stopped', decision: 'cancelled' }),
    );
    expect(english.textContent).toContain('the turn was stopped');
    expect(english.textContent).toContain('system');
  });

  it('translates who decided when a run’s automatic approver did, the stored English in the tooltip', async () => {
    const decider = say('decider.consoleTestNone');
    const reason = say('approval.rejectedAutomatically', { decidedBy: decider });
    const section = await approvalShown(
      'zh-CN',
      approval({
        decision: 'reject',
        decidedBy: decider.text,
        decidedByMessage: decider,
        reason: reason.text,
        reasonMessage: reason,
      }),
    );
    expect(screen.getByTitle('test run from the console (approve none)').textContent).toBe(
      '控制台测试运行（全部拒绝）',
    );
    expect(section.textContent).toContain('已自动拒绝：控制台测试运行（全部拒绝） 不批准任何写操作');
    cleanup();
    // An older record's policy name: verbatim.
    await approvalShown('zh-CN', approval({ decidedBy: 'switchboard test --approve none' }));
    expect(screen.getByTitle('switchboard test --approve none').textContent).toBe('switchboard test --approve none');
  });
});
