import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { i18n } from '../../lib/i18n';
import type { ToolItem } from '../ToolCallCard';
import { LazyToolApp } from './LazyToolApp';

const item: ToolItem = {
  kind: 'tool',
  id: 'k1',
  turnId: 't1',
  step: 1,
  toolName: 'show',
  server: 'apps',
  nodeId: null,
  arguments: {},
  status: 'success',
  at: new Date().toISOString(),
};
const target = { server: 'apps', toolId: 'show', actingIdentity: 'u1001' };
const sandbox = { origin: 'http://127.0.0.1:40001', proxyUrl: 'http://127.0.0.1:40001/mcp-app-proxy?token=t' };

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

// One file, one module graph: the first render is the one that waits for the view's chunk.
describe('a tool’s MCP App, loaded on first use', () => {
  it('says the interface is loading (in the UI’s language) until the view arrives, then shows the view', async () => {
    await i18n.changeLanguage('zh-CN');
    const rpc = createFakeRpc({
      'sandbox.proxy': () => sandbox,
      'approvals.list': () => [],
      'apps.resource': () => new Promise(() => {}),
    });
    renderWithRpc(<LazyToolApp hasUi item={item} target={target} />, rpc.client);
    expect(screen.getByRole('status').textContent).toBe('正在加载 show 的界面…');
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('shows no loading status for a tool the catalog does not know has an app', () => {
    const rpc = createFakeRpc({ 'sandbox.proxy': () => sandbox, 'apps.resource': () => new Promise(() => {}) });
    const { container } = renderWithRpc(<LazyToolApp hasUi={undefined} item={item} target={target} />, rpc.client);
    expect(container.textContent).toBe('');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
