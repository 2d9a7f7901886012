import { randomBytes } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Response } from 'express';
import { NodeStreamableHTTPServerTransport, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import type { AuthInfo, OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/server';
import {
  InvalidGrantError,
  InvalidTokenError,
  requireBearerAuth,
  createOAuthMetadata,
  getOAuthProtectedResourceMetadataUrl,
  mcpAuthRouter,
} from '@modelcontextprotocol/server-legacy/auth';
import type {
  OAuthRegisteredClientsStore,
  AuthorizationParams,
  OAuthServerProvider,
} from '@modelcontextprotocol/server-legacy/auth';

/**
 * A real OAuth-protected MCP server for tests, built on the SDK's server-side auth: mcpAuthRouter serves
 * the protected resource and authorization server metadata, dynamic registration, /authorize and
 * /token; requireBearerAuth guards /mcp. The authorization page approves at once (or answers with a
 * configured error), so a test's "browser" only has to follow the redirect. Access tokens can be made
 * short-lived to exercise refresh.
 */
export interface OAuthMcpServerOptions {
  /** Lifetime of access tokens in seconds (default 3600). */
  accessTokenTtlSeconds?: number;
  scopesSupported?: string[];
  /** Scopes every MCP request needs (default none). */
  requiredScopes?: string[];
  /** Clients registered beforehand (no dynamic registration needed for them). */
  clients?: OAuthClientInformationFull[];
  /** False: the authorization server metadata leaves out code_challenge_methods_supported (no PKCE). */
  advertisePkce?: boolean;
  /** The `resource` the protected resource metadata names (default the MCP endpoint). */
  prmResource?: string;
  /** Scopes the authorization server never grants, even when asked (a token then carries fewer). */
  neverGrant?: string[];
  /** A hostile or broken authorization server: these fields replace its metadata's (authorization_endpoint, issuer). */
  metadataOverrides?: Record<string, unknown>;
  /** A careless server: `whoami` logs the bearer token it was called with (notifications/message). */
  echoToken?: boolean;
  /** False: a refresh keeps the refresh token (it is not rotated); only a new access token is issued. Default true. */
  rotateRefreshTokens?: boolean;
  /** 'strict': the endpoint serves MCP 2026-07-28 only (the v2 SDK's createMcpHandler with legacy: 'reject'). */
  era?: 'strict';
}

/** The tool `write_ticket` needs this scope: without it the endpoint answers 403 insufficient_scope (step-up). */
export const WRITE_SCOPE = 'tickets:write';

export interface OAuthMcpServer {
  /** The MCP endpoint, http://127.0.0.1:P/mcp */
  url: string;
  issuer: string;
  /** What the authorization page answers: approve, or redirect back with this error. */
  authorizeAnswer: 'approve' | { error: string; description?: string };
  counts: {
    registrations: number;
    authorizations: number;
    codeExchanges: number;
    refreshes: number;
    mcpRequests: number;
  };
  /** The `resource` parameter of every token request (RFC 8707). */
  resources: (string | undefined)[];
  /** Every access token the MCP endpoint accepted, in order. */
  acceptedTokens: string[];
  /** Forget every issued token: the next MCP request is refused. */
  revokeAll(): void;
  /** Forget the access tokens only: the next MCP request gets a 401 that a refresh can answer. */
  expireAccessTokens(): void;
  close(): Promise<void>;
}

interface Grant {
  clientId: string;
  scopes: string[];
  resource?: string;
}

export async function startOAuthMcpServer(options: OAuthMcpServerOptions = {}): Promise<OAuthMcpServer> {
  const ttl = options.accessTokenTtlSeconds ?? 3600;
  const http: HttpServer = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const mcpUrl = `${base}/mcp`;

  const clients = new Map<string, OAuthClientInformationFull>((options.clients ?? []).map((c) => [c.client_id, c]));
  const codes = new Map<string, { client: string; params: AuthorizationParams }>();
  const accessTokens = new Map<string, Grant & { expiresAt: number }>();
  const refreshTokens = new Map<string, Grant>();
  const fixture: OAuthMcpServer = {
    url: mcpUrl,
    issuer: `${base}/`,
    authorizeAnswer: 'approve',
    counts: { registrations: 0, authorizations: 0, codeExchanges: 0, refreshes: 0, mcpRequests: 0 },
    resources: [],
    acceptedTokens: [],
    revokeAll() {
      accessTokens.clear();
      refreshTokens.clear();
    },
    expireAccessTokens() {
      accessTokens.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };

  const issue = (grant: Grant): OAuthTokens => {
    const access = `at-${randomBytes(12).toString('hex')}`;
    const refresh = `rt-${randomBytes(12).toString('hex')}`;
    accessTokens.set(access, { ...grant, expiresAt: Date.now() + ttl * 1000 });
    refreshTokens.set(refresh, grant);
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: ttl,
      refresh_token: refresh,
      scope: grant.scopes.join(' '),
    };
  };

  const clientsStore: OAuthRegisteredClientsStore = {
    getClient: (id) => clients.get(id),
    registerClient: (client) => {
      fixture.counts.registrations += 1;
      const full = client as OAuthClientInformationFull;
      clients.set(full.client_id, full);
      return full;
    },
  };

  const provider: OAuthServerProvider = {
    clientsStore,
    async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: Response) {
      fixture.counts.authorizations += 1;
      const back = new URL(params.redirectUri);
      if (params.state) back.searchParams.set('state', params.state);
      const answer = fixture.authorizeAnswer;
      if (answer === 'approve') {
        const code = randomBytes(12).toString('hex');
        codes.set(code, { client: client.client_id, params });
        back.searchParams.set('code', code);
      } else {
        back.searchParams.set('error', answer.error);
        if (answer.description) back.searchParams.set('error_description', answer.description);
      }
      res.redirect(back.href);
    },
    async challengeForAuthorizationCode(_client, code) {
      const found = codes.get(code);
      if (!found) throw new InvalidGrantError('unknown authorization code');
      return found.params.codeChallenge;
    },
    async exchangeAuthorizationCode(client, code, _verifier, _redirectUri, resource) {
      const found = codes.get(code);
      if (!found || found.client !== client.client_id) throw new InvalidGrantError('unknown authorization code');
      codes.delete(code);
      fixture.counts.codeExchanges += 1;
      fixture.resources.push(resource?.href);
      const scopes = (found.params.scopes ?? []).filter((scope) => !options.neverGrant?.includes(scope));
      return issue({ clientId: client.client_id, scopes, resource: resource?.href });
    },
    async exchangeRefreshToken(client, refreshToken, _scopes, resource) {
      const grant = refreshTokens.get(refreshToken);
      if (!grant || grant.clientId !== client.client_id) throw new InvalidGrantError('unknown refresh token');
      fixture.counts.refreshes += 1;
      fixture.resources.push(resource?.href);
      if (options.rotateRefreshTokens === false) {
        const { refresh_token: unused, ...fresh } = issue(grant);
        refreshTokens.delete(unused!);
        return { ...fresh, refresh_token: refreshToken };
      }
      refreshTokens.delete(refreshToken); // rotated, as OAuth 2.1 asks of public clients
      return issue(grant);
    },
    async verifyAccessToken(token): Promise<AuthInfo> {
      const grant = accessTokens.get(token);
      if (!grant || grant.expiresAt <= Date.now())
        throw new InvalidTokenError('the access token is unknown or expired');
      return {
        token,
        clientId: grant.clientId,
        scopes: grant.scopes,
        expiresAt: Math.floor(grant.expiresAt / 1000),
        resource: grant.resource ? new URL(grant.resource) : undefined,
      };
    },
  };

  const app = express();
  const off = { rateLimit: false as const };
  // Variations a real server may have, answered before the SDK's own metadata handlers.
  if (options.advertisePkce === false || options.metadataOverrides) {
    const metadata: Record<string, unknown> = {
      ...createOAuthMetadata({
        provider,
        issuerUrl: new URL(fixture.issuer),
        scopesSupported: options.scopesSupported,
      }),
      ...options.metadataOverrides,
    };
    if (options.advertisePkce === false) delete metadata.code_challenge_methods_supported;
    app.get('/.well-known/oauth-authorization-server', (_req, res) => void res.json(metadata));
  }
  if (options.prmResource)
    app.get(
      '/.well-known/oauth-protected-resource/mcp',
      (_req, res) => void res.json({ resource: options.prmResource, authorization_servers: [fixture.issuer] }),
    );
  app.use(
    mcpAuthRouter({
      provider,
      issuerUrl: new URL(fixture.issuer),
      resourceServerUrl: new URL(mcpUrl),
      scopesSupported: options.scopesSupported,
      authorizationOptions: off,
      tokenOptions: off,
      clientRegistrationOptions: off,
    }),
  );
  // Built once (it serves every 2026-07-28 request statelessly); requireBearerAuth's req.auth passes through.
  const strictHandler = toNodeHandler(createMcpHandler(() => fixtureServer(), { legacy: 'reject' }));
  const bearer = requireBearerAuth({
    verifier: provider,
    requiredScopes: options.requiredScopes ?? [],
    resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(new URL(mcpUrl)),
  });
  app.post('/mcp', express.json(), bearer, async (req, res) => {
    fixture.counts.mcpRequests += 1;
    const authInfo = (req as typeof req & { auth?: AuthInfo }).auth;
    if (authInfo) fixture.acceptedTokens.push(authInfo.token);
    const body = req.body as { method?: string; params?: { name?: string } } | undefined;
    if (
      body?.method === 'tools/call' &&
      body.params?.name === 'write_ticket' &&
      !authInfo?.scopes.includes(WRITE_SCOPE)
    ) {
      const wanted = [...new Set([...(authInfo?.scopes ?? []), WRITE_SCOPE])].join(' ');
      const metadata = getOAuthProtectedResourceMetadataUrl(new URL(mcpUrl));
      res
        .status(403)
        .set(
          'WWW-Authenticate',
          `Bearer error="insufficient_scope", scope="${wanted}", resource_metadata="${metadata}"`,
        )
        .json({ error: 'insufficient_scope' });
      return;
    }
    if (options.era === 'strict') {
      await strictHandler(req, res, req.body);
      return;
    }
    const server = fixtureServer();
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => void transport.close().then(() => server.close()));
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  function fixtureServer(): McpServer {
    const server = new McpServer({ name: 'oauth-fixture', version: '1.0.0' }, { capabilities: { logging: {} } });
    server.registerTool(
      'whoami',
      { description: 'Who the bearer token belongs to', annotations: { readOnlyHint: true } },
      async (ctx) => {
        if (options.echoToken)
          await ctx.mcpReq.notify({
            method: 'notifications/message',
            params: { level: 'warning', logger: 'auth', data: `called with Bearer ${ctx.http?.authInfo?.token}` },
          });
        return {
          content: [
            {
              type: 'text' as const,
              text: JSON.stringify({ clientId: ctx.http?.authInfo?.clientId, scopes: ctx.http?.authInfo?.scopes }),
            },
          ],
        };
      },
    );
    server.registerTool('write_ticket', { description: 'Files a ticket (needs tickets:write)' }, () => ({
      content: [{ type: 'text' as const, text: 'filed' }],
    }));
    return server;
  }
  app.all('/mcp', (_req, res) => void res.status(405).set('Allow', 'POST').end());
  http.on('request', app);
  return fixture;
}

/** A test's "browser": visits the authorization page and follows its redirect to the client's loopback listener. */
export async function visitAuthorizationPage(url: string): Promise<boolean> {
  const response = await fetch(url, { redirect: 'follow' });
  await response.body?.cancel();
  return true;
}
