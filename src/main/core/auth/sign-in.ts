import { auth } from '@modelcontextprotocol/client';
import type { ServerState } from '../mcp/types';
import type { AuthSession } from './auth-session';
import { isMachineGrant } from './auth-settings';
import { startLoopbackRedirect, type RedirectResult } from './loopback-redirect';
import { OWN_ISSUER_CHECK, SwitchboardOAuthProvider } from './oauth-provider';
import type { OAuthStore } from './oauth-store';
import { AuthFailure } from './auth-failure';
import { say } from '../../../shared/messages';
import { checkExternalUrl, externalUrlRefusalMessage } from '../../../shared/net/external-url';

/**
 * Sends the operator's browser to a URL. Resolves true when it opened it (Electron's system browser, the
 * CLI's $BROWSER), false when the caller must (the headless console opens a tab from the page).
 */
export type BrowserOpener = (url: string) => Promise<boolean>;

/** The authorization server answered the redirect with an error; shown as it said it. */
export class AuthorizationServerError extends AuthFailure {
  override readonly name = 'AuthorizationServerError';
  constructor(readonly answer: Extract<RedirectResult, { error: string }>) {
    super(
      answer.description
        ? say('auth.serverAnsweredDescribed', { error: answer.error, description: answer.description })
        : say('auth.serverAnswered', { error: answer.error }),
    );
  }
}

/** The authorization endpoint failed the URL gate (shared/net/external-url.ts): nothing was opened. */
export class AuthorizationUrlRefused extends AuthFailure {
  override readonly name = 'AuthorizationUrlRefused';
}

export interface SignInDeps {
  session: AuthSession;
  store: OAuthStore;
  now: () => Date;
  open: BrowserOpener;
  timeoutMs: number;
  reconnect: () => Promise<void>;
  state: () => ServerState | undefined;
  /** Each browser step, so a view can offer "open the sign-in page again". */
  onBrowser: (url: string, opened: boolean) => void;
}

/** Authorization requests one sign-in may make: the first and at most two step-ups (conformance asks for 3 or fewer). */
export const MAX_AUTHORIZATION_ROUNDS = 3;

export interface SignInRun {
  /** Settles with the first browser step (its URL), or with null when the sign-in needed no browser. */
  firstStep: Promise<BrowserStep | null>;
  /** Settles once the server is connected with the new tokens, or with why not. */
  done: Promise<void>;
  cancel(): void;
}

/**
 * One operator sign-in: authorization code with PKCE through the SDK's auth(), the browser sent to the
 * authorization server, the code taken by the loopback listener, tokens stored, then the server
 * reconnected. If the reconnected server asks for more scope (403 insufficient_scope), the sign-in
 * steps up, at most MAX_AUTHORIZATION_ROUNDS authorization requests in all. client_credentials and
 * cross_app_access need no browser: stored tokens are dropped and the reconnect fetches new ones.
 */
export function runSignIn(deps: SignInDeps): SignInRun {
  let firstStep!: (step: BrowserStep | null) => void;
  const first = new Promise<BrowserStep | null>((resolve) => (firstStep = resolve));
  const run: RunState = { cancelled: false, firstStep };
  const done = isMachineGrant(deps.session.settings.grant)
    ? signInWithoutBrowser(deps, run)
    : signInInBrowser(deps, run);
  // A sign-in that ends before any browser step answers with no URL; one that fails, with its error (below).
  done.then(
    () => firstStep(null),
    () => undefined,
  );
  return {
    firstStep: Promise.race([first, done.then(() => first)]),
    done,
    cancel() {
      run.cancelled = true;
      void run.closeListener?.();
    },
  };
}

type BrowserStep = { url: string; opened: boolean };

/** What one sign-in's steps share: Cancel, the loopback listener to close on Cancel, and the first browser step. */
interface RunState {
  cancelled: boolean;
  closeListener?: () => Promise<void>;
  firstStep: (step: BrowserStep | null) => void;
}

/** client_credentials and cross_app_access: stored tokens are dropped and the reconnect fetches new ones. */
async function signInWithoutBrowser(deps: SignInDeps, run: RunState): Promise<void> {
  const { session } = deps;
  await deps.store.update(session.server, session.resource, (current) => ({
    ...current,
    tokens: undefined,
    obtainedAt: undefined,
  }));
  run.firstStep(null);
  await connectedOrThrow(deps);
}

/** Authorizes in the browser and reconnects, stepping up while the server asks for more scope. */
async function signInInBrowser(deps: SignInDeps, run: RunState): Promise<void> {
  const { session } = deps;
  for (let round = 1; ; round++) {
    await authorizeOnce(deps, run);
    if (run.cancelled) throw new AuthFailure(say('auth.signInCancelled'));
    session.clearChallenge();
    await deps.reconnect();
    const state = deps.state();
    if (state?.status === 'connected') return;
    if (state?.status === 'needs-auth' && session.pendingStepUp() && round < MAX_AUTHORIZATION_ROUNDS) continue;
    throw new AuthFailure(
      state?.error
        ? say('auth.signedInButState', {
            server: session.server,
            status: state.status,
            error: state.errorMessage ?? state.error,
          })
        : say('auth.signedInNotConnected', { server: session.server }),
    );
  }
}

/** One authorization request: the browser sent to the authorization server, its code taken by the loopback listener. */
async function authorizeOnce(deps: SignInDeps, run: RunState): Promise<void> {
  const { session } = deps;
  const client = session.stored().client;
  const preferredPort = registeredPort(client && 'redirect_uris' in client ? client.redirect_uris : undefined);
  const loopback = await startLoopbackRedirect({
    preferredPort,
    timeoutMs: deps.timeoutMs,
    serverName: session.server,
  });
  run.closeListener = loopback.close;
  try {
    if (run.cancelled) throw new AuthFailure(say('auth.signInCancelled'));
    const provider = new SwitchboardOAuthProvider(
      {
        server: session.server,
        resource: session.resource,
        settings: session.settings,
        store: deps.store,
        now: deps.now,
      },
      {
        kind: 'interactive',
        redirectUrl: loopback.redirectUrl,
        state: loopback.state,
        open: (url) => openAuthorizationPage(deps, run, url),
      },
    );
    const options = {
      ...OWN_ISSUER_CHECK,
      serverUrl: session.resource,
      scope: session.scopeToRequest(),
      resourceMetadataUrl: session.challenge?.resourceMetadataUrl,
      fetchFn: session.fetch,
    };
    if ((await auth(provider, options)) === 'AUTHORIZED') return;
    const answer = await loopback.result;
    if ('error' in answer) throw new AuthorizationServerError(answer);
    await auth(provider, {
      ...options,
      authorizationCode: answer.code,
      ...(answer.iss !== undefined && { iss: answer.iss }),
    });
  } finally {
    await loopback.close();
  }
}

/** The authorization server chose this URL: a file:, smb: or search-ms: one never reaches any opener. */
async function openAuthorizationPage(deps: SignInDeps, run: RunState, url: URL): Promise<void> {
  const check = checkExternalUrl(url.href);
  if (!check.ok)
    throw new AuthorizationUrlRefused(
      say('auth.authorizationUrlRefused', {
        server: deps.session.server,
        reason: externalUrlRefusalMessage(check),
      }),
    );
  const opened = await deps.open(url.href);
  deps.onBrowser(url.href, opened);
  run.firstStep({ url: url.href, opened });
}

async function connectedOrThrow(deps: SignInDeps): Promise<void> {
  await deps.reconnect();
  const state = deps.state();
  if (state?.status === 'connected') return;
  const server = deps.session.server;
  if (!state) throw new AuthFailure(say('auth.serverNotConfigured', { server }));
  throw new AuthFailure(
    state.error
      ? say('auth.serverState', { server, status: state.status, error: state.errorMessage ?? state.error })
      : say('auth.serverStateBare', { server, status: state.status }),
  );
}

/** The port of the loopback redirect URI this client registered, tried first so strict servers see the same URI. */
function registeredPort(uris: readonly string[] | undefined): number | undefined {
  for (const uri of uris ?? []) {
    try {
      const url = new URL(uri);
      if (url.hostname === '127.0.0.1' && url.port) return Number(url.port);
    } catch {
      // not a URL: skip
    }
  }
  return undefined;
}
