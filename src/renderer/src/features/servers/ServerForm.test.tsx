import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../../../shared/config/schema';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { i18n } from '../../lib/i18n';
import { RpcClientError } from '../../lib/rpc/types';
import { ServerForm } from './ServerForm';

afterEach(cleanup);

const noop = () => undefined;

describe('ServerForm', () => {
  it('names the kinds of server in the UI language', async () => {
    await i18n.changeLanguage('zh-CN');
    try {
      renderWithRpc(<ServerForm existingNames={[]} onDone={noop} onCancel={noop} />, createFakeRpc({}).client);
      expect(screen.getByRole('radio', { name: 'HTTP（Streamable HTTP 或 SSE）' })).toBeInstanceOf(HTMLElement);
      expect(screen.getByRole('radio', { name: 'stdio（本地命令）' })).toBeInstanceOf(HTMLElement);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('offers the built-in kind only when editing the built-in server', () => {
    const builtin = { name: 'shop', builtin: 'shop', enabled: true } as unknown as ServerConfig;
    renderWithRpc(
      <ServerForm editing={builtin} existingNames={['shop']} onDone={noop} onCancel={noop} />,
      createFakeRpc({}).client,
    );
    expect(screen.getByRole('radio', { name: 'built-in (shop)' })).toBeInstanceOf(HTMLElement);
    expect(screen.getByText(/The embedded server “shop”/)).toBeInstanceOf(HTMLElement);
  });

  it('places main’s refusal on the field it names and keeps what was typed', async () => {
    const rpc = createFakeRpc({
      'servers.add': () => {
        throw new RpcClientError({
          code: 'bad_request',
          message: 'servers.add: 1 problem',
          details: [{ path: 'server.url', message: 'not reachable from here' }],
        });
      },
    });
    let done: string | null = null;
    renderWithRpc(<ServerForm existingNames={[]} onDone={(name) => (done = name)} onCancel={noop} />, rpc.client);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'remote' } });
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'http://127.0.0.1:9/mcp' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add server' }));
    await waitFor(() => expect(screen.getByText('not reachable from here')).toBeInstanceOf(HTMLElement));
    expect(screen.getByRole('alert').textContent).toContain('servers.add: 1 problem');
    expect((screen.getByLabelText('URL') as HTMLInputElement).value).toBe('http://127.0.0.1:9/mcp');
    expect(done).toBeNull();
    // Typing again clears main's refusal: it described the value that was sent.
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'http://127.0.0.1:10/mcp' } });
    expect(screen.queryByText('not reachable from here')).toBeNull();
  });
});
