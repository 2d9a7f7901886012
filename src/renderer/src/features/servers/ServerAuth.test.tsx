import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerAuthView, ServerView } from '../../../../shared/contract';
import { createFakeRpc, renderWithRpc } from '../../../../../tests/support/renderer/fake-rpc';
import { ServersPage } from './ServersPage';
import { say } from '../../../../shared/messages';
import { i18n } from '../../lib/i18n';

const AUTH_URL = 'https://auth.example.com/authorize?client_id=abc&state=xyz';

const authView = (over: Partial<ServerAuthView> = {}): ServerAuthView => ({
  grant: 'authorization_code',
  signedIn: false,
  signingIn: false,
  signInUrl: null,
  authorizationServer: null,
  scopes: [],
  expiresAt: null,
  pendingScope: null,
  error: null,
  persistent: true,
  ...over,
});

const tracker = (over: Partial<ServerView>, auth: Partial<ServerAuthView> = {}): ServerView => ({
  name: 'tracker',
  kind: 'http',
  enabled: true,
  status: 'needs-auth',
  error: 'sign-in required at https://auth.example.com/',
  transport: null,
  endpoint: 'https://tracker.example.com/mcp',
  connectedAt: null,
  discoveredAt: null,
  protocolVersion: null,
  serverInfo: null,
  offeredCapabilities: null,
  declaredCapabilities: null,
  instructions: null,
  toolCount: 0,
  tools: [],
  stderrTail: null,
  startup: null,
  reconnectAttempt: 0,
  nextRetryAt: null,
  auth: authView(auth),
  config: {
    name: 'tracker',
    enabled: true,
    url: 'https://tracker.example.com/mcp',
    transport: 'streamable-http',
    headers: {},
  },
  ...over,
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const card = () => within(screen.getByTestId('server-auth'));
/** Lets a refetch the mutation's success might start be asked for. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('the Servers card of a server that signs in with OAuth', () => {
  it('needs-auth: says so, and Sign in sends a tab opened within the click to the authorization page, detached from the console', async () => {
    let server = tracker({});
    const rpc = createFakeRpc({
      'servers.list': () => ({ servers: [server] }),
      'servers.signIn': ({ name }) => {
        server = tracker(
          {},
          { signingIn: true, signInUrl: AUTH_URL, authorizationServer: 'https://auth.example.com/' },
        );
        return { name, authorizationUrl: AUTH_URL, opened: false };
      },
    });
    const tab = { opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderWithRpc(<ServersPage />, rpc.client);
    expect((await screen.findByTestId('server-needs-auth')).textContent).toContain(
      'Sign-in required: sign-in required at https://auth.example.com/',
    );
    expect(card().getByTestId('server-auth-state').textContent).toContain('not signed in');
    expect(card().queryByRole('button', { name: 'Sign out' })).toBeNull();

    fireEvent.click(card().getByRole('button', { name: 'Sign in' }));
    expect(open).toHaveBeenCalledWith('about:blank', '_blank'); // synchronously, inside the click
    await waitFor(() => expect(tab.location.href).toBe(AUTH_URL));
    expect(tab.opener).toBeNull();
    expect(rpc.callsTo('servers.signIn')).toEqual([{ name: 'tracker' }]);
    rpc.emit('servers.authChanged', { name: 'tracker' });
    expect(await card().findByText('waiting for the browser…')).toBeInstanceOf(HTMLElement);
    expect(card().getByRole('link', { name: 'Open the sign-in page' }).getAttribute('href')).toBe(AUTH_URL);
    // The event refreshes the list; the sign-in itself refetches nothing (it did: the list and the catalog again).
    await settle();
    expect(rpc.callsTo('servers.list')).toHaveLength(2);
    expect(rpc.calls.filter((call) => call.route.startsWith('catalog.'))).toEqual([]);
  });

  it('when main opened the system browser itself, the blank tab is closed again', async () => {
    const rpc = createFakeRpc({
      'servers.list': () => ({ servers: [tracker({})] }),
      'servers.signIn': ({ name }) => ({ name, authorizationUrl: AUTH_URL, opened: true }),
    });
    const tab = { opener: {}, location: { href: 'about:blank' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderWithRpc(<ServersPage />, rpc.client);
    await screen.findByTestId('server-auth');
    fireEvent.click(await card().findByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(tab.location.href).toBe('about:blank');
  });

  it('signed in: the authorization server, granted scopes and expiry, and Sign out', async () => {
    let server = tracker(
      { status: 'connected', error: null, toolCount: 3, tools: ['a', 'b', 'c'] },
      {
        signedIn: true,
        authorizationServer: 'https://auth.example.com/',
        scopes: ['tickets:read', 'tickets:write'],
        expiresAt: '2999-01-01T10:00:00.000Z',
      },
    );
    const rpc = createFakeRpc({
      'servers.list': () => ({ servers: [server] }),
      'servers.signOut': () => {
        server = tracker({});
        rpc.emit('servers.authChanged', { name: 'tracker' }); // as main: the tokens are forgotten
        return server;
      },
    });
    renderWithRpc(<ServersPage />, rpc.client);
    await screen.findByTestId('server-auth');
    expect((await card().findByTestId('server-auth-issuer')).textContent).toContain('https://auth.example.com/');
    expect(card().getByTestId('server-auth-scopes').textContent).toContain('tickets:read tickets:write');
    expect(card().getByText('Expires')).toBeInstanceOf(HTMLElement);
    expect(card().getByTestId('server-auth-expiry').textContent).not.toBe('');
    fireEvent.click(card().getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(rpc.callsTo('servers.signOut')).toEqual([{ name: 'tracker' }]));
    expect(await screen.findByTestId('server-needs-auth')).toBeInstanceOf(HTMLElement);
    await settle();
    expect(rpc.callsTo('servers.list')).toHaveLength(2); // once for the event, none for the mutation
  });

  it('shows the authorization server’s error as it said it, and a step-up request', async () => {
    const rpc = createFakeRpc({
      'servers.list': () => ({
        servers: [
          tracker(
            { status: 'connected', error: null },
            {
              signedIn: true,
              error: 'the authorization server answered: access_denied: The resource owner said no',
              pendingScope: 'tickets:read tickets:write',
            },
          ),
        ],
      }),
    });
    renderWithRpc(<ServersPage />, rpc.client);
    await screen.findByTestId('server-auth');
    expect((await card().findByTestId('server-auth-error')).textContent).toContain(
      'the authorization server answered: access_denied: The resource owner said no',
    );
    expect(card().getByTestId('server-pending-scope').textContent).toContain('tickets:read tickets:write');
    expect(card().getByRole('button', { name: 'Sign in again' })).toBeInstanceOf(HTMLElement);
  });

  it('under zh-CN, a failed refresh and why the server waits for a sign-in read in Chinese, what the SDK said verbatim (issue 20)', async () => {
    const refresh = say('auth.refreshFailed', { detail: 'fetch failed' });
    const waiting = say('auth.signInRequiredAt', { where: 'https://auth.example.com/' });
    const rpc = createFakeRpc({
      'servers.list': () => ({
        servers: [tracker({ errorMessage: waiting }, { signedIn: true, error: refresh.text, errorMessage: refresh })],
      }),
    });
    await i18n.changeLanguage('zh-CN');
    try {
      renderWithRpc(<ServersPage />, rpc.client);
      await screen.findByTestId('server-auth');
      expect((await card().findByTestId('server-auth-error')).textContent).toBe('刷新访问令牌失败：fetch failed');
      expect(card().getByTestId('server-needs-auth').textContent).toContain('需要在 https://auth.example.com/ 登录');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
