import {
  ClientCredentialsProvider,
  CrossAppAccessProvider,
  PrivateKeyJwtProvider,
  checkResourceAllowed,
  resourceUrlFromServerUrl,
} from '@modelcontextprotocol/client';
import type {
  AddClientAuthentication,
  OAuthClientProvider,
  OAuthDiscoveryState,
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/client';
import { isMachineGrant, type ResolvedAuth } from './auth-settings';
import { crossAppAssertion } from './cross-app-access';
import type { OAuthStore, StoredAuth } from './oauth-store';
import { AuthFailure } from './auth-failure';
import { say } from '../../../shared/messages';

/** Where a background flow (a transport's 401) says the redirect goes; never used, since it never opens a browser. */
const BACKGROUND_REDIRECT = 'http://127.0.0.1/callback';
const CLIENT_NAME = 'Switchboard';

export type ProviderMode =
  /** A transport's own 401/403 handling: refreshes and client-credentials tokens, never a browser or a registration. */
  | { kind: 'background' }
  /** An operator's sign-in: registers if needed and sends the browser to the authorization server. */
  | { kind: 'interactive'; redirectUrl: string; state: string; open: (url: URL) => Promise<void> };

export interface ProviderContext {
  server: string;
  /** The MCP endpoint (normalised), the resource the tokens are for. */
  resource: string;
  settings: ResolvedAuth;
  store: OAuthStore;
  now: () => Date;
}

/** The protected resource metadata names a different resource than the server we connect to. */
export class ResourceMismatchError extends AuthFailure {
  override readonly name = 'ResourceMismatchError';
}

/** The authorization server does not say it supports PKCE with S256; OAuth 2.1 and MCP refuse to go on. */
export class PkceUnsupportedError extends AuthFailure {
  override readonly name = 'PkceUnsupportedError';
}

/** The authorization server metadata names another issuer than the one it was fetched for (RFC 8414 §3.3). */
export class IssuerMismatchError extends AuthFailure {
  override readonly name = 'IssuerMismatchError';
}

/** A configured client is bound to one authorization server and the server now names another. */
export class ClientBoundElsewhereError extends AuthFailure {
  override readonly name = 'ClientBoundElsewhereError';
}

/**
 * The SDK's OAuthClientProvider for one server, on Switchboard's token store. The SDK's auth() does the
 * protocol (discovery, PKCE, registration, token requests); this decides identity and keeps state:
 * 1. a client configured in `auth:` (pre-registered), 2. the configured client ID metadata document URL
 * (the SDK uses it where the authorization server supports it), 3. dynamic registration (interactive only).
 * The client_credentials grant takes its client information, token request and private_key_jwt
 * assertion from the SDK's ClientCredentialsProvider / PrivateKeyJwtProvider; cross_app_access its jwt-bearer
 * request from CrossAppAccessProvider, with the ID-JAG from the IdP (cross-app-access.ts).
 */
export class SwitchboardOAuthProvider implements OAuthClientProvider {
  readonly clientMetadataUrl?: string;
  /** Absent in background mode: the SDK then cannot register a client without the operator. */
  saveClientInformation?: (info: OAuthClientInformationMixed) => Promise<void>;
  addClientAuthentication?: AddClientAuthentication;
  prepareTokenRequest?: (scope?: string) => URLSearchParams | Promise<URLSearchParams>;
  /** Set when the browser is sent off: the scope this authorization asks for, kept with the tokens. */
  requestedScope: string | undefined;
  /** Background mode: set when the flow reached a step only the operator can take (register, open a browser). */
  interactionNeeded: { scope?: string } | undefined;
  private verifier: string | undefined;
  private discoveredIssuer: string | undefined;
  private machineDelegate: MachineProvider | undefined;
  /** Where discovery led (auth() tells us): the ID-JAG is asked for this authorization server and resource. */
  private authorizationServer: string | undefined;
  private resourceIndicator: string | undefined;

  constructor(
    private readonly ctx: ProviderContext,
    private readonly mode: ProviderMode,
  ) {
    this.clientMetadataUrl = ctx.settings.clientMetadataUrl;
    if (mode.kind === 'interactive') this.saveClientInformation = (info) => this.storeClientInformation(info);
    if (isMachineGrant(ctx.settings.grant)) {
      this.saveClientInformation = (info) => this.storeClientInformation(info);
      this.prepareTokenRequest = (scope) => this.machineTokenRequest(scope);
      if (ctx.settings.privateKey)
        this.addClientAuthentication = (...args) =>
          (this.machine() as PrivateKeyJwtProvider).addClientAuthentication(...args);
    }
  }

  get redirectUrl(): string | undefined {
    if (isMachineGrant(this.ctx.settings.grant)) return undefined; // the SDK's non-interactive path
    return this.mode.kind === 'interactive' ? this.mode.redirectUrl : BACKGROUND_REDIRECT;
  }

  get clientMetadata(): OAuthClientMetadata {
    const { settings } = this.ctx;
    if (isMachineGrant(settings.grant))
      return { ...this.machine().clientMetadata, client_name: CLIENT_NAME, scope: settings.scope };
    return {
      client_name: CLIENT_NAME,
      redirect_uris: [this.redirectUrl ?? BACKGROUND_REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: this.registrationAuthMethod(),
      ...(settings.scope ? { scope: settings.scope } : {}),
    };
  }

  /** Background flows never reach the browser; their `state` is never checked by anyone. */
  state(): string {
    return this.mode.kind === 'interactive' ? this.mode.state : 'background';
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    const { settings } = this.ctx;
    const stored = this.stored();
    if (isMachineGrant(settings.grant))
      return { ...this.machine().clientInformation(), issuer: stored.configuredClientIssuer };
    if (settings.clientId) {
      const bound = stored.configuredClientIssuer;
      if (bound && this.discoveredIssuer && !sameIssuer(bound, this.discoveredIssuer))
        throw new ClientBoundElsewhereError(
          say('auth.clientBoundElsewhere', {
            clientId: settings.clientId,
            bound,
            server: this.ctx.server,
            issuer: this.discoveredIssuer,
          }),
        );
      return {
        client_id: settings.clientId,
        ...(settings.clientSecret ? { client_secret: settings.clientSecret } : {}),
        ...(bound ? { issuer: bound } : {}),
      };
    }
    if (!stored.client && this.mode.kind === 'background') this.interactionNeeded ??= {};
    return stored.client;
  }

  tokens(): OAuthTokens | undefined {
    // A sign-in always asks the authorization server anew (a refresh could not add a stepped-up scope).
    if (this.mode.kind === 'interactive') return undefined;
    return this.stored().tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    const requested = this.mode.kind === 'interactive' ? this.requestedScope : undefined;
    await this.ctx.store.update(this.ctx.server, this.ctx.resource, (current) => ({
      ...current,
      tokens,
      obtainedAt: this.ctx.now().toISOString(),
      requestedScope: requested ?? (this.mode.kind === 'interactive' ? undefined : current.requestedScope),
    }));
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    requirePkce(this.stored().discovery);
    if (this.mode.kind === 'background') {
      this.interactionNeeded = { scope: authorizationUrl.searchParams.get('scope') ?? undefined };
      return;
    }
    this.requestedScope = authorizationUrl.searchParams.get('scope') ?? undefined;
    await this.mode.open(authorizationUrl);
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier; // per flow, in memory: a background 401 never clobbers a sign-in in progress
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error('no PKCE code verifier: the sign-in was not started by this flow');
    return this.verifier;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'verifier') {
      this.verifier = undefined;
      return;
    }
    await this.ctx.store.update(this.ctx.server, this.ctx.resource, (current) => ({
      ...current,
      ...(scope === 'all' || scope === 'client' ? { client: undefined, configuredClientIssuer: undefined } : {}),
      ...(scope === 'all' || scope === 'tokens' ? { tokens: undefined, obtainedAt: undefined } : {}),
      ...(scope === 'all' || scope === 'discovery' ? { discovery: undefined } : {}),
    }));
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    // Refused before any registration or authorization request: the metadata must name this server.
    const named = state.resourceMetadata?.resource;
    if (
      named &&
      !checkResourceAllowed({
        requestedResource: resourceUrlFromServerUrl(this.ctx.resource),
        configuredResource: named,
      })
    )
      throw new ResourceMismatchError(say('auth.resourceMismatch', { named, resource: this.ctx.resource }));
    requireMatchingIssuer(state);
    if (this.ctx.settings.grant === 'authorization_code') requirePkce(state);
    this.discoveredIssuer = state.authorizationServerUrl;
    await this.ctx.store.update(this.ctx.server, this.ctx.resource, (current) => ({ ...current, discovery: state }));
  }

  saveAuthorizationServerUrl(url: string): void {
    this.authorizationServer = url;
  }

  saveResourceUrl(url: string): void {
    this.resourceIndicator = url;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    const discovery = this.stored().discovery;
    requireMatchingIssuer(discovery); // kept by an earlier version, before this was checked
    if (discovery) this.discoveredIssuer = discovery.authorizationServerUrl;
    return discovery;
  }

  private stored(): StoredAuth {
    return this.ctx.store.read(this.ctx.server, this.ctx.resource);
  }

  /** A configured client keeps its secret in the config; only the server it was first presented to is stored. */
  private async storeClientInformation(info: OAuthClientInformationMixed): Promise<void> {
    const configured = this.ctx.settings.clientId !== undefined;
    await this.ctx.store.update(this.ctx.server, this.ctx.resource, (current) =>
      configured
        ? { ...current, configuredClientIssuer: info.issuer ?? current.configuredClientIssuer }
        : { ...current, client: info },
    );
  }

  private async machineTokenRequest(scope: string | undefined): Promise<URLSearchParams> {
    const delegate = this.machine();
    if (delegate instanceof CrossAppAccessProvider) {
      if (this.authorizationServer) delegate.saveAuthorizationServerUrl(this.authorizationServer);
      if (this.resourceIndicator) delegate.saveResourceUrl?.(this.resourceIndicator);
    }
    return delegate.prepareTokenRequest(scope);
  }

  /** The SDK's machine-to-machine provider, built once the authorization server is known (it binds the client to it). */
  private machine(): MachineProvider {
    const { settings } = this.ctx;
    const issuer =
      this.stored().configuredClientIssuer ?? this.discoveredIssuer ?? this.stored().discovery?.authorizationServerUrl;
    if (this.machineDelegate && issuer === this.machineDelegate.clientInformation().issuer) return this.machineDelegate;
    const common = {
      clientId: settings.clientId!,
      clientName: CLIENT_NAME,
      scope: settings.scope,
      expectedIssuer: issuer ?? UNKNOWN_ISSUER,
    };
    if (settings.grant === 'cross_app_access')
      this.machineDelegate = new CrossAppAccessProvider({
        ...common,
        clientSecret: settings.clientSecret!,
        assertion: crossAppAssertion(this.ctx.server, settings.idp!, this.ctx.now),
      });
    else
      this.machineDelegate = settings.privateKey
        ? new PrivateKeyJwtProvider({
            ...common,
            privateKey: settings.privateKey.pem,
            algorithm: settings.privateKey.algorithm,
          })
        : new ClientCredentialsProvider({ ...common, clientSecret: settings.clientSecret! });
    return this.machineDelegate;
  }

  /** Registration asks for the method the authorization server lists: a public client where it may be one. */
  private registrationAuthMethod(): string | undefined {
    const supported = this.stored().discovery?.authorizationServerMetadata?.token_endpoint_auth_methods_supported;
    if (!supported?.length || supported.includes('none')) return 'none';
    return supported.find((m) => m === 'client_secret_basic' || m === 'client_secret_post');
  }
}

/**
 * The SDK refuses a list without S256; an authorization server whose metadata leaves the list out is refused too
 * (MCP 2025-11-25), before any registration or browser. Only the 2025-03-26 fallback, with no metadata at all,
 * goes on to the default endpoints.
 */
function requirePkce(discovery: OAuthDiscoveryState | undefined): void {
  const metadata = discovery?.authorizationServerMetadata;
  if (metadata && !metadata.code_challenge_methods_supported?.includes('S256'))
    throw new PkceUnsupportedError(say('auth.pkceUnsupported', { issuer: metadata.issuer }));
}

/**
 * RFC 8414 §3.3: the metadata's `issuer` must be the URL it was fetched for, or its endpoints are not used. The
 * SDK does not check it (it binds credentials to the URL it used); refused before any /register, /authorize or /token.
 */
function requireMatchingIssuer(discovery: OAuthDiscoveryState | undefined): void {
  const issuer = discovery?.authorizationServerMetadata?.issuer;
  if (!discovery || issuer === undefined) return;
  if (issuerCovers(issuer, discovery.authorizationServerUrl, { legacyOrigin: !discovery.resourceMetadata })) return;
  throw new IssuerMismatchError(say('auth.issuerMismatch', { expected: discovery.authorizationServerUrl, issuer }));
}

/**
 * Given to every auth() and authenticating transport: the SDK's own RFC 8414 §3.3 check wants the issuer to be exactly
 * the URL the metadata was fetched for; ours (`requireMatchingIssuer`, in saveDiscoveryState, before any registration
 * or authorization request) also takes a same-origin issuer whose path leads it (`issuerCovers`). Another origin is
 * refused either way.
 */
export const OWN_ISSUER_CHECK = { skipIssuerMetadataValidation: true } as const;

type MachineProvider = ClientCredentialsProvider | PrivateKeyJwtProvider | CrossAppAccessProvider;

/** Placeholder before discovery; the stamp is replaced as soon as the authorization server is known. */
const UNKNOWN_ISSUER = 'urn:switchboard:authorization-server-not-yet-discovered';

/**
 * The issuer is the URL the metadata was fetched for, or (a multi-tenant server, as the MCP conformance suite's
 * metadata-var2/var3 serve) an issuer on the same origin whose path is a leading segment of that URL's path. Another
 * origin is always refused: that is the impersonation RFC 8414 §3.3 guards against, and one origin controls both.
 * `legacyOrigin`: the 2025-03-26 layout, no protected resource metadata, so the authorization server is the MCP
 * server's own origin root; that root speaks for every path of its origin (conformance oauth-metadata-backcompat
 * names `<origin>/oauth` there).
 */
export function issuerCovers(issuer: string, fetchedFor: string, options: { legacyOrigin?: boolean } = {}): boolean {
  if (sameIssuer(issuer, fetchedFor)) return true;
  try {
    const claimed = new URL(issuer);
    const fetched = new URL(fetchedFor);
    if (claimed.origin !== fetched.origin || claimed.search || claimed.hash) return false;
    if (options.legacyOrigin && fetched.pathname === '/') return true;
    const prefix = claimed.pathname.replace(/\/$/, '');
    return fetched.pathname === prefix || fetched.pathname.startsWith(`${prefix}/`);
  } catch {
    return false;
  }
}

function sameIssuer(a: string, b: string): boolean {
  const norm = (s: string) => {
    try {
      return new URL(s).href.replace(/\/$/, '');
    } catch {
      return s.replace(/\/$/, '');
    }
  };
  return norm(a) === norm(b);
}
