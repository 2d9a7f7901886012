import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../../../shared/config/schema';
import type { ImportResult, ServerView } from '../../../../shared/contract';
import { RpcClientError } from '../../lib/rpc/types';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { ServersPage } from './ServersPage';

const view = (config: ServerConfig, over: Partial<ServerView> = {}): ServerView => ({
  name: config.name,
  kind: 'builtin' in config ? 'builtin' : 'command' in config ? 'stdio' : 'http',
  enabled: config.enabled,
  status: 'connected',
  error: null,
  transport: 'streamable-http',
  endpoint: 'builtin' in config ? 'builtin:shop' : 'command' in config ? config.command : config.url,
  connectedAt: '2025-01-01T00:00:00.000Z',
  discoveredAt: '2025-01-01T00:00:01.000Z',
  protocolVersion: '2025-11-25',
  serverInfo: { name: 'bit-select-shop', version: '0.1.0' },
  offeredCapabilities: { tools: { listChanged: true } },
  declaredCapabilities: { elicitation: { form: {}, url: {} }, sampling: {} },
  instructions: null,
  toolCount: 2,
  tools: ['query_order', 'query_logistics'],
  stderrTail: null,
  startup: null,
  reconnectAttempt: 0,
  nextRetryAt: null,
  auth: null,
  config,
  ...over,
});

let servers: ServerView[];
const importResult = (over: Partial<ImportResult>): ImportResult => ({
  applied: false,
  format: 'mcpServers',
  conflicts: [],
  servers: [],
  added: [],
  renamed: [],
  replaced: [],
  skipped: [],
  environment: [],
  problems: [],
  ...over,
});

const setup = () => {
  // Main follows every server edit with config.changed and catalog.changed; the page refreshes from those.
  const announce = () => {
    rpc.emit('config.changed', { revision: 2, source: 'app' });
    rpc.emit('catalog.changed', { revision: 2 });
  };
  const rpc = createFakeRpc({
    'servers.list': () => ({ servers }),
    'servers.add': ({ server }) => {
      if ('url' in server && server.url.includes('refuse'))
        throw new RpcClientError({
          code: 'bad_request',
          message: 'invalid',
          details: [{ path: 'server.url', message: 'Invalid URL' }],
        });
      servers = [...servers, view(server as ServerConfig)];
      announce();
      return { servers };
    },
    'servers.update': ({ name, server }) => {
      servers = servers.map((s) => (s.name === name ? view(server as ServerConfig) : s));
      announce();
      return { servers };
    },
    'servers.remove': ({ name }) => {
      servers = servers.filter((s) => s.name !== name);
      announce(); // as main does, before it answers
      return { servers };
    },
    'servers.reconnect': ({ name }) => servers.find((s) => s.name === name)!,
    'servers.rediscover': () => ({ servers }),
    'config.import': ({ onConflict }) => {
      const config: ServerConfig = { name: 'files', enabled: true, command: 'npx', args: ['srv'], env: {} };
      if (onConflict === 'ask')
        return importResult({
          conflicts: ['files'],
          servers: [{ name: 'files', originalName: 'files', action: 'skip', config }],
        });
      return importResult({
        applied: true,
        servers: [{ name: 'files-2', originalName: 'files', action: 'rename', config: { ...config, name: 'files-2' } }],
        renamed: [{ from: 'files', to: 'files-2' }],
      });
    },
  });
  renderWithRpc(<ServersPage />, rpc.client);
  return rpc;
};

beforeEach(() => {
  servers = [
    view({ name: 'shop', enabled: true, builtin: 'shop' }),
    view(
      { name: 'files', enabled: true, command: 'npx', args: [], env: {} },
      {
        status: 'failed',
        error: 'spawn npx ENOENT',
        stderrTail: 'npm ERR! missing',
        toolCount: 0,
        tools: [],
        connectedAt: null,
        discoveredAt: null,
        protocolVersion: null,
        serverInfo: null,
        transport: 'stdio',
      },
    ),
  ];
});
afterEach(cleanup);

describe('ServersPage', () => {
  it('shows each server in config order with its status, error, stderr and discovery facts', async () => {
    setup();
    const cards = await screen.findAllByTestId('server-card');
    expect(cards.map((c) => `${c.dataset.server}:${c.dataset.status}`)).toEqual(['shop:connected', 'files:failed']);
    expect(within(cards[0]).getByTestId('server-tool-count').textContent).toContain('2 offered');
    expect(cards[0].textContent).toContain('2025-11-25');
    // The last initialize both ways: what we declared, what the server offered.
    // sampling is deprecated since MCP 2026-07-28: still declared to 2025-era servers, and marked.
    expect(within(cards[0]).getByTestId('declared-capabilities').textContent).toBe(
      'elicitation (form, url), sampling [deprecated since 2026-07-28]',
    );
    expect(within(cards[0]).getByTestId('offered-capabilities').textContent).toBe('tools (listChanged)');
    expect(within(cards[1]).getByTestId('server-error').textContent).toBe('spawn npx ENOENT');
    expect(cards[1].textContent).toContain('npm ERR! missing');
  });

  it('shows what a server says of itself (title, website through the URL gate, an inline icon), its revision, and deprecated features', async () => {
    const icon = 'data:image/png;base64,iVBORw0KGgo=';
    servers = [
      view(
        { name: 'modern', enabled: true, url: 'http://127.0.0.1:1/mcp', headers: {}, transport: 'streamable-http' },
        {
          protocolVersion: '2026-07-28',
          serverInfo: {
            name: 'era-dual',
            version: '2.0.0',
            title: 'Era Shop',
            websiteUrl: 'https://shop.example/about',
            icons: [{ src: icon }],
          },
          offeredCapabilities: { tools: {}, logging: {} },
        },
      ),
      view(
        { name: 'old', enabled: true, url: 'http://127.0.0.1:2/sse', headers: {}, transport: 'sse' },
        {
          kind: 'sse',
          transport: 'sse',
          serverInfo: { name: 'legacy', version: '1.0.0', websiteUrl: 'http://evil.example/\u202Egnp.exe' },
        },
      ),
    ];
    setup();
    const [modern, old] = await screen.findAllByTestId('server-card');
    expect(within(modern).getByTestId('server-title').textContent).toBe('Era Shop');
    const link = within(modern).getByTestId('server-website') as HTMLAnchorElement;
    expect(link.href).toBe('https://shop.example/about');
    expect(link.rel).toBe('noopener noreferrer');
    expect(link.textContent).toBe('website: shop.example');
    expect((within(modern).getByTestId('tool-icon') as HTMLImageElement).src).toBe(icon);
    expect(modern.textContent).toContain('2026-07-28');
    expect(within(modern).getByTestId('offered-capabilities').textContent).toBe(
      'tools, logging [deprecated since 2026-07-28]',
    );
    expect(within(modern).queryByTestId('deprecated-mark')).toBeNull(); // Streamable HTTP is not deprecated
    // Plain http: to another host is not linked, and a hidden direction mark is shown, not obeyed.
    expect(within(old).queryByTestId('server-website')).toBeNull();
    expect(within(old).getByTestId('server-website-refused').textContent).toBe(
      'website (not linked: only https:, or http: on this machine): http://evil.example/\\u{202E}gnp.exe',
    );
    expect(within(old).queryByTestId('tool-icon')).toBeNull();
    expect(within(old).getByTestId('deprecated-mark').textContent).toBe('deprecated since 2026-07-28');
  });

  it('validates the add form, sends the entry, and puts main’s refusal on the field', async () => {
    const rpc = setup();
    await screen.findAllByTestId('server-card');
    fireEvent.click(screen.getByRole('button', { name: 'Add server' }));
    const form = screen.getByTestId('server-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Add server' }));
    expect(within(form).getAllByText('a name is required')).toHaveLength(1);
    expect(within(form).getAllByText('a URL is required')).toHaveLength(1);
    expect(rpc.callsTo('servers.add')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'shop' } });
    expect(within(form).getAllByText('a server named "shop" already exists')).toHaveLength(1);
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'crm' } });
    fireEvent.change(within(form).getByLabelText('URL'), { target: { value: 'http://refuse.example/mcp' } });
    fireEvent.click(within(form).getByRole('button', { name: '+ Add header' }));
    fireEvent.change(within(form).getByLabelText('Header 1'), { target: { value: 'Authorization' } });
    fireEvent.change(within(form).getByLabelText('Value 1'), { target: { value: 'Bearer ${env:CRM_TOKEN}' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add server' }));
    expect(await within(form).findAllByText('Invalid URL')).toHaveLength(1);
    expect(within(form).getByLabelText('URL').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(within(form).getByLabelText('URL'), { target: { value: 'http://127.0.0.1:3001/mcp' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add server' }));
    await waitFor(() => expect(screen.queryByTestId('server-form')).toBeNull());
    expect(rpc.callsTo('servers.add')[1]).toEqual({
      server: {
        name: 'crm',
        enabled: true,
        url: 'http://127.0.0.1:3001/mcp',
        transport: 'streamable-http',
        headers: { Authorization: 'Bearer ${env:CRM_TOKEN}' },
      },
    });
    expect(await screen.findAllByText('Added crm; connecting…')).toHaveLength(1);
  });

  it('edits a stdio server and runs reconnect, rediscover and remove', async () => {
    const rpc = setup();
    const files = (await screen.findAllByTestId('server-card'))[1];
    fireEvent.click(within(files).getByRole('button', { name: 'Edit' }));
    const form = screen.getByTestId('server-form');
    expect(within(form).getByLabelText<HTMLInputElement>('Command').value).toBe('npx');
    expect(within(form).getByLabelText<HTMLSelectElement>('MCP revision').value).toBe('auto');
    fireEvent.click(within(form).getByRole('button', { name: '+ Add argument' }));
    fireEvent.change(within(form).getByLabelText('Argument 1'), { target: { value: '@scope/server' } });
    fireEvent.change(within(form).getByLabelText('MCP revision'), { target: { value: 'legacy' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save server' }));
    await waitFor(() =>
      expect(rpc.callsTo('servers.update')).toEqual([
        {
          name: 'files',
          server: {
            name: 'files',
            enabled: true,
            protocol: 'legacy',
            command: 'npx',
            args: ['@scope/server'],
            env: {},
          },
        },
      ]),
    );

    const shop = screen.getAllByTestId('server-card')[0];
    fireEvent.click(within(shop).getByRole('button', { name: 'Reconnect' }));
    fireEvent.click(within(shop).getByRole('button', { name: 'Rediscover' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rediscover all' }));
    await waitFor(() => expect(rpc.callsTo('servers.rediscover')).toEqual([{ name: 'shop' }, {}]));
    expect(rpc.callsTo('servers.reconnect')).toEqual([{ name: 'shop' }]);

    fireEvent.click(within(shop).getByRole('button', { name: 'Remove…' }));
    fireEvent.click(within(shop).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getAllByTestId('server-card').map((c) => c.dataset.server)).toEqual(['files']));
  });

  it('edits a server whose header main sent masked: the mask goes back as it was, with a note and ${env:NAME} offered', async () => {
    servers = [
      view({
        name: 'tracker',
        enabled: true,
        url: 'https://tracker.example/mcp',
        transport: 'streamable-http',
        headers: { Authorization: 'Bearer ••••1234' },
      }),
    ];
    const rpc = setup();
    fireEvent.click(within(await screen.findByTestId('server-card')).getByRole('button', { name: 'Edit' }));
    const form = screen.getByTestId('server-form');
    expect(within(form).getByLabelText<HTMLInputElement>('Value 1').value).toBe('Bearer ••••1234');
    expect(within(form).getByTestId('secret-note').textContent).toMatch(
      /shown masked: leave it to keep it, or replace it with \$\{env:NAME\}/,
    );
    fireEvent.change(within(form).getByLabelText('Timeout (ms)'), { target: { value: '5000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save server' }));
    await waitFor(() => expect(rpc.callsTo('servers.update')).toHaveLength(1));
    expect(rpc.callsTo('servers.update')[0]).toMatchObject({
      name: 'tracker',
      server: { timeoutMs: 5000, headers: { Authorization: 'Bearer ••••1234' } },
    });

    // A new credential typed as a literal gets the tip; a reference to main's environment does not.
    fireEvent.click(screen.getByRole('button', { name: 'Add server' }));
    const add = screen.getByTestId('server-form');
    fireEvent.click(within(add).getByRole('button', { name: '+ Add header' }));
    fireEvent.change(within(add).getByLabelText('Header 1'), { target: { value: 'X-Api-Key' } });
    expect(within(add).getByLabelText('Value 1').getAttribute('placeholder')).toBe('${env:NAME}');
    fireEvent.change(within(add).getByLabelText('Value 1'), { target: { value: 'sk-live-typed' } });
    expect(within(add).getByTestId('secret-note').textContent).toMatch(
      /Written to switchboard.yaml as typed.*\$\{env:NAME\}/,
    );
    fireEvent.change(within(add).getByLabelText('Value 1'), { target: { value: '${env:TRACKER_KEY}' } });
    expect(within(add).queryByTestId('secret-note')).toBeNull();
  });

  it('imports pasted JSON or a file, and asks what to do about a name clash', async () => {
    const rpc = setup();
    await screen.findAllByTestId('server-card');
    fireEvent.click(screen.getByRole('button', { name: 'Import…' }));
    const panel = screen.getByTestId('import-servers');
    const json = '{"mcpServers":{"files":{"command":"npx","args":["srv"]}}}';
    const file = new File([json], 'claude_desktop_config.json', { type: 'application/json' });
    fireEvent.change(within(panel).getByLabelText('Or read it from a file'), { target: { files: [file] } });
    await waitFor(() =>
      expect(within(panel).getByLabelText<HTMLTextAreaElement>(/Paste an mcpServers JSON/).value).toBe(json),
    );

    fireEvent.click(within(panel).getByRole('button', { name: 'Preview' }));
    const conflicts = await within(panel).findByTestId('import-conflicts');
    expect(within(panel).getByTestId('import-preview').textContent).toContain('name clash');
    expect(within(panel).getByTestId('import-preview').textContent).toContain('Nothing written yet');
    fireEvent.click(within(conflicts).getByRole('radio', { name: /new name/ }));
    fireEvent.click(within(conflicts).getByRole('button', { name: 'Import with this choice' }));
    expect(await within(panel).findByText('Imported 1 server: renamed files → files-2.')).toBeInstanceOf(HTMLElement);
    expect(rpc.callsTo('config.import')).toEqual([
      { text: json, onConflict: 'ask', dryRun: true, allowEnv: [] },
      { text: json, onConflict: 'rename', dryRun: false, allowEnv: [] },
    ]);
  });

  it('says so when no server is configured, and when the list cannot load', async () => {
    servers = [];
    setup();
    expect(await screen.findByText(/No MCP server is configured/)).toBeInstanceOf(HTMLElement);
    cleanup();
    const rpc = createFakeRpc({});
    renderWithRpc(<ServersPage />, rpc.client);
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the servers');
  });
});
