import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Turn } from '../../../../shared/contract';
import { say } from '../../../../shared/messages';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { i18n } from '../../lib/i18n';
import { TurnView } from './TurnView';
import { appResourceFixture, BROWSER_SANDBOX } from '../../../../../tests/support/renderer/fixtures';

const turn = (over: Partial<Turn>): Turn => ({
  id: 't1',
  index: 0,
  status: 'error',
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: '2026-01-01T00:00:01.000Z',
  steps: [],
  ...over,
});

async function turnEnd(language: string, shown: Turn): Promise<string> {
  await i18n.changeLanguage(language);
  renderWithRpc(
    <TurnView group={{ turnId: shown.id, turn: shown, items: [], streams: [], toolInputs: [] }} approvals={[]} />,
    createFakeRpc({}).client,
  );
  return screen.getByRole('note').textContent ?? '';
}

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('a turn’s end in the language shown (issue 20)', () => {
  const providerError = turn({
    error: 'model error (rate_limit): 429 Too Many Requests',
    errorMessage: say('turn.modelError', { code: 'rate_limit', detail: '429 Too Many Requests' }),
  });

  it('frames a provider’s error in Chinese, its own words verbatim', async () => {
    expect(await turnEnd('zh-CN', providerError)).toContain('模型错误（rate_limit）：429 Too Many Requests');
  });

  it('says an interrupted turn in Chinese; English unchanged; an older turn’s English error as it was', async () => {
    const interrupted = turn({
      status: 'stopped',
      error: 'interrupted: Switchboard stopped during this turn',
      errorMessage: say('turn.interrupted'),
    });
    expect(await turnEnd('zh-CN', interrupted)).toContain('已中断：Switchboard 在本轮进行中停止');
    cleanup();
    expect(await turnEnd('en', interrupted)).toContain('interrupted: Switchboard stopped during this turn');
    cleanup();
    expect(await turnEnd('zh-CN', { ...providerError, errorMessage: undefined })).toContain(
      'model error (rate_limit): 429 Too Many Requests',
    );
  });

  it('translates our own provider failure inside the frame (no key set), the label and the variable verbatim', async () => {
    const noKey = say('provider.noApiKeyEnvEmpty', {
      label: 'claude-x via api.anthropic.com',
      env: 'ANTHROPIC_API_KEY',
    });
    const failed = say('turn.modelError', { code: 'config', detail: noKey });
    expect(failed.text).toBe(
      'model error (config): claude-x via api.anthropic.com: no API key is set (env ANTHROPIC_API_KEY is empty)',
    );
    expect(await turnEnd('zh-CN', turn({ error: failed.text, errorMessage: failed }))).toContain(
      '模型错误（config）：claude-x via api.anthropic.com：未设置 API 密钥（环境变量 ANTHROPIC_API_KEY 为空）',
    );
    cleanup();
    const auth = say('turn.modelError', {
      code: 'auth',
      detail: say('provider.authFailed', {
        label: 'm via h',
        status: 401,
        hint: say('provider.hint.noKey'),
        said: 'invalid x-api-key',
      }),
    });
    expect(await turnEnd('zh-CN', turn({ error: auth.text, errorMessage: auth }))).toContain(
      'm via h：身份验证失败（HTTP 401）。未设置 API 密钥。服务器返回：invalid x-api-key',
    );
    cleanup();
    expect(await turnEnd('en', turn({ error: auth.text, errorMessage: auth }))).toContain(
      'model error (auth): m via h: authentication failed (HTTP 401). No API key is set. Server said: invalid x-api-key',
    );
  });

  it('says a turn that failed outside the turn runner in Chinese, the error’s words verbatim', async () => {
    const failed = say('turn.failed', { detail: 'ENOSPC: no space left on device' });
    expect(await turnEnd('zh-CN', turn({ error: failed.text, errorMessage: failed }))).toContain(
      '本轮失败：ENOSPC: no space left on device',
    );
  });
});

describe('a tool call with an MCP App while the model is still writing it', () => {
  const running = turn({ status: 'running', finishedAt: undefined });
  const streamed = {
    conversationId: 'c1',
    turnId: 't1',
    step: 1,
    callId: 'toolu_1',
    server: 'apps',
    name: 'show',
    json: '{"city":"Hang',
  };

  it('shows the app at once, and keeps the same frame when the call itself arrives', async () => {
    const rpc = createFakeRpc({
      'sandbox.proxy': () => BROWSER_SANDBOX,
      'approvals.list': () => [],
      'apps.resource': () => appResourceFixture(),
    });
    const group = (over: Partial<Parameters<typeof TurnView>[0]['group']>) => ({
      turnId: 't1',
      turn: running,
      items: [],
      streams: [],
      toolInputs: [],
      ...over,
    });
    const view = renderWithRpc(
      <TurnView group={group({ toolInputs: [streamed] })} approvals={[]} conversationId="c1" />,
      rpc.client,
    );
    const frame = await screen.findByTestId('mcp-app-frame');
    expect(screen.getByTestId('tool-card').textContent).toContain('{"city":"Hang');
    const item = {
      kind: 'tool' as const,
      id: 'toolu_1',
      turnId: 't1',
      step: 1,
      toolName: 'show',
      server: 'apps',
      nodeId: null,
      arguments: { city: 'Hangzhou' },
      status: 'running' as const,
      at: '2026-01-01T00:00:00.000Z',
    };
    view.rerender(<TurnView group={group({ items: [item] })} approvals={[]} conversationId="c1" />);
    expect(screen.getAllByTestId('tool-card')).toHaveLength(1);
    expect(screen.getByTestId('mcp-app-frame')).toBe(frame);
  });
});
