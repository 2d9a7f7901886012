import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import { isStdioServer, type ServerConfig } from '../../../shared/config/schema';
import { canonicalJson } from '../../../shared/canonical-json';
import { DEFAULT_BACKOFF } from './backoff';
import { DEFAULT_INSTALL_TIMEOUT_MS } from './package-runner';
import { ServerUnavailableError } from './connection-failures';
import { ServerConnection } from './server-connection';
import { secretValuesOf, withIssuedSecrets } from './redact-secrets';
import { ServerSessions } from './server-sessions';
import type { CallToolOptions, ConnectionOptions, ConnectionSettings, ServerState } from './types';

/** Every server's state, in config order. Immutable; a new object after any change. */
export interface ConnectionsSnapshot {
  revision: number;
  servers: readonly ServerState[];
}

/** `changed` is the server whose state moved; undefined when the config itself changed (servers added, removed, reordered). */
export type ConnectionsListener = (snapshot: ConnectionsSnapshot, changed: ServerState | undefined) => void;

/**
 * Owns one ServerConnection per configured server. Servers connect concurrently, each bounded by
 * its own timeout, so a dead one never delays the rest; every list it derives keeps config order.
 */
export class ConnectionManager {
  private readonly settings: ConnectionSettings;
  private readonly connections = new Map<string, ServerConnection>();
  /** The config each connection was built from, to tell an edit from a no-op. */
  private readonly fingerprints = new Map<string, string>();
  private order: string[] = [];
  private current: ConnectionsSnapshot = Object.freeze({ revision: 0, servers: Object.freeze([]) });
  private dirty = false;
  private closed = false;
  private readonly listeners = new Set<ConnectionsListener>();
  /** Each server's last published state, to tell a status transition from an update. */
  private readonly previous = new Map<string, ServerState>();
  /** Logs, log levels, subscriptions and change notifications per server (server-sessions.ts). */
  readonly sessions: ServerSessions;

  constructor(options: ConnectionOptions = {}) {
    this.settings = {
      env: options.env ?? process.env,
      resolveBuiltin: options.resolveBuiltin,
      fetch: options.fetch,
      launchStdio: options.launchStdio,
      prepareTools: options.prepareTools,
      requests: options.requests,
      defaultTimeoutMs: options.defaultTimeoutMs ?? 10_000,
      defaultInstallTimeoutMs: options.defaultInstallTimeoutMs ?? DEFAULT_INSTALL_TIMEOUT_MS,
      autoReconnect: options.autoReconnect ?? true,
      backoff: options.backoff ?? DEFAULT_BACKOFF,
      listChangedDebounceMs: options.listChangedDebounceMs ?? 200,
      listChangedMaxWaitMs: options.listChangedMaxWaitMs ?? 1_000,
      healthCheckIntervalMs: options.healthCheckIntervalMs ?? 30_000,
      log: options.log ?? ((line) => console.error(line)),
      clientInfo: options.clientInfo ?? { name: 'switchboard', version: '0.1.0' },
      now: options.now ?? (() => new Date()),
      auth: options.auth,
      launchGate: options.launchGate,
      eras: options.eras,
    };
    this.sessions = new ServerSessions({
      client: (server) => this.client(server),
      relisten: (server) => this.connections.get(server)?.relisten() ?? false,
      events: options.events,
      now: this.settings.now,
    });
  }

  /**
   * Brings connections in line with the config: new servers connect, removed ones close, edited
   * ones (any field) reconnect with the new settings, untouched ones keep their connection. An edit of
   * `roots` alone is announced to the server (roots/list_changed) instead, unless roots appear or vanish.
   */
  reconcile(servers: readonly ServerConfig[]): void {
    if (this.closed) return;
    const wanted = new Map(servers.map((s) => [s.name, s]));
    for (const [name, connection] of this.connections) {
      const next = wanted.get(name);
      const fingerprint = next && canonicalJson(next);
      if (
        next &&
        fingerprint !== this.fingerprints.get(name) &&
        canonicalJson({ ...next, roots: null }) === canonicalJson({ ...connection.config, roots: null }) &&
        connection.updateRoots(next.roots)
      ) {
        this.fingerprints.set(name, fingerprint as string);
        continue;
      }
      if (!next || fingerprint !== this.fingerprints.get(name)) {
        this.connections.delete(name);
        this.fingerprints.delete(name);
        void connection.close();
        if (!next) {
          this.sessions.forget(name);
          this.previous.delete(name);
        }
      }
    }
    this.order = servers.map((s) => s.name);
    const started: ServerConnection[] = [];
    for (const server of servers) {
      if (this.connections.has(server.name)) continue;
      const configured = secretValuesOf(server, this.settings.env);
      const auth = this.settings.auth;
      const hooks = this.sessions.hooksFor(server.name, () =>
        withIssuedSecrets(configured, auth?.secretsOf?.(server.name)),
      );
      const connection = new ServerConnection(server, this.settings, (state) => this.changed(state), hooks);
      this.connections.set(server.name, connection);
      this.fingerprints.set(server.name, canonicalJson(server));
      started.push(connection);
    }
    this.dirty = true;
    this.publish(undefined);
    // stdio servers first: spawning a process is the slowest start, so it should not wait behind the
    // synchronous set-up of every HTTP connection (lists still follow config order).
    for (const connection of started) if (isStdioServer(connection.config)) connection.start();
    for (const connection of started) if (!isStdioServer(connection.config)) connection.start();
  }

  snapshot(): ConnectionsSnapshot {
    if (this.dirty) {
      this.dirty = false;
      const servers = this.order
        .map((name) => this.connections.get(name)?.state)
        .filter((s): s is ServerState => s !== undefined);
      this.current = Object.freeze({ revision: this.current.revision + 1, servers: Object.freeze(servers) });
    }
    return this.current;
  }

  state(server: string): ServerState | undefined {
    return this.connections.get(server)?.state;
  }

  /** The SDK client of a connected server, for what is not a tool call (resources, prompts, logging). */
  client(server: string): Client | undefined {
    return this.connections.get(server)?.liveClient;
  }

  onChange(listener: ConnectionsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves when no server is still on its current connect attempt. */
  async whenSettled(): Promise<void> {
    await Promise.all([...this.connections.values()].map((c) => c.settled()));
  }

  /** Rediscovers one server, or all of them concurrently. */
  async rediscover(server?: string): Promise<void> {
    if (server !== undefined) return this.connection(server).rediscover();
    await Promise.all([...this.connections.values()].map((c) => c.rediscover()));
  }

  reconnect(server: string): Promise<void> {
    return this.connection(server).reconnect();
  }

  /** Calls a tool on a named server. The caller resolves the server from the turn's catalog snapshot. */
  callTool(
    server: string,
    name: string,
    args: Record<string, unknown>,
    options?: CallToolOptions,
  ): Promise<CallToolResult> {
    const connection = this.connections.get(server);
    if (!connection) return Promise.reject(new ServerUnavailableError(server, 'not configured'));
    return connection.callTool(name, args, options);
  }

  async closeAll(): Promise<void> {
    this.closed = true;
    const all = [...this.connections.values()];
    this.connections.clear();
    this.listeners.clear();
    await Promise.all(all.map((c) => c.close()));
    this.sessions.close();
  }

  private connection(server: string): ServerConnection {
    const connection = this.connections.get(server);
    if (!connection) throw new ServerUnavailableError(server, 'not configured');
    return connection;
  }

  private changed(state: ServerState): void {
    const connection = this.connections.get(state.name);
    if (connection?.state !== state) return; // a replaced connection's last words
    noteTransition(this.sessions, state, this.previous.get(state.name));
    this.previous.set(state.name, state);
    this.dirty = true;
    this.publish(state);
  }

  private publish(changed: ServerState | undefined): void {
    const snapshot = this.snapshot();
    for (const listener of this.listeners) listener(snapshot, changed);
  }
}

/** A status transition goes to the server's log, where the operator reads what led up to it. */
function noteTransition(sessions: ServerSessions, state: ServerState, before: ServerState | undefined): void {
  if (before?.status === state.status) return;
  const hooks = sessions.hooksFor(state.name);
  if (state.status === 'connected')
    hooks.note(
      'info',
      `connected (${state.toolCount} tool${state.toolCount === 1 ? '' : 's'}${state.protocolVersion ? `, protocol ${state.protocolVersion}` : ''})`,
    );
  else if (state.status === 'failed') hooks.note('error', state.error ?? 'failed');
  else if (state.status === 'needs-auth') hooks.note('warning', state.error ?? 'waiting for a sign-in');
  else if (state.status === 'disabled') hooks.note('info', 'disabled');
}
