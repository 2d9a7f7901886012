import { isHttpServer, type HttpServerConfig, type ServerConfig } from '../../../shared/config/schema';
import { errorWords } from '../../../shared/i18n-message';
import type { FetchLike } from '@modelcontextprotocol/client';
import type { ServerAuthView } from '../../../shared/contract';
import type { ConnectionAuth, ConnectionAuthPort, ServerState } from '../mcp/types';
import { Conflict, NotFound } from '../errors';
import { httpEndpoint } from '../mcp/transport-factory';
import { AuthSession } from './auth-session';
import { resolveAuth } from './auth-settings';
import { tokenExpiry, type OAuthStore } from './oauth-store';
import { runSignIn, type BrowserOpener, type SignInRun } from './sign-in';
import { say } from '../../../shared/messages';

/** What the console, the CLI and `auth status` show about one server's authorization (never a token). */
export type AuthView = ServerAuthView;

export interface SignInHandle {
  authorizationUrl: string | null;
  /** True when main opened the browser itself; false when the caller must show the URL. */
  opened: boolean;
  done: Promise<void>;
}

/** The parts of the connection manager a sign-in drives; a getter, since the manager is built with this service as its auth port. */
export interface ConnectionControl {
  reconnect(server: string): Promise<void>;
  state(server: string): ServerState | undefined;
}

export interface AuthServiceOptions {
  store: OAuthStore;
  connections: () => ConnectionControl;
  servers: () => readonly ServerConfig[];
  env?: Record<string, string | undefined>;
  /** Relative `auth.privateKey` paths resolve from here (the config file's directory). */
  baseDir?: string;
  now?: () => Date;
  log?: (line: string) => void;
  signInTimeoutMs?: number;
  refreshSkewMs?: number;
  /** The fetch sign-ins and refreshes talk to authorization servers with (the desktop's goes through the system proxy). */
  fetch?: FetchLike;
}

/**
 * OAuth for every remote server: gives connection attempts their provider (ConnectionAuthPort), runs
 * operator sign-ins and sign-outs, and describes each server's authorization without its tokens.
 */
export class AuthService implements ConnectionAuthPort {
  private readonly sessions = new Map<string, { key: string; session: AuthSession }>();
  private readonly flows = new Map<string, SignInRun & { url: string | null }>();
  private readonly listeners = new Set<(server: string) => void>();
  private readonly env: Record<string, string | undefined>;
  private readonly now: () => Date;
  private readonly log: (line: string) => void;
  private readonly unsubscribe: () => void;

  constructor(private readonly options: AuthServiceOptions) {
    this.env = options.env ?? process.env;
    this.now = options.now ?? (() => new Date());
    this.log = options.log ?? ((line) => console.error(line));
    this.unsubscribe = options.store.onChange((server) => this.changed(server));
  }

  forAttempt(server: HttpServerConfig, endpoint: string): ConnectionAuth | undefined {
    if (!takesOAuth(server)) return undefined;
    return this.sessionFor(server, endpoint).forAttempt();
  }

  secretsOf(server: string): readonly string[] {
    return this.sessions.get(server)?.session.secrets() ?? [];
  }

  /** Starts a sign-in; resolves once the browser step is under way (or, without one, when it is over). */
  async signIn(name: string, open: BrowserOpener): Promise<SignInHandle> {
    const server = this.remoteServer(name);
    const session = this.sessionFor(server, httpEndpoint(server, this.env).href);
    this.flows.get(name)?.cancel();
    session.lastError = undefined;
    const run = runSignIn({
      session,
      store: this.options.store,
      now: this.now,
      open,
      timeoutMs: this.options.signInTimeoutMs ?? 300_000,
      reconnect: () => this.options.connections().reconnect(name),
      state: () => this.options.connections().state(name),
      onBrowser: (url) => {
        if (this.flows.get(name) === flow) flow.url = url;
        this.changed(name);
      },
    });
    const flow = Object.assign(run, { url: null as string | null });
    this.flows.set(name, flow);
    this.changed(name);
    const finished = run.done
      .then(
        () => this.log(`[auth] ${name}: signed in`),
        (error: unknown) => {
          const words = errorWords(error);
          if (this.flows.get(name) === flow) session.lastError = words;
          this.log(`[auth] ${name}: sign-in failed: ${typeof words === 'string' ? words : words.text}`);
          throw error;
        },
      )
      .finally(() => {
        if (this.flows.get(name) === flow) this.flows.delete(name);
        this.changed(name);
      });
    finished.catch(() => undefined); // the caller may not wait for the outcome
    const step = await run.firstStep;
    return { authorizationUrl: step?.url ?? null, opened: step?.opened ?? false, done: finished };
  }

  /** Forgets the tokens (and registration) and reconnects, so the server waits for a sign-in again. */
  async signOut(name: string, options: { reconnect?: boolean } = {}): Promise<void> {
    const server = this.remoteServer(name, { enabledOnly: false });
    this.flows.get(name)?.cancel();
    this.flows.delete(name);
    await this.options.store.forget(name);
    const session = this.sessions.get(name)?.session;
    session?.clearChallenge();
    if (session) session.lastError = undefined;
    this.log(`[auth] ${server.name}: signed out`);
    if (server.enabled && options.reconnect !== false) await this.options.connections().reconnect(name);
  }

  /** The authorization view of a configured server; null when it takes no OAuth (stdio, builtin, static Authorization header). */
  view(server: ServerConfig): AuthView | null {
    if (!isHttpServer(server) || !takesOAuth(server)) return null;
    let endpoint: string;
    try {
      endpoint = httpEndpoint(server, this.env).href;
    } catch {
      return null; // the config error shows on the server itself
    }
    const stored = this.options.store.read(server.name, endpoint);
    const session = this.sessions.get(server.name)?.session;
    const flow = this.flows.get(server.name);
    const scope = stored.tokens?.scope ?? stored.requestedScope;
    const lastError = session?.lastError;
    return {
      grant: server.auth?.grant ?? 'authorization_code',
      signedIn: stored.tokens !== undefined,
      signingIn: flow !== undefined,
      signInUrl: flow?.url ?? null,
      authorizationServer: stored.discovery?.authorizationServerUrl ?? null,
      scopes: scope ? scope.split(/\s+/).filter(Boolean) : [],
      expiresAt: tokenExpiry(stored)?.toISOString() ?? null,
      pendingScope: session?.pendingStepUp() ?? null,
      error: (typeof lastError === 'object' ? lastError.text : lastError) ?? null,
      ...(typeof lastError === 'object' && { errorMessage: lastError }),
      persistent: this.options.store.persistent,
    };
  }

  onChange(listener: (server: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    for (const flow of this.flows.values()) flow.cancel();
    this.flows.clear();
    for (const { session } of this.sessions.values()) session.dispose();
    this.sessions.clear();
    this.unsubscribe();
  }

  private remoteServer(name: string, { enabledOnly = true } = {}): HttpServerConfig {
    const server = this.options.servers().find((s) => s.name === name);
    if (!server) throw new NotFound(say('server.notConfigured', { name }));
    if (!isHttpServer(server) || !takesOAuth(server)) throw new Conflict(say('server.notOAuth', { name }));
    if (enabledOnly && !server.enabled) throw new Conflict(say('server.disabled', { name }));
    return server;
  }

  /** One session per server; an edited entry (URL, auth block, environment) gets a fresh one. */
  private sessionFor(server: HttpServerConfig, endpoint: string): AuthSession {
    const settings = resolveAuth(server, this.env, this.options.baseDir);
    const key = JSON.stringify([endpoint, settings]);
    const existing = this.sessions.get(server.name);
    if (existing?.key === key) return existing.session;
    existing?.session.dispose();
    const session = new AuthSession(server.name, endpoint, settings, {
      store: this.options.store,
      now: this.now,
      log: this.log,
      refreshSkewMs: this.options.refreshSkewMs,
      fetch: this.options.fetch,
    });
    this.sessions.set(server.name, { key, session });
    return session;
  }

  private changed(server: string): void {
    for (const listener of this.listeners) listener(server);
  }
}

/** A server with a static Authorization header and no `auth:` block authenticates itself; OAuth would be overridden anyway. */
function takesOAuth(server: HttpServerConfig): boolean {
  return server.auth !== undefined || !Object.keys(server.headers).some((h) => h.toLowerCase() === 'authorization');
}
