import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModelProviderChoice, Settings } from '../../../../shared/contract';
import { settingsFixture } from '../../../../../tests/support/renderer/fixtures';
import { say } from '../../../../shared/messages';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { i18n } from '../../lib/i18n';
import { ModelSettingsForm } from './ModelSettingsForm';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const labelled = (name: string, label: ReturnType<typeof say>, needsApiKey: boolean, offline: boolean) =>
  ({ name, label: label.text, labelMessage: label, needsApiKey, offline }) satisfies ModelProviderChoice;
const demo = labelled('demo', say('provider.demoLabel'), false, true);
const openAi = labelled('openai-compatible', say('provider.openAiCompatibleName'), true, false);
const anthropic = labelled('anthropic', say('provider.anthropicName'), true, false);

const render = (settings: Settings) =>
  renderWithRpc(<ModelSettingsForm settings={settings} />, createFakeRpc({}).client);
const options = () =>
  Array.from((screen.getByRole('combobox') as HTMLSelectElement).options, (option) => [
    option.value,
    option.textContent,
  ]);

describe('Settings → Model: the providers are the ones main says this process has', () => {
  it('offers the registered offline model and the vendors, in main’s order, and notes which fields it ignores', () => {
    render(settingsFixture('demo', [demo, openAi, anthropic]));
    expect(options()).toEqual([
      ['demo', 'offline demo model'],
      ['openai-compatible', 'OpenAI-compatible API'],
      ['anthropic', 'Anthropic'],
    ]);
    expect(screen.getByText(/This model runs offline/)).toBeInstanceOf(HTMLElement);
    fireEvent.change(screen.getByLabelText('Provider'), { target: { value: 'anthropic' } });
    expect(screen.queryByText(/This model runs offline/)).toBeNull();
  });

  it('without a registered demo model: no demo option and no offline note', () => {
    render(settingsFixture('openai-compatible', [openAi, anthropic]));
    expect(options()).toEqual([
      ['openai-compatible', 'OpenAI-compatible API'],
      ['anthropic', 'Anthropic'],
    ]);
    expect(screen.queryByText(/runs offline/)).toBeNull();
  });

  it('names each provider in the console’s language (the codes main sends)', async () => {
    await i18n.changeLanguage('zh-CN');
    render(settingsFixture('demo', [demo, openAi]));
    expect(options().map(([, label]) => label)).toEqual(['离线演示模型', 'OpenAI 兼容 API']);
  });
});
