import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerView } from '../../../../shared/contract';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { i18n } from '../../lib/i18n';
import { LaunchConfirmation } from './LaunchConfirmation';

const LINE = 'node /tmp/evil.js "a b" [env: OPENAI_API_KEY]';
const waiting = {
  name: 'pasted',
  status: 'needs-confirmation',
  launchConfirmation: { commandLine: LINE },
} as unknown as ServerView;

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('a stdio server waiting for its first launch (security review 2, item 10)', () => {
  it('shows the exact command line, and Launch / Don’t launch answer it with that line', async () => {
    const rpc = createFakeRpc({ 'servers.confirmLaunch': () => waiting });
    renderWithRpc(<LaunchConfirmation server={waiting} />, rpc.client);
    expect(screen.getByTestId('launch-confirmation').textContent).toContain('Waiting for your confirmation to launch:');
    expect(screen.getByTestId('launch-command-line').textContent).toBe(LINE);
    fireEvent.click(screen.getByRole('button', { name: 'Don’t launch' }));
    await waitFor(() =>
      expect(rpc.callsTo('servers.confirmLaunch')).toEqual([{ name: 'pasted', commandLine: LINE, launch: false }]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Launch' }));
    await waitFor(() => expect(rpc.callsTo('servers.confirmLaunch')).toHaveLength(2));
    expect(rpc.callsTo('servers.confirmLaunch')[1]).toEqual({ name: 'pasted', commandLine: LINE, launch: true });
  });

  it('says it in Chinese, and shows nothing for a server that is not waiting', async () => {
    await i18n.changeLanguage('zh-CN');
    renderWithRpc(<LaunchConfirmation server={waiting} />, createFakeRpc({}).client);
    expect(screen.getByRole('button', { name: '启动' })).toBeInstanceOf(HTMLElement);
    expect(screen.getByTestId('launch-confirmation').textContent).toContain('等待你确认后才会启动');
    cleanup();
    renderWithRpc(<LaunchConfirmation server={{ ...waiting, status: 'connected' }} />, createFakeRpc({}).client);
    expect(screen.queryByTestId('launch-confirmation')).toBeNull();
  });
});
