import type { Client } from '@modelcontextprotocol/client';
import { raceAbort } from '../abort-signals';
import { BurstDebounce } from './coalescing';
import type { DiscoveredTools } from './discover-tools';
import { TtlRefresh } from './list-cache';
import { ListSubscription, listenFilterFor } from './list-subscription';
import type { SessionHooks } from './server-sessions';
import type { ConnectionAuth, ConnectionSettings, ServerState } from './types';

const noop = () => undefined;

/** How connecting ended: with a client, or with the error it threw or the deadline (or the attempt's end). */
export type ConnectOutcome<T> = { established: T } | { error: unknown; timedOut: boolean };

/** What an attempt needs of its connection to follow the server's tool list. */
export interface AttemptContext {
  readonly settings: ConnectionSettings;
  readonly hooks?: SessionHooks;
  /** A line for the log, the server's name already in front. */
  log(line: string): void;
  /** tools/list again: the connection's coalesced rediscovery. */
  rediscover(): void;
}

/**
 * One connection attempt of a server and, once it connects, its live session: its client, auth, timers and the
 * tool list it follows, so ending it (superseded, lost, signed out, closed) is one call. Every callback checks
 * `ended`: a superseded client can never overwrite the state of its replacement.
 */
export class ServerAttempt {
  ended = false;
  client: Client | undefined;
  /** OAuth of the live connection (refresh timer, verdicts on call errors). */
  auth: ConnectionAuth | undefined;
  probing = false;
  /** Ends the attempt early (a newer attempt, or close) as its deadline would; cleared once connecting is over. */
  deadline: AbortController | undefined = new AbortController();
  /**
   * Settles once this attempt is over and, if it was given up, its client closed (a stdio child asked to exit); until
   * it starts its work, the previous attempt's. The next attempt waits for it: two `npx` runs of one package at once
   * write the same cache.
   */
  done: Promise<void>;
  /** Servers announce changes in bursts: one tools/list once they settle, or per max wait in a storm. */
  private readonly listChanged: BurstDebounce;
  /** tools/list again when its ttlMs runs out (list-cache.ts). */
  private readonly toolsTtl = new TtlRefresh();
  /** 2026-07-28: the subscriptions/listen stream that stands in for unsolicited list_changed (list-subscription.ts). */
  private subscription: ListSubscription | undefined;
  /** The 2026-07-28 client the stream listens on (unset on a 2025-era connection). */
  private listening: Client | undefined;
  private healthTimer: NodeJS.Timeout | undefined;

  constructor(
    previousDone: Promise<void>,
    private readonly context: AttemptContext,
  ) {
    this.done = previousDone;
    this.listChanged = new BurstDebounce(() => ({
      quietMs: context.settings.listChangedDebounceMs,
      maxWaitMs: context.settings.listChangedMaxWaitMs,
    }));
  }

  /**
   * Runs `connect` until it settles, `timeoutMs` passes or the attempt ends. A client given up on is closed once it
   * arrives; `done` settles only then, so the next attempt waits until this one's client has closed.
   */
  async connectWithin<T extends { client: Client }>(
    timeoutMs: number,
    connect: (signal: AbortSignal) => Promise<T>,
  ): Promise<ConnectOutcome<T>> {
    const deadline = this.deadline!;
    const timer = setTimeout(() => deadline.abort(new Error('deadline')), timeoutMs);
    let gaveUp = false;
    const work = connect(deadline.signal);
    this.done = work.then((late) => (gaveUp ? late.client.close().catch(noop) : undefined), noop);
    try {
      return { established: await raceAbort(work, deadline.signal) };
    } catch (error) {
      gaveUp = true;
      return { error, timedOut: deadline.signal.aborted };
    } finally {
      clearTimeout(timer);
      // Over: closing later must not abort its signal (requests that already finished would be cancelled on the wire).
      this.deadline = undefined;
    }
  }

  /** The server said its tool list changed: rediscover once the burst settles. */
  onListChanged(): void {
    if (this.ended) return;
    this.listChanged.trigger(() => {
      if (!this.ended) this.context.rediscover();
    });
  }

  /** The refused definitions and the caching hint of a fresh tools/list; its ttl starts counting down. */
  listFacts({ refused, cache }: DiscoveredTools): Pick<ServerState, 'refusedTools' | 'toolsCache'> {
    const now = this.context.settings.now();
    const expiresAt = this.toolsTtl.schedule(cache, now, () => !this.ended && this.context.rediscover());
    for (const r of refused) this.context.log(`refused tool ${r.name ?? `#${r.index}`}: ${r.reason}`);
    return { refusedTools: refused, toolsCache: { ...cache, fetchedAt: now.toISOString(), expiresAt } };
  }

  /** A 2026-07-28 connection hears about list changes only on a subscriptions/listen stream: open one. */
  listen(client: Client): void {
    if (client.getProtocolEra() !== 'modern') return;
    this.listening = client;
    const filter = listenFilterFor(client.getServerCapabilities(), this.context.hooks?.resourceSubscriptions?.());
    if (!filter) return;
    this.subscription = new ListSubscription(client, filter, {
      backoff: this.context.settings.backoff,
      log: (line) => this.context.log(line),
      onResumed: (honored) => {
        if (this.ended) return;
        if (honored.toolsListChanged) this.onListChanged();
        this.context.hooks?.listsMayHaveChanged?.(honored);
      },
    });
    this.subscription.start();
  }

  /**
   * The operator's resource subscriptions changed: a 2026-07-28 stream is opened again with them (one is opened if
   * there was nothing to listen for before). False on a 2025-era connection, which subscribes with resources/subscribe.
   */
  relisten(): boolean {
    const client = this.listening;
    if (!client || this.ended) return false;
    const filter = listenFilterFor(client.getServerCapabilities(), this.context.hooks?.resourceSubscriptions?.());
    if (!this.subscription) this.listen(client);
    else if (filter) this.subscription.update(filter);
    else {
      // Nothing left to listen for (the last subscription went, and the server announces no list changes).
      this.subscription.stop();
      this.subscription = undefined;
    }
    return true;
  }

  /** `probe` every `intervalMs` while the attempt lasts (0: never). */
  checkHealth(intervalMs: number, probe: () => void): void {
    if (intervalMs <= 0) return;
    this.healthTimer = setInterval(probe, intervalMs);
    this.healthTimer.unref();
  }

  /**
   * Ends the attempt: stops its timers and list stream, drops its auth, aborts it if it is still connecting. Returns
   * its client for the caller to close (once: a second call returns nothing).
   */
  end(reason: string): Client | undefined {
    if (this.ended) return undefined;
    this.ended = true;
    this.listChanged.cancel();
    this.toolsTtl.cancel();
    clearInterval(this.healthTimer);
    this.subscription?.stop();
    this.subscription = undefined;
    this.auth?.closed();
    this.auth = undefined;
    this.deadline?.abort(new Error(reason));
    const client = this.client;
    this.client = undefined;
    return client;
  }
}
