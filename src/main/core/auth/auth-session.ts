import {
  auth,
  extractWWWAuthenticateParams,
  OAuthError,
  OAuthErrorCode,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import type { FetchLike } from '@modelcontextprotocol/client';
import { httpStatusOf } from '../mcp/connection-failures';
import type { AuthVerdict, ConnectionAuth } from '../mcp/types';
import { isMachineGrant, type ResolvedAuth } from './auth-settings';
import {
  ClientBoundElsewhereError,
  IssuerMismatchError,
  OWN_ISSUER_CHECK,
  PkceUnsupportedError,
  ResourceMismatchError,
  SwitchboardOAuthProvider,
} from './oauth-provider';
import { tokenExpiry, type OAuthStore, type StoredAuth } from './oauth-store';
import { RefreshOnce } from './refresh-once';
import { errorWords, type UiMessage } from '../../../shared/i18n-message';
import { say } from '../../../shared/messages';

/** Tokens rotate on every refresh: the last few are enough to cover one still in a server's logs. */
const MAX_REMEMBERED_SECRETS = 12;

/** The last 401/403 the MCP endpoint answered, as its WWW-Authenticate header put it. */
export interface Challenge {
  status: number;
  scope?: string;
  error?: string;
  resourceMetadataUrl?: URL;
}

export interface SessionDeps {
  store: OAuthStore;
  now: () => Date;
  log: (line: string) => void;
  /** Refresh this long before expiry at most (default 60 s; a short-lived token refreshes at 90% of its life). */
  refreshSkewMs?: number;
  /** For sign-ins and refreshes (discovery, token requests); default the global fetch. */
  fetch?: FetchLike;
}

/**
 * One HTTP server's authorization as the connection sees it: hands each connection attempt a background
 * provider and a fetch that records the endpoint's challenges, tells a sign-in from a refusal, and
 * refreshes the access token ahead of its expiry while connected.
 */
export class AuthSession {
  challenge: Challenge | undefined;
  /** Last sign-in or refresh failure: our own as a message, else as the authorization (or resource) server put it. */
  lastError: string | UiMessage | undefined;
  private refreshTimer: NodeJS.Timeout | undefined;
  private connectedAttempts = 0;
  private unsubscribe: () => void;
  /** Every token this server was given in this run, newest last (redact-secrets.ts); a refreshed one stays a while. */
  private handedOut: string[] = [];
  /** Every refresh of this server's tokens (a transport's 401, the timer) spends a refresh token once. */
  private readonly refreshOnce = new RefreshOnce();

  constructor(
    readonly server: string,
    readonly resource: string,
    readonly settings: ResolvedAuth,
    private readonly deps: SessionDeps,
  ) {
    this.unsubscribe = deps.store.onChange((name) => {
      if (name !== server) return;
      this.rememberSecrets();
      if (this.connectedAttempts > 0) this.scheduleRefresh();
    });
    this.rememberSecrets();
  }

  /** What a hostile or careless server could echo of its credentials: masked wherever its words leave main. */
  secrets(): readonly string[] {
    return this.handedOut;
  }

  private rememberSecrets(): void {
    const stored = this.stored();
    const client = stored.client as { client_secret?: string } | undefined;
    const fresh = [stored.tokens?.access_token, stored.tokens?.refresh_token, client?.client_secret].filter(
      (value): value is string => typeof value === 'string' && value.length > 0 && !this.handedOut.includes(value),
    );
    if (fresh.length > 0) this.handedOut = [...this.handedOut, ...fresh].slice(-MAX_REMEMBERED_SECRETS);
  }

  /** The fetch an operator's sign-in uses for discovery and token requests. */
  get fetch(): FetchLike | undefined {
    return this.deps.fetch;
  }

  stored(): StoredAuth {
    return this.deps.store.read(this.server, this.resource);
  }

  backgroundProvider(): SwitchboardOAuthProvider {
    return new SwitchboardOAuthProvider(
      {
        server: this.server,
        resource: this.resource,
        settings: this.settings,
        store: this.deps.store,
        now: this.deps.now,
      },
      { kind: 'background' },
    );
  }

  /** The pieces one connection attempt uses; its provider is fresh, so its flags describe this attempt only. */
  forAttempt(): ConnectionAuth {
    const provider = this.backgroundProvider();
    let live = false;
    return {
      authProvider: provider,
      wrapFetch: (fetch) => this.observing(fetch),
      verdict: (error) => this.verdict(error, provider),
      connected: () => {
        if (live) return;
        live = true;
        this.connectedAttempts += 1;
        this.scheduleRefresh();
      },
      closed: () => {
        if (!live) return;
        live = false;
        this.connectedAttempts -= 1;
        if (this.connectedAttempts === 0) clearTimeout(this.refreshTimer);
      },
    };
  }

  /** The scope a sign-in should ask for now: what the server challenged for plus what was granted, or nothing (the SDK then uses scopes_supported). */
  scopeToRequest(): string | undefined {
    const asked = this.challenge?.scope;
    if (!asked) return undefined;
    return joinScopes(asked, this.granted());
  }

  /** Scopes the current tokens carry (as granted, else as requested). */
  granted(): string | undefined {
    const stored = this.stored();
    return stored.tokens?.scope ?? stored.requestedScope;
  }

  /** A 403 insufficient_scope whose scopes the current sign-in has not asked for yet. */
  pendingStepUp(): string | undefined {
    const c = this.challenge;
    if (c?.status !== 403 || c.error !== 'insufficient_scope' || !c.scope) return undefined;
    return this.alreadyAsked(c.scope) ? undefined : joinScopes(c.scope, this.granted());
  }

  clearChallenge(): void {
    this.challenge = undefined;
  }

  dispose(): void {
    clearTimeout(this.refreshTimer);
    this.unsubscribe();
  }

  /** What an error means for authorization: the operator must sign in, the server refused for good, or nothing auth-related. */
  verdict(error: unknown, provider?: SwitchboardOAuthProvider): AuthVerdict | undefined {
    if (
      error instanceof ResourceMismatchError ||
      error instanceof ClientBoundElsewhereError ||
      error instanceof PkceUnsupportedError ||
      error instanceof IssuerMismatchError
    )
      return told('refused', error.uiMessage);
    if (error instanceof OAuthError && !TRANSIENT_OAUTH_ERRORS.has(error.code))
      return told(
        'refused',
        say('auth.refusedByServer', { detail: `${error.code}${error.message ? `: ${error.message}` : ''}` }),
      );
    const authError =
      error instanceof UnauthorizedError ||
      httpStatus(error) === 401 ||
      httpStatus(error) === 403 ||
      provider?.interactionNeeded !== undefined;
    if (!authError) return undefined;
    const c = this.challenge;
    if (c?.status === 403 && c.error === 'insufficient_scope' && c.scope) {
      if (this.alreadyAsked(c.scope))
        return told('refused', say('auth.scopeStillRefused', { server: this.server, scope: c.scope }));
      return told('step-up', say('auth.stepUp', { server: this.server, scope: joinScopes(c.scope, this.granted()) }));
    }
    if (httpStatus(error) === 403) return undefined; // a plain 403 is not about signing in
    const where = this.stored().discovery?.authorizationServerUrl;
    const scope = c?.scope ?? provider?.interactionNeeded?.scope;
    const required = where
      ? scope
        ? say('auth.signInRequiredAtScope', { where, scope })
        : say('auth.signInRequiredAt', { where })
      : scope
        ? say('auth.signInRequiredScope', { scope })
        : say('auth.signInRequired');
    return told('needs-auth', required);
  }

  /** Wraps the transport's fetch: remembers every 401/403 challenge of the MCP endpoint (never a token). */
  private observing(fetch: FetchLike): FetchLike {
    const refreshing = this.refreshOnce.wrap(fetch);
    return async (url, init) => {
      const response = await refreshing(url, init);
      if ((response.status === 401 || response.status === 403) && sameEndpoint(url, this.resource)) {
        const { scope, error, resourceMetadataUrl } = extractWWWAuthenticateParams(response);
        this.challenge = { status: response.status, scope, error, resourceMetadataUrl };
      }
      return response;
    };
  }

  private alreadyAsked(scope: string): boolean {
    const have = new Set(splitScopes(joinScopes(this.stored().requestedScope, this.stored().tokens?.scope)));
    const wanted = splitScopes(scope);
    return wanted.length > 0 && wanted.every((s) => have.has(s)) && this.stored().tokens !== undefined;
  }

  /** One timer per connected server: refresh (or, for a machine grant, fetch anew) before the token lapses. */
  private scheduleRefresh(): void {
    clearTimeout(this.refreshTimer);
    const stored = this.stored();
    const expiry = tokenExpiry(stored);
    const renewable = isMachineGrant(this.settings.grant) || stored.tokens?.refresh_token !== undefined;
    if (!expiry || !renewable || !stored.obtainedAt) return;
    const lifetime = expiry.getTime() - Date.parse(stored.obtainedAt);
    const skew = Math.min(this.deps.refreshSkewMs ?? 60_000, lifetime * 0.1);
    const delay = Math.max(0, expiry.getTime() - skew - this.deps.now().getTime());
    this.refreshTimer = setTimeout(() => void this.refreshNow(), delay);
    this.refreshTimer.unref();
  }

  private async refreshNow(): Promise<void> {
    const provider = this.backgroundProvider();
    try {
      // The SDK's auth(): with a refresh token it refreshes; client_credentials asks for a new token.
      const fetchFn = this.refreshOnce.wrap(this.deps.fetch ?? fetch);
      const result = await auth(provider, { serverUrl: this.resource, fetchFn, ...OWN_ISSUER_CHECK });
      if (result !== 'AUTHORIZED') this.lastError = say('auth.refreshRefused');
      else this.deps.log(`[auth] ${this.server}: access token refreshed`);
    } catch (error) {
      const failed = say('auth.refreshFailed', { detail: errorWords(error) });
      this.lastError = failed;
      this.deps.log(`[auth] ${this.server}: ${failed.text}`);
    }
  }
}

const httpStatus = httpStatusOf;

/** OAuth errors that say "not now" rather than "no": trying again later may work. */
const TRANSIENT_OAUTH_ERRORS = new Set<string>([
  OAuthErrorCode.ServerError,
  OAuthErrorCode.TemporarilyUnavailable,
  OAuthErrorCode.TooManyRequests,
]);

const splitScopes = (scope: string | undefined): string[] => (scope ?? '').split(/\s+/).filter(Boolean);

/** Union of space-separated scope lists, first-seen order. */
export function joinScopes(...lists: (string | undefined)[]): string {
  return [...new Set(lists.flatMap(splitScopes))].join(' ');
}

function sameEndpoint(url: string | URL, resource: string): boolean {
  try {
    const a = new URL(url);
    const b = new URL(resource);
    return a.origin === b.origin && a.pathname.replace(/\/+$/, '') === b.pathname.replace(/\/+$/, '');
  } catch {
    return false;
  }
}

const told = (kind: AuthVerdict['kind'], message: UiMessage): AuthVerdict => ({
  kind,
  message: message.text,
  uiMessage: message,
});
