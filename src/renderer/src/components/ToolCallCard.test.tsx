import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { say } from '../../../shared/messages';
import { createFakeRpc, renderWithRpc } from '../../../../tests/support/renderer/fake-rpc';
import { i18n } from '../lib/i18n';
import { ToolCallCard, type ToolItem } from './ToolCallCard';

const modelText = 'Not run: the operator did not approve this call (rejected); nothing changed. …';
const item = (over: Partial<ToolItem>): ToolItem => ({
  kind: 'tool',
  id: 'k1',
  turnId: 't1',
  step: 1,
  toolName: 'cancel_order',
  server: 'shop',
  nodeId: 'order-cancel',
  arguments: { orderNo: 'BS1' },
  status: 'rejected',
  resultText: modelText,
  at: new Date().toISOString(),
  ...over,
});

async function resultShown(language: string, shown: ToolItem): Promise<string> {
  await i18n.changeLanguage(language);
  renderWithRpc(<ToolCallCard item={shown} />, createFakeRpc({}).client);
  return screen.getByLabelText(/cancel_order/, { selector: '.tool-result *' }).textContent ?? '';
}

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('the chat’s tool card', () => {
  const rejected = item({ message: { ...say('call.rejectedWithNote', { reason: 'needs review' }), text: modelText } });

  it('shows a refusal in Chinese under zh-CN, the operator’s note verbatim', async () => {
    expect(await resultShown('zh-CN', rejected)).toContain(
      '未执行：操作员拒绝了此调用；没有任何更改。操作员的备注：“needs review”',
    );
  });

  it('shows what the model read in English, and an older item’s text as it was', async () => {
    expect(await resultShown('en', rejected)).toContain(modelText);
    cleanup();
    expect(await resultShown('zh-CN', item({}))).toContain(modelText);
  });
});

describe('the tool card in the UI’s language (issue 20)', () => {
  it('heads a rejected result with the translated status, the canonical name in the tooltip', async () => {
    await i18n.changeLanguage('zh-CN');
    renderWithRpc(<ToolCallCard item={item({})} />, createFakeRpc({}).client);
    const summary = document.querySelector('.tool-result summary')!;
    expect(summary.textContent).toBe('结果（已拒绝）');
    expect(summary.getAttribute('title')).toContain('rejected');
    cleanup();
    await i18n.changeLanguage('en');
    renderWithRpc(<ToolCallCard item={item({ status: 'awaiting_approval' })} />, createFakeRpc({}).client);
    expect(document.querySelector('.tool-result summary')!.textContent).toBe('Result (awaiting approval)');
  });

  it('shows a built-in tool’s error in Chinese, the skill names verbatim; an older item’s English as it was', async () => {
    const text = 'No skill named "refunds". Available: orders, shop-policy.';
    const failed = item({
      toolName: 'load_skill',
      server: null,
      status: 'error',
      resultText: text,
      message: say('localTool.noSuchSkill', { name: 'refunds', available: 'orders, shop-policy' }),
    });
    await i18n.changeLanguage('zh-CN');
    renderWithRpc(<ToolCallCard item={failed} />, createFakeRpc({}).client);
    expect(screen.getByLabelText(/load_skill/, { selector: '.tool-result *' }).textContent).toContain(
      '没有名为“refunds”的技能。可用的技能：orders, shop-policy。',
    );
    cleanup();
    renderWithRpc(<ToolCallCard item={{ ...failed, message: undefined }} />, createFakeRpc({}).client);
    expect(screen.getByLabelText(/load_skill/, { selector: '.tool-result *' }).textContent).toContain(text);
  });

  it('shows why main settled a server’s question and a policy’s name in Chinese; older exchanges’ English as it was', async () => {
    const withdrawn = say('request.settled.withdrawn');
    const declined = say('request.settled.questionsDeclined');
    const policy = say('decider.elicitPolicy', { policy: 'decline' });
    const exchange = {
      kind: 'elicitation' as const,
      server: 'shop',
      mode: 'form' as const,
      request: {},
      requestedAt: '2026-01-01T00:00:00.000Z',
      resolvedAt: '2026-01-01T00:00:01.000Z',
    };
    const exchanges = [
      {
        ...exchange,
        id: 'rq_1',
        outcome: 'cancel' as const,
        decidedBy: 'system',
        reason: withdrawn.text,
        reasonMessage: withdrawn,
      },
      {
        ...exchange,
        id: 'rq_2',
        outcome: 'decline' as const,
        decidedBy: policy.text,
        decidedByMessage: policy,
        reason: declined.text,
        reasonMessage: declined,
      },
      {
        ...exchange,
        id: 'rq_3',
        outcome: 'cancel' as const,
        decidedBy: 'system',
        reason: 'Switchboard is shutting down',
      },
    ];
    await i18n.changeLanguage('zh-CN');
    renderWithRpc(<ToolCallCard item={item({ status: 'success', exchanges })} />, createFakeRpc({}).client);
    const rows = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(rows[0]).toContain('由 系统 决定');
    expect(rows[0]).toContain('服务器撤回了它的请求（或连接已关闭）');
    expect(rows[1]).toContain('由 策略（--elicit decline） 决定');
    expect(rows[1]).toContain('没有操作员时，提问一律拒绝');
    expect(rows[2]).toContain('Switchboard is shutting down');
    cleanup();
    await i18n.changeLanguage('en');
    renderWithRpc(<ToolCallCard item={item({ status: 'success', exchanges })} />, createFakeRpc({}).client);
    expect(screen.getAllByRole('listitem')[1].textContent).toContain(
      'by policy (--elicit decline) (questions are declined without an operator)',
    );
  });

  it('says a run’s automatic rejection in Chinese, the decider translated inside it', async () => {
    const reason = say('approval.rejectedAutomatically', { decidedBy: say('decider.preview') });
    expect(await resultShown('zh-CN', item({ message: say('call.rejectedAutomatically', { reason }) }))).toContain(
      '未执行：已自动拒绝：预览 不批准任何写操作；没有任何更改。',
    );
  });

  it('counts a running call’s progress in the language shown, the server’s message verbatim', async () => {
    const running = item({
      status: 'running',
      resultText: undefined,
      progress: { progress: 3, total: 14, message: 'reading <b>', count: 3, at: '2026-01-01T00:00:00.000Z' },
    });
    await i18n.changeLanguage('zh-CN');
    renderWithRpc(<ToolCallCard item={running} />, createFakeRpc({}).client);
    expect(screen.getByTestId('tool-progress').textContent).toBe('3 / 14：reading <b>');
    cleanup();
    await i18n.changeLanguage('en');
    renderWithRpc(
      <ToolCallCard item={{ ...running, progress: { ...running.progress!, total: undefined } }} />,
      createFakeRpc({}).client,
    );
    expect(screen.getByTestId('tool-progress').textContent).toBe('3: reading <b>');
  });
});
