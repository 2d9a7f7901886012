import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serverConfigSchema, type ServerConfig, type ServerConfigInput } from '../../../shared/config/schema';
import {
  startOAuthMcpServer,
  visitAuthorizationPage,
  type OAuthMcpServer,
  type OAuthMcpServerOptions,
} from '../../../../tests/support/mcp';
import { AuthorizationRequiredError, ConnectionManager } from '../mcp';
import {
  createEncryptedSecrets,
  createOwnerOnlyFileSecrets,
  type KeyVault,
  type SecretStore,
  type StringCipher,
} from '../secrets';
import { AuthService } from './auth-service';
import { OAuthStore } from './oauth-store';

/**
 * The OAuth client against a real OAuth-protected MCP server (the SDK's server-side auth), in process:
 * the connection manager with this service as its auth port, a token store on a secret store, and a
 * "browser" that follows the authorization page's redirect to the loopback listener.
 */
let dir: string;
let oauth: OAuthMcpServer | undefined;
let rig: { auth: AuthService; connections: ConnectionManager; logs: string[]; store: OAuthStore } | undefined;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-auth-'));
});
afterEach(async () => {
  await rig?.connections.closeAll();
  rig?.auth.close();
  rig = undefined;
  await oauth?.close();
  oauth = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function setUp(
  options: OAuthMcpServerOptions = {},
  entry: Partial<ServerConfigInput> = {},
  secrets: SecretStore = createOwnerOnlyFileSecrets(join(dir, 'oauth-tokens.json')),
) {
  oauth = await startOAuthMcpServer(options);
  const server = serverConfigSchema.parse({ name: 'tracker', url: oauth.url, ...entry }) as ServerConfig;
  const logs: string[] = [];
  const store = new OAuthStore(secrets);
  const auth: AuthService = new AuthService({
    store,
    connections: () => connections,
    servers: () => [server],
    log: (l) => logs.push(l),
    signInTimeoutMs: 10_000,
  });
  const connections = new ConnectionManager({
    auth,
    autoReconnect: true,
    backoff: { initialMs: 50, maxMs: 100 },
    healthCheckIntervalMs: 0,
    log: (l) => logs.push(l),
  });
  rig = { auth, connections, logs, store };
  connections.reconcile([server]);
  await connections.whenSettled();
  return rig;
}

const state = () => rig!.connections.state('tracker')!;

describe('OAuth for a remote MCP server', () => {
  it('a 401 ends in needs-auth: discovery only, no registration, no browser, no retry loop', async () => {
    await setUp({ scopesSupported: ['tickets:read'] });
    expect(state()).toMatchObject({ status: 'needs-auth', nextRetryAt: null, reconnectAttempt: 0 });
    expect(state().error).toBe(`sign-in required at ${oauth!.issuer}`);
    const requests = oauth!.counts.mcpRequests;
    await new Promise((resolve) => setTimeout(resolve, 400)); // the backoff would have retried by now
    expect(oauth!.counts).toMatchObject({ registrations: 0, authorizations: 0, mcpRequests: requests });
  });

  it('sign-in: dynamic registration, PKCE, the resource parameter, tokens in the store; then refresh on a 401, and sign-out forgets', async () => {
    const { auth, connections, logs } = await setUp({ scopesSupported: ['tickets:read'] });
    const opened: string[] = [];
    const handle = await auth.signIn('tracker', async (url) => {
      opened.push(url);
      return visitAuthorizationPage(url);
    });
    expect(handle.opened).toBe(true);
    const url = new URL(handle.authorizationUrl!);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource')).toBe(oauth!.url);
    expect(url.searchParams.get('scope')).toBe('tickets:read');
    expect(url.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    await handle.done;
    expect(state().status).toBe('connected');
    expect(oauth!.counts).toMatchObject({ registrations: 1, authorizations: 1, codeExchanges: 1 });
    const view = auth.view(connectionsConfig())!;
    expect(view).toMatchObject({
      signedIn: true,
      signingIn: false,
      scopes: ['tickets:read'],
      authorizationServer: oauth!.issuer,
      error: null,
      persistent: true,
    });

    // The access token is gone server-side: the SDK refreshes on the 401 and the call goes through.
    oauth!.expireAccessTokens();
    const result = await connections.callTool('tracker', 'whoami', {});
    expect(JSON.parse((result.content as { text: string }[])[0].text)).toMatchObject({ scopes: ['tickets:read'] });
    expect(oauth!.counts.refreshes).toBe(1);

    await auth.signOut('tracker');
    expect(state().status).toBe('needs-auth');
    expect(auth.view(connectionsConfig())).toMatchObject({ signedIn: false, scopes: [], expiresAt: null });
    const file = readFileSync(join(dir, 'oauth-tokens.json'), 'utf8');
    for (const token of oauth!.acceptedTokens) expect(file).not.toContain(token); // the reconnect kept only what discovery found
    for (const token of oauth!.acceptedTokens) for (const line of logs) expect(line).not.toContain(token);
  });

  it('a pre-registered client from the config is used as is: no registration', async () => {
    await setUp(
      {
        clients: [
          { client_id: 'sb-desktop', redirect_uris: ['http://127.0.0.1/callback'], token_endpoint_auth_method: 'none' },
        ],
      },
      { auth: { clientId: 'sb-desktop' } },
    );
    await (
      await rig!.auth.signIn('tracker', visitAuthorizationPage)
    ).done;
    expect(state().status).toBe('connected');
    expect(oauth!.counts.registrations).toBe(0);
    expect(
      JSON.parse(((await rig!.connections.callTool('tracker', 'whoami', {})).content as { text: string }[])[0].text)
        .clientId,
    ).toBe('sb-desktop');
  });

  it('an authorization server error reaches the operator as it said it; the server keeps waiting for a sign-in', async () => {
    const { auth } = await setUp();
    oauth!.authorizeAnswer = { error: 'access_denied', description: 'Not today' };
    const handle = await auth.signIn('tracker', visitAuthorizationPage);
    await expect(handle.done).rejects.toThrow('the authorization server answered: access_denied: Not today');
    expect(auth.view(connectionsConfig())).toMatchObject({
      signedIn: false,
      signingIn: false,
      error: 'the authorization server answered: access_denied: Not today',
      // the console translates the frame; the authorization server's words are params, verbatim
      errorMessage: {
        code: 'auth.serverAnsweredDescribed',
        params: { error: 'access_denied', description: 'Not today' },
      },
    });
    expect(state().status).toBe('needs-auth');
  });

  it('refuses an authorization server without PKCE (S256) before any browser or registration', async () => {
    const { auth } = await setUp({ advertisePkce: false });
    expect(state().status).toBe('failed');
    expect(state().error).toContain('does not advertise PKCE with S256');
    expect(state().errorMessage).toMatchObject({ code: 'auth.pkceUnsupported', text: state().error });
    expect(state().nextRetryAt).toBeNull();
    const opened: string[] = [];
    await expect(auth.signIn('tracker', async (url) => (opened.push(url), true))).rejects.toThrow(
      /does not advertise PKCE/,
    );
    expect(opened).toEqual([]);
    expect(oauth!.counts.authorizations).toBe(0);
  });

  it('refuses protected resource metadata that names another resource, and does not retry', async () => {
    await setUp({ prmResource: 'https://evil.example.com/mcp' });
    expect(state()).toMatchObject({ status: 'failed', nextRetryAt: null });
    expect(state().error).toContain('names https://evil.example.com/mcp');
    expect(oauth!.counts.authorizations + oauth!.counts.registrations).toBe(0);
  });

  it('a 403 insufficient_scope on a call asks for a step-up sign-in (the server stays connected); signing in again grants it', async () => {
    const { auth, connections } = await setUp({ scopesSupported: ['tickets:read'] });
    await (
      await auth.signIn('tracker', visitAuthorizationPage)
    ).done;
    const refused = await connections.callTool('tracker', 'write_ticket', {}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AuthorizationRequiredError);
    expect((refused as AuthorizationRequiredError).verdict).toMatchObject({
      kind: 'step-up',
      message: 'tracker needs more access (scope "tickets:read tickets:write"): sign in again to grant it',
      uiMessage: { code: 'auth.stepUp', params: { server: 'tracker', scope: 'tickets:read tickets:write' } },
    });
    expect(state().status).toBe('connected');
    expect(auth.view(connectionsConfig())!.pendingScope).toBe('tickets:read tickets:write');

    const again = await auth.signIn('tracker', visitAuthorizationPage);
    expect(new URL(again.authorizationUrl!).searchParams.get('scope')).toBe('tickets:read tickets:write');
    await again.done;
    expect((await connections.callTool('tracker', 'write_ticket', {})).content).toEqual([
      { type: 'text', text: 'filed' },
    ]);
    expect(auth.view(connectionsConfig())).toMatchObject({
      pendingScope: null,
      scopes: ['tickets:read', 'tickets:write'],
    });
  });

  it('a step-up the authorization server will not grant is refused, not looped: one more sign-in at most', async () => {
    const { auth, connections } = await setUp({ scopesSupported: ['tickets:read'], neverGrant: ['tickets:write'] });
    await (
      await auth.signIn('tracker', visitAuthorizationPage)
    ).done;
    await expect(connections.callTool('tracker', 'write_ticket', {})).rejects.toThrow(/needs more access/);
    await (
      await auth.signIn('tracker', visitAuthorizationPage)
    ).done; // asks for tickets:write; gets a token without it
    const error = (await connections
      .callTool('tracker', 'write_ticket', {})
      .catch((e: unknown) => e)) as AuthorizationRequiredError;
    expect(error.verdict.kind).toBe('refused');
    expect(error.message).toContain('which the current sign-in already asked for; signing in again will not help');
    expect(oauth!.counts.authorizations).toBe(2);
    expect(auth.view(connectionsConfig())!.pendingScope).toBeNull();
  });

  it('two requests that meet an expired access token at once spend the rotating refresh token once; both go through', async () => {
    const { auth, connections } = await setUp({ scopesSupported: ['tickets:read'] });
    await (
      await auth.signIn('tracker', visitAuthorizationPage)
    ).done;
    oauth!.expireAccessTokens();
    // Each gets a 401 before either refresh is back: the second refresh used to spend the same refresh token, get
    // invalid_grant, and make the SDK throw the new tokens away (the server then waited for a sign-in).
    const results = await Promise.all([1, 2].map(() => connections.callTool('tracker', 'whoami', {})));
    for (const result of results)
      expect(JSON.parse((result.content as { text: string }[])[0].text)).toMatchObject({ scopes: ['tickets:read'] });
    expect(oauth!.counts.refreshes).toBe(1);
    expect(state().status).toBe('connected');
    expect(auth.view(connectionsConfig())).toMatchObject({ signedIn: true, error: null });
  });

  it('a refresh token that is not rotated is spent again on the next expiry: its earlier answer is never reused', async () => {
    const { auth, connections } = await setUp({ scopesSupported: ['tickets:read'], rotateRefreshTokens: false });
    await (
      await auth.signIn('tracker', visitAuthorizationPage)
    ).done;
    for (const refreshes of [1, 2]) {
      oauth!.expireAccessTokens();
      await connections.callTool('tracker', 'whoami', {});
      expect(oauth!.counts.refreshes).toBe(refreshes);
    }
    expect(state().status).toBe('connected');
  });

  it('a strict 2026-07-28 server: sign-in, a refresh on a 401, and a step-up on a 403 work as in the 2025 era', async () => {
    const { auth, connections } = await setUp({ scopesSupported: ['tickets:read'], era: 'strict' });
    expect(state().status).toBe('needs-auth');
    await (
      await auth.signIn('tracker', visitAuthorizationPage)
    ).done;
    expect(state()).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28' });
    oauth!.expireAccessTokens(); // the call and the re-opened subscriptions/listen stream may both meet it
    const result = await connections.callTool('tracker', 'whoami', {});
    expect(JSON.parse((result.content as { text: string }[])[0].text)).toMatchObject({ scopes: ['tickets:read'] });
    expect(oauth!.counts.refreshes).toBe(1);
    const refused = await connections.callTool('tracker', 'write_ticket', {}).catch((error: unknown) => error);
    expect((refused as AuthorizationRequiredError).verdict).toMatchObject({ kind: 'step-up' });
    await (
      await auth.signIn('tracker', visitAuthorizationPage)
    ).done;
    expect((await connections.callTool('tracker', 'write_ticket', {})).content).toEqual([
      { type: 'text', text: 'filed' },
    ]);
    expect(state()).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28' });
  });

  it('in Electron the tokens are sealed by safeStorage in secrets.json, never in plain text', async () => {
    const cipher: StringCipher = {
      encrypt: async (plain) => Buffer.from(`sealed:${Buffer.from(plain).toString('hex')}`),
      decrypt: async (sealed) => ({ value: Buffer.from(sealed.toString().slice(7), 'hex').toString() }),
    };
    const vault: KeyVault = { storage: 'keychain', cipher, usePlainText: () => undefined };
    const { auth } = await setUp({}, {}, await createEncryptedSecrets(dir, vault, {}));
    await (
      await auth.signIn('tracker', visitAuthorizationPage)
    ).done;
    const onDisk = readFileSync(join(dir, 'secrets.json'), 'utf8');
    expect(oauth!.acceptedTokens.length).toBeGreaterThan(0);
    for (const token of oauth!.acceptedTokens) expect(onDisk).not.toContain(token);
    expect(Object.keys(JSON.parse(onDisk).keys)).toEqual(['oauth/tracker']);
  });
});

function connectionsConfig(): ServerConfig {
  return serverConfigSchema.parse({ name: 'tracker', url: oauth!.url }) as ServerConfig;
}
