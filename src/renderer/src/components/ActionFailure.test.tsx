import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { RpcClientError } from '../lib/rpc/types';
import { ActionFailure } from './ActionFailure';

afterEach(cleanup);

describe('ActionFailure', () => {
  it('says nothing while the action has not failed', () => {
    const { container } = render(<ActionFailure action={{ isError: false, error: null }} say={() => 'Not sent'} />);
    expect(container.textContent).toBe('');
  });

  it('announces why the action failed', () => {
    render(<ActionFailure action={{ isError: true, error: new Error('the pin file is read-only') }} />);
    expect(screen.getByRole('alert').textContent).toBe('the pin file is read-only');
    expect(screen.getByRole('alert').tagName).toBe('P');
  });

  it('puts the reason in the page’s sentence, inline where asked, with the test id', () => {
    render(
      <ActionFailure
        action={{ isError: true, error: new Error('disk full') }}
        say={(reason) => `Not deleted: ${reason}`}
        inline
        testId="delete-error"
      />,
    );
    const alert = screen.getByTestId('delete-error');
    expect(alert.textContent).toBe('Not deleted: disk full');
    expect(alert.tagName).toBe('SPAN');
    expect(alert.getAttribute('role')).toBe('alert');
  });

  it('tells main’s coded reason in the console’s language', async () => {
    const message = 'no MCP server named "x" is configured';
    const error = new RpcClientError({
      code: 'not_found',
      message,
      uiMessage: { code: 'server.notConfigured', params: { name: 'x' }, text: message },
    });
    await i18n.changeLanguage('zh-CN');
    try {
      render(<ActionFailure action={{ isError: true, error }} />);
      expect(screen.getByRole('alert').textContent).toBe('没有配置名为“x”的 MCP 服务器');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
