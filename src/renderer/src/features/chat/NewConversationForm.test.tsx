import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Settings } from '../../../../shared/contract';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { say } from '../../../../shared/messages';
import { i18n } from '../../lib/i18n';
import { NewConversationForm } from './NewConversationForm';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const settings = {
  model: { provider: 'demo', label: 'offline demo model' },
  defaultActingIdentity: 'u1001',
} as Settings;

describe('NewConversationForm', () => {
  it("acts as the application's default (the demo shop's u1001), shows the model, validates the id like main, and opens the new conversation", async () => {
    const rpc = createFakeRpc({
      'settings.get': () => settings,
      'chat.create': ({ actingIdentity }) => ({
        id: 'c9',
        title: 'New conversation',
        actingIdentity,
        modelLabel: 'offline demo model',
        createdAt: '',
        updatedAt: '',
        running: false,
      }),
    });
    const onCreated = vi.fn();
    renderWithRpc(<NewConversationForm onCreated={onCreated} />, rpc.client);
    const input = screen.getByLabelText('Acting identity') as HTMLInputElement;
    await waitFor(() => expect(screen.getByTestId('model-label').textContent).toBe('Model: offline demo model'));
    expect(input.value).toBe('u1001');

    fireEvent.change(input, { target: { value: 'u 1001!' } });
    expect(screen.getByRole('alert').textContent).toMatch(/letters, digits/);
    fireEvent.click(screen.getByRole('button', { name: 'New conversation' }));
    expect(rpc.callsTo('chat.create')).toEqual([]);

    fireEvent.change(input, { target: { value: 'vip_42-a' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'New conversation' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('c9'));
    expect(rpc.callsTo('chat.create')).toEqual([{ actingIdentity: 'vip_42-a' }]);
  });

  it('without a default identity the field starts empty and one is required before a conversation opens', async () => {
    const rpc = createFakeRpc({
      'settings.get': () => ({ model: { provider: 'openai-compatible', label: 'gpt' } }) as Settings,
    });
    renderWithRpc(<NewConversationForm onCreated={() => undefined} />, rpc.client);
    await waitFor(() => expect(screen.getByTestId('model-label').textContent).toBe('Model: gpt'));
    expect((screen.getByLabelText('Acting identity') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'New conversation' }));
    expect(screen.getByRole('alert').textContent).toMatch(/Enter the identity to act as/);
    expect(rpc.callsTo('chat.create')).toEqual([]);
  });

  it('shows a model that cannot be used in Chinese under zh-CN, the provider’s failure translated too (issue 20)', async () => {
    const labelMessage = say('provider.notUsable', {
      provider: 'anthropic',
      detail: say('provider.anthropicModelRequired', { label: '(no model) via api.anthropic.com' }),
    });
    const rpc = createFakeRpc({
      'settings.get': () => ({ model: { provider: 'anthropic', label: labelMessage.text, labelMessage } }) as Settings,
    });
    await i18n.changeLanguage('zh-CN');
    renderWithRpc(<NewConversationForm onCreated={() => undefined} />, rpc.client);
    await waitFor(() =>
      expect(screen.getByTestId('model-label').textContent).toContain(
        'anthropic（不可用：(no model) via api.anthropic.com：Anthropic 提供方需要设置 settings.model）',
      ),
    );
  });
});
