import type { Readable } from 'node:stream';
import type { Client } from '@modelcontextprotocol/client';
import type { LogLevel, ServerLogEntry, ServerLogView } from '../../../shared/contract';
import { Unavailable } from '../errors';
import type { EventSink } from '../events';
import { describeError } from './describe-error';
import { redactSecrets } from './redact-secrets';
import { logDataText, readLines, ServerLog, stderrLevel } from './server-log';
import { say } from '../../../shared/messages';
import { ListChangeAnnouncer } from './list-change-announcer';

/** How long a DELETE that ends a Streamable HTTP session may hold up a close (a quit waits for it). */
export const END_SESSION_TIMEOUT_MS = 2_000;
/** New log lines are announced at most this often per server: a chatty server costs one event per period. */
export const LOG_EVENT_PERIOD_MS = 200;

/** What one server's connection tells the sessions about its clients (see ServerConnection). */
export interface SessionHooks {
  /** A new SDK client, before initialize: the notification handlers go on it. */
  clientCreated(client: Client): void;
  /** A stdio child's stderr: each line goes to the log. */
  stderr(stream: Readable | undefined): void;
  /** The connection is up: the chosen log level and the subscriptions are asked for again. */
  connected(client: Client): void;
  /** The log level the operator chose for this server: a 2026-07-28 connection names it in each request. */
  logLevel?(): LogLevel | undefined;
  /** What the host noticed about the connection (lost, failed), for the log. */
  note(level: LogLevel, text: string): void;
  /** The resources the operator subscribed to: a 2026-07-28 listen stream asks for them. */
  resourceSubscriptions?(): string[];
  /** A 2026-07-28 listen stream came back after a drop: the prompts/resources it covers may have changed unannounced. */
  listsMayHaveChanged?(lists: { promptsListChanged?: boolean; resourcesListChanged?: boolean }): void;
  /** The connection ends for good (server removed, disabled or edited; the app quits): end its session. */
  ending(client: Client): Promise<void>;
}

interface SessionsDeps {
  /** The connected client of a server, if any. */
  client: (server: string) => Client | undefined;
  /** A 2026-07-28 connection listens again with the server's current subscriptions; false when there is none. */
  relisten?: (server: string) => boolean;
  events?: EventSink;
  now: () => Date;
}

/**
 * What servers say outside of tool calls, per server: their log (notifications/message, stderr, the host's
 * notes) in a ring buffer, the log level the operator asked for, resource subscriptions, and the change
 * notifications that make the operator's views stale. Keyed by server name: it outlives reconnects.
 */
export class ServerSessions {
  private readonly logs = new Map<string, ServerLog>();
  private readonly levels = new Map<string, LogLevel>();
  private readonly subscriptions = new Map<string, Set<string>>();
  private readonly unannounced = new Map<string, ServerLogEntry[]>();
  private announceTimer: NodeJS.Timeout | undefined;

  /** A flood of resources/prompts list changes costs the console a few events a second (list-change-announcer.ts). */
  private readonly listChanges: ListChangeAnnouncer;

  constructor(private readonly deps: SessionsDeps) {
    this.listChanges = new ListChangeAnnouncer((event, server) => this.deps.events?.emit(event, { server }));
  }

  /**
   * `secrets`: what this connection gives the server now (its OAuth tokens change), which it may echo
   * (redact-secrets.ts); masked in what it says, since its log leaves main. Bound here, not looked up by name: a
   * child's last lines may come after the server was removed or replaced.
   */
  hooksFor(server: string, secrets: () => readonly string[] = () => []): SessionHooks {
    const append = (entry: Omit<ServerLogEntry, 'seq' | 'at'>) =>
      this.append(server, { ...entry, text: redactSecrets(entry.text, secrets()) });
    return {
      clientCreated: (client) => this.listen(server, client, append),
      stderr: (stream) =>
        readLines(stream, (line) => append({ source: 'stderr', level: stderrLevel(line), logger: null, text: line })),
      connected: (client) => void this.restore(server, client),
      logLevel: () => this.levels.get(server),
      resourceSubscriptions: () => this.subscribed(server),
      note: (level, text) => append({ source: 'host', level, logger: null, text }),
      ending: (client) => endSession(client),
      listsMayHaveChanged: (lists) => {
        if (lists.resourcesListChanged) this.listChanges.changed('resources.listChanged', server);
        if (lists.promptsListChanged) this.listChanges.changed('prompts.listChanged', server);
      },
    };
  }

  /** The server was removed from the config: its log, level and subscriptions go with it. */
  forget(server: string): void {
    this.logs.delete(server);
    this.levels.delete(server);
    this.subscriptions.delete(server);
    this.unannounced.delete(server);
  }

  logView(server: string): ServerLogView {
    const log = this.logs.get(server);
    return {
      name: server,
      entries: log?.entries() ?? [],
      capacity: log?.capacity ?? new ServerLog().capacity,
      level: this.levels.get(server) ?? null,
      canSetLevel: offersLogging(this.deps.client(server)),
    };
  }

  /**
   * 2025: logging/setLevel now, and again after every reconnect. 2026-07-28 has no such request: the level rides in
   * each request's `_meta` (log-level-meta.ts), and the server logs within the requests that name it.
   */
  async setLogLevel(server: string, level: LogLevel): Promise<ServerLogView> {
    const client = this.deps.client(server);
    if (!client) throw new Unavailable(say('server.logsNotConnected', { server }));
    if (!offersLogging(client)) throw new Unavailable(say('server.noLogging', { server }));
    const modern = client.getProtocolEra() === 'modern';
    if (!modern) await client.setLoggingLevel(level);
    this.levels.set(server, level);
    this.append(server, {
      source: 'host',
      level: 'info',
      logger: null,
      text: modern
        ? `asking for log messages at ${level} and above with each request (MCP 2026-07-28 has no logging/setLevel)`
        : `asked for log messages at ${level} and above`,
    });
    return this.logView(server);
  }

  subscribed(server: string): string[] {
    return [...(this.subscriptions.get(server) ?? [])];
  }

  /** Remembers a subscription (after the server accepted it), to renew it on the next connection. */
  keepSubscription(server: string, uri: string, on: boolean): string[] {
    const set = this.subscriptions.get(server) ?? new Set<string>();
    if (on) set.add(uri);
    else set.delete(uri);
    this.subscriptions.set(server, set);
    return [...set];
  }

  /**
   * 2026-07-28 has no resources/subscribe: a subscription is a URI on the connection's subscriptions/listen stream,
   * which is opened again with the new set. Refused when the server is not connected.
   */
  listenSubscription(server: string, uri: string, on: boolean): string[] {
    const before = this.subscribed(server);
    const after = this.keepSubscription(server, uri, on);
    if (this.deps.relisten?.(server)) return after;
    this.subscriptions.set(server, new Set(before));
    throw new Unavailable(say('server.subscribeNotConnected', { server }));
  }

  close(): void {
    this.listChanges.close();
    clearTimeout(this.announceTimer);
    this.announceTimer = undefined;
    this.announce();
  }

  private listen(server: string, client: Client, append: (entry: Omit<ServerLogEntry, 'seq' | 'at'>) => void): void {
    client.setNotificationHandler('notifications/message', ({ params }) =>
      append({ source: 'server', level: params.level, logger: params.logger ?? null, text: logDataText(params.data) }),
    );
    client.setNotificationHandler('notifications/resources/updated', ({ params }) =>
      this.deps.events?.emit('resources.updated', { server, uri: params.uri }),
    );
    client.setNotificationHandler('notifications/resources/list_changed', () =>
      this.listChanges.changed('resources.listChanged', server),
    );
    client.setNotificationHandler('notifications/prompts/list_changed', () =>
      this.listChanges.changed('prompts.listChanged', server),
    );
  }

  /** A new connection starts a new session on the server: what the operator asked of the last one is asked again. */
  private async restore(server: string, client: Client): Promise<void> {
    const level = this.levels.get(server);
    const capabilities = client.getServerCapabilities();
    try {
      if (level && offersLogging(client) && client.getProtocolEra() !== 'modern') await client.setLoggingLevel(level);
      // On 2026-07-28 the subscriptions ride on the listen stream the connection opens (resourceSubscriptions).
      if (capabilities?.resources?.subscribe && client.getProtocolEra() !== 'modern')
        for (const uri of this.subscribed(server)) await client.subscribeResource({ uri });
    } catch (error) {
      this.append(server, {
        source: 'host',
        level: 'warning',
        logger: null,
        text: `could not renew the log level or subscriptions: ${describeError(error)}`,
      });
    }
  }

  private append(server: string, entry: Omit<ServerLogEntry, 'seq' | 'at'>): void {
    let log = this.logs.get(server);
    if (!log) this.logs.set(server, (log = new ServerLog()));
    const kept = log.append({ ...entry, at: this.deps.now().toISOString() });
    if (!this.deps.events) return;
    const waiting = this.unannounced.get(server) ?? [];
    waiting.push(kept);
    // Past a ring's worth, older unannounced lines are gone from the ring anyway.
    if (waiting.length > log.capacity) waiting.splice(0, waiting.length - log.capacity);
    this.unannounced.set(server, waiting);
    this.announceTimer ??= setTimeout(() => {
      this.announceTimer = undefined;
      this.announce();
    }, LOG_EVENT_PERIOD_MS);
  }

  private announce(): void {
    for (const [name, entries] of this.unannounced)
      if (entries.length) this.deps.events?.emit('servers.logged', { name, entries });
    this.unannounced.clear();
  }
}

/**
 * Ends a Streamable HTTP session with DELETE (the SDK's terminateSession) so the server can free it; other
 * transports have no session to end. Bounded: a server that does not answer must not hold up a quit.
 */
export async function endSession(client: Client): Promise<void> {
  const transport = client.transport as { sessionId?: string; terminateSession?: () => Promise<void> } | undefined;
  if (!transport?.sessionId || typeof transport.terminateSession !== 'function') return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    transport.terminateSession().catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, END_SESSION_TIMEOUT_MS);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
}

/** The server declares logging: a level can be asked of it (logging/setLevel on 2025, each request on 2026-07-28). */
function offersLogging(client: Client | undefined): client is Client {
  return client?.getServerCapabilities()?.logging !== undefined;
}
