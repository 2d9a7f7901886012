import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IntentNode, McpLeaf } from '../../../../shared/config/schema';
import { Shell } from '../../app/Shell';
import { useUiStore } from '../../app/ui-store';
import { RpcClientError } from '../../lib/rpc/types';
import { createFakeRpc, renderWithRpc, type FakeHandlers } from '../../../../../tests/support/renderer/fake-rpc';
import { catalogHandlers, shopCatalog } from '../../../../../tests/support/renderer/catalog-fixtures';
import { shellPages } from '../../../../../tests/support/renderer/shell-pages';
import { useIntentDraftStore, useIntentTreeView } from './intent-draft-store';
import { IntentsPage } from './IntentsPage';

const mcp = (id: string, name: string, toolId: string): McpLeaf => ({
  id,
  name,
  kind: 'mcp',
  toolId,
  confirm: 'auto',
  examples: [],
});
const savedTree = (): IntentNode[] => [
  {
    id: 'shop',
    name: '比特严选',
    kind: 'category',
    examples: [],
    children: [mcp('order-query', '订单查询', 'query_order'), mcp('logistics-query', '物流查询', 'query_logistics')],
  },
  {
    id: 'policies',
    name: '购物政策',
    kind: 'category',
    examples: [],
    children: [{ id: 'policy-search', name: '政策知识库', kind: 'knowledge', examples: [] }],
  },
];

let saved: { intents: IntentNode[]; revision: number };
const setup = (handlers: FakeHandlers = {}) => {
  const rpc = createFakeRpc({
    'intents.get': () => saved,
    ...catalogHandlers(() => shopCatalog()),
    'approvals.list': () => [],
    'intents.save': ({ intents }) => {
      saved = { intents: intents as IntentNode[], revision: saved.revision + 1 };
      return saved;
    },
    ...handlers,
  });
  renderWithRpc(<Shell pages={shellPages({ intents: IntentsPage, tools: () => <p>tools page</p> })} />, rpc.client);
  return rpc;
};

const item = (name: RegExp) => screen.getByRole('treeitem', { name });
const names = () =>
  screen.getAllByRole('treeitem').map((el) => `${el.getAttribute('aria-level')}:${el.getAttribute('data-node-id')}`);

beforeEach(() => {
  saved = { intents: savedTree(), revision: 7 };
  useUiStore.getState().setPage('intents');
  useIntentDraftStore.getState().discard();
  useIntentTreeView.setState({ selected: null, collapsed: new Set(), renameRequest: null });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('IntentsPage', () => {
  it('walks the tree with the keyboard: arrows move, ←/→ collapse and expand, Enter selects', async () => {
    setup();
    const root = await screen.findByRole('treeitem', { name: /比特严选/ });
    expect(names()).toEqual(['1:shop', '2:order-query', '2:logistics-query', '1:policies', '2:policy-search']);
    root.focus();
    fireEvent.keyDown(root, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(item(/订单查询/));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' }); // leaf: to its parent
    expect(document.activeElement).toBe(item(/比特严选/));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' }); // collapse
    expect(names()).toEqual(['1:shop', '1:policies', '2:policy-search']);
    expect(item(/比特严选/).getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' }); // expand
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' }); // to first child
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(item(/物流查询/).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('node-editor').textContent).toContain('MCP tool node: 物流查询');
  });

  it('adds, renames, moves and deletes nodes, then saves the tree with its base revision', async () => {
    const rpc = setup();
    fireEvent.click(await screen.findByRole('treeitem', { name: /物流查询/ }));
    fireEvent.keyDown(item(/物流查询/), { key: 'ArrowUp', altKey: true }); // reorder
    expect(names().slice(0, 3)).toEqual(['1:shop', '2:logistics-query', '2:order-query']);
    expect(screen.getByTestId('intents-status').textContent).toBe('Unsaved changes');

    fireEvent.click(screen.getByRole('button', { name: '+ MCP tool' })); // after the selected leaf
    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(document.activeElement).toBe(name)); // focus goes to the new node's name
    fireEvent.change(name, { target: { value: '优惠券' } });
    fireEvent.click(screen.getByRole('option', { name: /query_coupons/ }));
    expect(item(/优惠券/).getAttribute('aria-level')).toBe('2');
    // The typed name stays; the placeholder id follows the tool picked.
    expect(item(/优惠券/).dataset.nodeId).toBe('query_coupons');

    fireEvent.click(item(/订单查询/));
    fireEvent.click(screen.getByRole('button', { name: 'Out of category' }));
    expect(names()).toEqual([
      '1:shop',
      '2:logistics-query',
      '2:query_coupons',
      '1:order-query',
      '1:policies',
      '2:policy-search',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Into category above' })); // back in, as the last child of shop
    expect(names().slice(0, 4)).toEqual(['1:shop', '2:logistics-query', '2:query_coupons', '2:order-query']);

    fireEvent.click(item(/政策知识库/));
    fireEvent.keyDown(item(/政策知识库/), { key: 'Delete' });
    expect(screen.queryByRole('treeitem', { name: /政策知识库/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByTestId('intents-saved')).toHaveLength(1);
    expect(screen.getByTestId('intents-saved').textContent).toContain('takes effect from the next turn');
    const sent = rpc.callsTo('intents.save')[0] as { intents: IntentNode[]; baseRevision: number };
    expect(sent.baseRevision).toBe(7);
    expect(sent.intents).toEqual([
      {
        id: 'shop',
        name: '比特严选',
        kind: 'category',
        examples: [],
        children: [
          mcp('logistics-query', '物流查询', 'query_logistics'),
          mcp('query_coupons', '优惠券', 'query_coupons'),
          mcp('order-query', '订单查询', 'query_order'),
        ],
      },
      { id: 'policies', name: '购物政策', kind: 'category', examples: [], children: [] },
    ]);
    expect(screen.getByTestId('intents-status').textContent).toBe('No unsaved changes');
  });

  it('refuses to save while a node has a problem, and shows main’s refusal next to the node’s field', async () => {
    let refuse = true;
    const rpc = setup({
      'intents.save': ({ intents }) => {
        if (refuse)
          throw new RpcClientError({
            code: 'bad_request',
            message: 'invalid',
            details: [{ path: 'intents.0.children.1.server', message: 'unknown server "crm"' }],
          });
        return { intents: intents as IntentNode[], revision: 8 };
      },
    });
    fireEvent.click(await screen.findByRole('treeitem', { name: /物流查询/ }));
    fireEvent.click(screen.getByRole('button', { name: '+ MCP tool' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toContain('fix the 1 problem');
    expect(within(screen.getByTestId('intents-problems')).getByRole('button').textContent).toContain('New MCP tool');
    expect(screen.getAllByText('choose the tool this node mounts')).toHaveLength(1);
    expect(rpc.callsTo('intents.save')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Tool id'), { target: { value: 'query_order' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText(/Not saved/)).toBeInstanceOf(HTMLElement));
    expect(item(/物流查询/).textContent).toContain('1 problem');
    fireEvent.click(within(screen.getByTestId('intents-problems')).getByRole('button', { name: /物流查询/ }));
    expect(screen.getByTestId('node-editor').textContent).toContain('unknown server "crm"');
    refuse = false;
  });

  it('keeps the draft when the saved tree changes underneath, and lets the operator reload or save over it', async () => {
    const rpc = setup();
    fireEvent.click(await screen.findByRole('treeitem', { name: /物流查询/ }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '物流' } });
    saved = {
      intents: [...savedTree(), { id: 'other', name: 'from the YAML', kind: 'knowledge', examples: [] }],
      revision: 9,
    };
    act(() => rpc.emit('config.changed', { revision: 9, source: 'external' }));
    const notice = await screen.findByTestId('intents-conflict');
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('物流');
    fireEvent.click(within(notice).getByRole('button', { name: 'Save mine over it' }));
    await waitFor(() => expect(rpc.callsTo('intents.save')).toHaveLength(1));
    expect((rpc.callsTo('intents.save')[0] as { baseRevision: number }).baseRevision).toBe(9);
  });

  it('shows the override against the server’s text as a word diff', async () => {
    const rpc = setup();
    fireEvent.click(await screen.findByRole('treeitem', { name: /物流查询/ }));
    // The server's text comes with the tool's own detail (catalog.tool), not with the catalog list.
    expect((await screen.findByTestId('remote-description')).textContent).toBe('query_logistics (server text)');
    expect(rpc.callsTo('catalog.tool')).toEqual([{ toolId: 'query_logistics', server: 'shop' }]);
    expect(rpc.callsTo('catalog.get')).toEqual([]);
    fireEvent.change(screen.getByLabelText(/Override/), { target: { value: 'query_logistics (operator text)' } });
    const diff = screen.getByTestId('description-diff');
    expect(diff.querySelector('del')?.textContent).toBe('server');
    expect(diff.querySelector('ins')?.textContent).toBe('operator');
    fireEvent.click(screen.getByRole('button', { name: 'Clear override' }));
    expect(screen.queryByTestId('description-diff')).toBeNull();
    expect(screen.getByTestId('intents-status').textContent).toBe('No unsaved changes');
  });

  it('asks before leaving with unsaved changes, and before a reload', async () => {
    setup();
    fireEvent.click(await screen.findByRole('treeitem', { name: /物流查询/ }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '物流' } });
    const reload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(reload);
    expect(reload.defaultPrevented).toBe(true);

    const confirm = vi.fn(() => false);
    window.confirm = confirm;
    act(() => useUiStore.getState().setPage('tools'));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(String((confirm.mock.calls[0] as unknown[])[0])).toContain('unsaved changes');
    expect(useUiStore.getState().page).toBe('intents');
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('物流');

    confirm.mockReturnValue(true);
    act(() => useUiStore.getState().setPage('tools'));
    expect(await screen.findAllByText('tools page')).toHaveLength(1);
    expect(useIntentDraftStore.getState().draft).toBeNull();
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });
});
