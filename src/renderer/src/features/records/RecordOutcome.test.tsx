import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExecutionRecord } from '../../../../shared/contract';
import { say } from '../../../../shared/messages';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { recordFixture } from '../../../../../tests/support/renderer/fixtures';
import { i18n } from '../../lib/i18n';
import { RecordDetail } from './RecordDetail';

const record = (over: Partial<ExecutionRecord>): ExecutionRecord => recordFixture({ status: 'error', result: null, ...over });

async function show(language: string, shown: ExecutionRecord): Promise<string> {
  await i18n.changeLanguage(language);
  renderWithRpc(<RecordDetail recordId={shown.id} onClose={() => undefined} titleOf={(id) => id} />, createFakeRpc({ 'records.get': () => shown }).client);
  await waitFor(() => screen.getByTestId('record-outcome'));
  return screen.getByTestId('record-outcome').textContent ?? '';
}

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('a record says why its call did not run in the language shown', () => {
  const notConnected = record({ error: 'MCP server shop is not connected (not configured)', message: { ...say('call.serverNotConnected', { server: 'shop', detail: 'not configured' }), text: 'MCP server shop is not connected (not configured)' } });

  it('translates main’s sentence under zh-CN, the server name and its state verbatim', async () => {
    expect(await show('zh-CN', notConnected)).toBe('工具错误：MCP 服务器 shop 未连接（not configured）');
    expect(screen.getByRole('heading', { name: '错误' })).toBeTruthy();
  });

  it('shows the English error in English, and a refusal’s reason that used to show nowhere', async () => {
    expect(await show('en', notConnected)).toBe('MCP server shop is not connected (not configured)');
    cleanup();
    const rejected = record({ status: 'rejected', message: say('call.rejectedWithNote', { reason: '已超过7天售后期' }) });
    expect(await show('zh-CN', rejected)).toBe('未执行：操作员拒绝了此调用；没有任何更改。操作员的备注：“已超过7天售后期”');
    expect(screen.getByRole('heading', { name: '结果说明' })).toBeTruthy();
  });

  it('an older record without a message still shows its English error, also under zh-CN', async () => {
    expect(await show('zh-CN', record({ error: 'interrupted: Switchboard stopped during this turn' }))).toBe('interrupted: Switchboard stopped during this turn');
  });
});
