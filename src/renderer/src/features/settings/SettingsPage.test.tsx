import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConfigSnapshot, ModelProviderChoice } from '../../../../shared/contract';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { settingsFixture } from '../../../../../tests/support/renderer/fixtures';
import { SettingsPage } from './SettingsPage';

afterEach(cleanup);

const snapshot: ConfigSnapshot = {
  path: '/d/switchboard.yaml',
  dataDir: '/d',
  raw: 'agent:\n  model:\n    provider: openai-compatible\n',
  config: {},
  problems: [],
  fileOk: true,
  revision: 1,
};
const vendor = (name: string): ModelProviderChoice => ({ name, label: name, needsApiKey: true, offline: false });

describe('Settings page', () => {
  it('with no demo model registered: offers no demo option, and warns that the model in use has no key', async () => {
    const settings = settingsFixture('openai-compatible', [vendor('openai-compatible'), vendor('anthropic')]);
    renderWithRpc(
      <SettingsPage />,
      createFakeRpc({ 'config.get': () => snapshot, 'settings.get': () => settings }).client,
    );
    const status = await screen.findByTestId('api-key-status');
    expect(status.querySelector('.warn-text')?.textContent).toBe('not set (looked for OPENAI_API_KEY)');
    const select = screen.getByLabelText('Provider') as HTMLSelectElement;
    expect(Array.from(select.options, (option) => option.value)).toEqual(['openai-compatible', 'anthropic']);
  });
});
