import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModelProviderChoice, Settings } from '../../../../shared/contract';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { say } from '../../../../shared/messages';
import { i18n } from '../../lib/i18n';
import { ApiKeyForm } from './ApiKeyForm';

afterEach(cleanup);
type Status = Settings['apiKey'];
const base: Status = { set: false, source: null, envVar: 'OPENAI_API_KEY', canStore: true, storage: 'keychain' };
/** Providers as settings.get describes them: main says which needs a key. */
const demoLabel = say('provider.demoLabel');
const demo: ModelProviderChoice = {
  name: 'demo',
  label: demoLabel.text,
  labelMessage: demoLabel,
  needsApiKey: false,
  offline: true,
};
const openAi: ModelProviderChoice = { name: 'openai-compatible', label: 'x', needsApiKey: true, offline: false };

function setup(status: Status) {
  const rpc = createFakeRpc({
    'settings.setApiKey': (input: { apiKey: string }) => ({
      ...status,
      set: input.apiKey !== '',
      source: 'stored' as const,
    }),
  });
  renderWithRpc(<ApiKeyForm status={status} />, rpc.client);
  return rpc;
}
const type = (text: string) => fireEvent.change(screen.getByLabelText('New API key'), { target: { value: text } });
const save = () => screen.getByRole('button', { name: 'Save key' }) as HTMLButtonElement;

describe('API key form', () => {
  it('with a keychain, saves the key without asking anything more', async () => {
    const rpc = setup(base);
    type('sk-1');
    fireEvent.click(save());
    await waitFor(() => expect(rpc.callsTo('settings.setApiKey')).toEqual([{ apiKey: 'sk-1' }]));
    expect(screen.queryByTestId('api-key-no-keyring')).toBeNull();
  });

  it('without a keyring, says so and stores nothing until the operator consents to plain text', async () => {
    const rpc = setup({ ...base, canStore: false, storage: 'no-keyring' });
    const warning = screen.getByTestId('api-key-no-keyring');
    expect(warning.textContent).toMatch(/no keyring/);
    expect(warning.textContent).toMatch(/anyone\s+who can read your files can read the key/);
    expect(warning.textContent).toContain('OPENAI_API_KEY');
    type('sk-2');
    expect(save().disabled).toBe(true);
    fireEvent.submit(save().form!); // Enter in the field: still refused
    fireEvent.click(screen.getByRole('checkbox', { name: /Store the key anyway/ }));
    expect(save().disabled).toBe(false);
    fireEvent.click(save());
    await waitFor(() => expect(rpc.callsTo('settings.setApiKey')).toEqual([{ apiKey: 'sk-2', allowPlainText: true }]));
  });

  it('reports a stored key that did not decrypt, with the field to enter it again', () => {
    setup({ ...base, problem: 'the stored key could not be decrypted (bad mac); enter it again' });
    expect(screen.getByTestId('api-key-problem').textContent).toBe(
      'The stored key can’t be used: the stored key could not be decrypted (bad mac); enter it again.',
    );
    expect(screen.getByLabelText('New API key')).toBeInstanceOf(HTMLElement);
  });

  it('says why the stored key can’t be used in Chinese under zh-CN, the decryption error verbatim (issue 20)', async () => {
    const problem = say('secrets.storedUndecryptable', { detail: 'bad mac' });
    await i18n.changeLanguage('zh-CN');
    try {
      setup({ ...base, problem: problem.text, problemMessage: problem });
      expect(screen.getByTestId('api-key-problem').textContent).toBe(
        '已保存的密钥无法使用：已保存的密钥无法解密（bad mac）；请重新输入。',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('in the browser console, says how to set the key (environment, apiKeyEnv) instead of a form that cannot save', () => {
    renderWithRpc(
      <ApiKeyForm status={{ ...base, canStore: false, storage: 'environment' }} provider={openAi} />,
      createFakeRpc({}).client,
    );
    expect(screen.queryByLabelText('New API key')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save key' })).toBeNull();
    expect(screen.getByTestId('api-key-env-command').textContent).toBe('OPENAI_API_KEY=sk-… npx switchboard serve');
    expect(screen.getByTestId('api-key-env-help').textContent).toContain('agent.model.apiKeyEnv');
    expect(screen.getByTestId('api-key-status').querySelector('.warn-text')?.textContent).toBe(
      'not set (looked for OPENAI_API_KEY)',
    );
  });

  it('does not warn about a missing key while a model that needs none is in use (the offline demo model)', () => {
    renderWithRpc(
      <ApiKeyForm status={{ ...base, canStore: false, storage: 'environment' }} provider={demo} />,
      createFakeRpc({}).client,
    );
    expect(screen.getByTestId('api-key-status').textContent).toBe('Key: not needed: this model answers without one');
    expect(screen.getByTestId('api-key-status').querySelector('.warn-text')).toBeNull();
  });

  it('says where the key is in the console’s language (issue 30: the status was English in zh-CN)', async () => {
    await i18n.changeLanguage('zh-CN');
    try {
      renderWithRpc(
        <ApiKeyForm status={{ ...base, canStore: false, storage: 'environment' }} provider={demo} />,
        createFakeRpc({}).client,
      );
      expect(screen.getByTestId('api-key-status').textContent).toContain('不需要：此模型无需密钥即可回答');
      cleanup();
      renderWithRpc(
        <ApiKeyForm status={{ ...base, canStore: false, storage: 'environment', set: true, source: 'env' }} />,
        createFakeRpc({}).client,
      );
      expect(screen.getByTestId('api-key-status').textContent).toContain('已设置，来自环境变量 OPENAI_API_KEY');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
