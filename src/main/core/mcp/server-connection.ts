import type { Client, CallToolResult } from '@modelcontextprotocol/client';
import type { ServerConfig } from '../../../shared/config/schema';
import { launchWait } from './launch-confirmations';
import { establish, type AttemptPhase, type AttemptScope, type Established } from './connect-attempt';
import { eraKey } from './era-memory';
import { verdictToRemember } from './protocol-era';
import { serverFactsOf } from './server-facts';
import { namedInputRoundsError } from './input-rounds';
import { backoffDelay } from './backoff';
import { askRequiredUrls, declaredCapabilities, rootsOf } from './client-requests';
import {
  answeredByPeer,
  AuthorizationRequiredError,
  failedStart,
  ServerUnavailableError,
  startBudget,
} from './connection-failures';
import type { UiMessage } from '../../../shared/i18n-message';
import { say } from '../../../shared/messages';
import { describeError, looksLikeConnectionLoss } from './describe-error';
import { discoverToolList, type DiscoveredTools } from './discover-tools';
import { attachAppResources } from './app-resources';
import { TtlRefresh } from './list-cache';
import { ListSubscription, listenFilterFor } from './list-subscription';
import { probePeer } from './peer-probe';
import { BurstDebounce, CoalescedRun, Waiters } from './coalescing';
import { modulesFor } from './sdk-modules';
import { traceConnect } from './mcp-telemetry';
import { redactedChange, redactSecrets, secretValuesOf, withIssuedSecrets } from './redact-secrets';
import type { SessionHooks } from './server-sessions';
import { StderrTail } from './stderr-tail';
import { callAsTask, callsAsTask, callWithProgress } from './tool-call';
import { raceAbort } from '../abort-signals';
import {
  initialState,
  type AuthVerdict,
  type CallToolOptions,
  type ConnectionAuth,
  type ConnectionSettings,
  type ServerState,
} from './types';

const noop = () => undefined;

/** The SDK's complaint about a progress notification whose call has already ended. */
const LATE_PROGRESS = /progress notification for an unknown token/;

/**
 * One configured server's whole life: connect (bounded by its timeout), discover, follow
 * list_changed, notice a lost peer, retry with backoff, close. Publishes immutable ServerState
 * snapshots; every async callback carries the `generation` it belongs to, so a superseded client
 * can never overwrite the state of its replacement.
 */
export class ServerConnection {
  private snapshot: ServerState;
  private client: Client | undefined;
  /** OAuth of the live connection (refresh timer, verdicts on call errors). */
  private auth: ConnectionAuth | undefined;
  private generation = 0;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  /** Servers announce changes in bursts: one tools/list once they settle, or per max wait in a storm. */
  private readonly listChanged = new BurstDebounce(() => ({
    quietMs: this.settings.listChangedDebounceMs,
    maxWaitMs: this.settings.listChangedMaxWaitMs,
  }));
  private healthTimer: NodeJS.Timeout | undefined;
  private probing = false;
  private readonly discovery = new CoalescedRun();
  /** 2026-07-28: the subscriptions/listen stream that stands in for unsolicited list_changed (list-subscription.ts). */
  private subscription: ListSubscription | undefined;
  /** tools/list again when its ttlMs runs out (list-cache.ts). */
  private readonly toolsTtl = new TtlRefresh();
  private readonly attemptOver = new Waiters();
  /** The roots offered now: a config edit that only changes them is announced, not reconnected. */
  private roots: readonly string[] | undefined;
  /** Connected at least once: a package runner's later starts find the package installed. */
  private everConnected = false;
  /** Ends the attempt under way early (a newer attempt, or close) as its deadline would. */
  private attemptAbort: AbortController | undefined;
  /**
   * Settles once the latest attempt is over and, if it was given up, its client closed (a stdio child asked to exit).
   * The next attempt waits for it: two `npx` runs of one package at once write the same cache.
   */
  private attemptDone: Promise<void> = Promise.resolve();
  /** What this server is given that it may echo back (redact-secrets.ts): kept out of its state and our log lines. */
  private readonly secrets: readonly string[];

  constructor(
    readonly config: ServerConfig,
    private readonly settings: ConnectionSettings,
    private readonly onChange: (state: ServerState) => void,
    /** What servers say outside tool calls (logs, notifications) and how a session ends (server-sessions.ts). */
    private readonly hooks?: SessionHooks,
  ) {
    this.snapshot = initialState(config.name, config.enabled ? 'connecting' : 'disabled');
    this.roots = config.roots;
    this.secrets = secretValuesOf(config, settings.env);
  }

  get state(): ServerState {
    return this.snapshot;
  }

  /** The client of the live connection (resources, prompts and logging go through it); undefined unless connected. */
  get liveClient(): Client | undefined {
    return this.snapshot.status === 'connected' ? this.client : undefined;
  }

  start(): void {
    if (this.config.enabled) void this.attempt();
  }

  /** Resolves once the current attempt is over (connected, failed or disabled). */
  settled(): Promise<void> {
    return this.attemptOver.wait(this.snapshot.status !== 'connecting');
  }

  /** Manual reconnect: resets the backoff and tries now. */
  async reconnect(): Promise<void> {
    if (this.closed || !this.config.enabled) return;
    this.update({ reconnectAttempt: 0 });
    await this.attempt();
  }

  /** tools/list again (all pages). A server that is not connected is reconnected instead. */
  rediscover(): Promise<void> {
    if (this.closed || !this.config.enabled) return Promise.resolve();
    const client = this.client;
    if (this.snapshot.status === 'connecting') return this.settled(); // the attempt under way discovers anyway
    if (!client || this.snapshot.status !== 'connected') return this.reconnect();
    const gen = this.generation;
    return this.discovery.run(
      () => this.discoverNow(client, gen),
      () => gen === this.generation,
    );
  }

  /**
   * New roots for a connection that declared roots: the server hears notifications/roots/list_changed and
   * asks roots/list again. Returns false when the change needs a new initialize instead (roots appear or
   * disappear, so the declared capability changes).
   */
  updateRoots(roots: readonly string[] | undefined): boolean {
    if (!this.roots?.length !== !roots?.length) return false;
    this.roots = roots;
    const client = this.client;
    if (client && this.snapshot.status === 'connected' && roots?.length)
      void client
        .sendRootsListChanged()
        .catch((error: unknown) =>
          this.log(`[mcp] ${this.config.name}: roots/list_changed not sent: ${describeError(error)}`),
        );
    return true;
  }

  callTool(name: string, args: Record<string, unknown>, options: CallToolOptions = {}): Promise<CallToolResult> {
    const client = this.client;
    if (!client || this.snapshot.status !== 'connected')
      return Promise.reject(
        new ServerUnavailableError(
          this.config.name,
          `${this.snapshot.status}${this.snapshot.error ? `: ${this.snapshot.error}` : ''}`,
        ),
      );
    const gen = this.generation;
    const params = { name, arguments: args, ...(options.meta ? { _meta: options.meta } : {}) };
    const limits = { ...options, maxTotalTimeoutMs: options.maxTotalTimeoutMs ?? this.config.maxTotalTimeoutMs };
    const tool = this.snapshot.tools.find((t) => t.name === name);
    const reply = callsAsTask(client, tool)
      ? callAsTask(client, params, limits)
      : callWithProgress(client, params, limits, tool);
    return reply.catch(async (error: unknown) => {
      const verdict = this.auth?.verdict(error);
      if (verdict) throw this.onAuthVerdict(gen, verdict);
      if (looksLikeConnectionLoss(error)) void this.probe(gen, error);
      // -32042: the operator opens the page(s) the server needs, then the call is tried once more.
      if (
        !options.afterUrlElicitation &&
        (await askRequiredUrls(
          this.config.elicitation === false ? undefined : this.settings.requests,
          this.config.name,
          error,
          options.signal,
        ))
      )
        return this.callTool(name, args, { ...options, afterUrlElicitation: true });
      throw namedInputRoundsError(this.config.name, error);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.generation += 1;
    this.clearTimers();
    const client = this.client;
    this.client = undefined;
    this.dropAuth();
    this.attemptOver.release();
    this.attemptAbort?.abort(new Error('closed'));
    if (client) await this.hooks?.ending(client);
    await client?.close().catch(noop);
    await this.attemptDone;
  }

  private async attempt(): Promise<void> {
    const gen = ++this.generation;
    this.clearTimers();
    const previous = this.client;
    this.client = undefined;
    this.dropAuth();
    this.attemptAbort?.abort(new Error('superseded'));
    await previous?.close().catch(noop);
    await this.attemptDone;
    if (gen !== this.generation || this.closed) return;
    // A command line the operator has not confirmed (it came by import) is never run: it waits, with no retry loop.
    const waiting = launchWait(this.config, this.settings.launchGate);
    if (waiting)
      return this.update({
        status: 'needs-confirmation',
        error: waiting,
        nextRetryAt: null,
        tools: [],
        toolCount: 0,
        stderrTail: null,
      });
    // The SDK code this attempt needs is loaded before its timeout starts (a failure to load shows in the attempt).
    await modulesFor(this.config).catch(noop);
    if (gen !== this.generation || this.closed) return;

    const budget = startBudget(this.config, this.settings, this.everConnected);
    const timeoutMs = budget.ms;
    const tail = new StderrTail();
    const declared = declaredCapabilities(
      { ...this.config, roots: this.roots && [...this.roots] },
      this.settings.requests,
    );
    this.update({
      status: 'connecting',
      error: null,
      nextRetryAt: null,
      tools: [],
      toolCount: 0,
      refusedTools: [],
      toolsCache: null,
      stderrTail: null,
      declaredCapabilities: declared,
      startup: budget.startup,
    });
    const deadline = new AbortController();
    this.attemptAbort = deadline;
    const phase: AttemptPhase = { name: 'connect' };
    const timer = setTimeout(() => deadline.abort(new Error('deadline')), timeoutMs);
    let gaveUp = false;
    const scope: AttemptScope = {
      ...{
        config: this.config,
        settings: this.settings,
        hooks: this.hooks,
        declared,
        signal: deadline.signal,
        tail,
        phase,
      },
      onStderr: () => gen === this.generation && this.update({ stderrTail: tail.value() }),
      roots: () => rootsOf(this.roots),
      onListChanged: () => this.onListChanged(gen),
      log: (line) => this.log(line),
    };
    const work = traceConnect(this.config.name, () => establish(scope, timeoutMs));
    // Finished after we stopped waiting: close it. Either way, the next attempt waits until its client has closed.
    this.attemptDone = work.then((late) => (gaveUp ? late.client.close().catch(noop) : undefined), noop);

    try {
      const established = await raceAbort(work, deadline.signal);
      clearTimeout(timer);
      // Over: closing later must not abort its signal (requests that already finished would be cancelled on the wire).
      if (this.attemptAbort === deadline) this.attemptAbort = undefined;
      if (gen !== this.generation || this.closed) {
        await established.client.close().catch(noop);
        return;
      }
      this.adopt(gen, established);
    } catch (error) {
      gaveUp = true;
      clearTimeout(timer);
      if (gen !== this.generation || this.closed) return;
      const timedOut = deadline.signal.aborted;
      const verdict = timedOut ? undefined : phase.auth?.verdict(error);
      const failed = failedStart(this.config, {
        error,
        timedOut,
        verdict,
        phase: phase.name,
        timeoutMs,
        startup: budget.startup,
        stderr: tail.value(),
      });
      // Waiting for the operator (needs-auth) has no retry loop: a sign-in reconnects.
      this.update({
        status: failed.status,
        error: failed.message,
        stderrTail: failed.status === 'needs-auth' ? null : tail.value(),
      });
      this.log(`[mcp] ${this.config.name}: ${failed.logText}`);
      if (failed.status === 'failed' && failed.retry) this.scheduleRetry();
    }
  }

  private adopt(gen: number, { client, built, tools, discovered, protocolVersion, declared, plan }: Established): void {
    this.client = client;
    this.everConnected = true;
    const verdict = verdictToRemember(this.config, plan, client, this.settings.now());
    if (verdict) this.settings.eras?.remember(eraKey(this.config), verdict);
    this.auth = built.auth;
    built.auth?.connected();
    client.onclose = () => this.onLost(gen, 'the connection closed');
    client.onerror = (error) => {
      // A late progress notification (after its call ended) is not a sign of a broken connection.
      if (LATE_PROGRESS.test(error.message)) return;
      if (gen === this.generation && this.snapshot.status === 'connected') void this.probe(gen, error);
    };
    const now = this.settings.now().toISOString();
    this.update({
      status: 'connected',
      error: null,
      tools,
      toolCount: tools.length,
      transport: built.kind,
      endpoint: built.endpoint,
      connectedAt: now,
      discoveredAt: now,
      protocolVersion,
      ...serverFactsOf(client),
      declaredCapabilities: declared,
      reconnectAttempt: 0,
      nextRetryAt: null,
      startup: null,
      ...this.listFacts(gen, discovered),
    });
    this.log(`[mcp] ${this.config.name}: connected, ${tools.length} tool${tools.length === 1 ? '' : 's'}`);
    this.hooks?.connected(client);
    this.listen(gen, client);
    const interval = this.settings.healthCheckIntervalMs;
    if (interval > 0) {
      this.healthTimer = setInterval(() => void this.probe(gen), interval);
      this.healthTimer.unref();
    }
  }

  private async discoverNow(client: Client, gen: number): Promise<void> {
    try {
      const discovered = await discoverToolList(client, {
        timeout: this.config.timeoutMs ?? this.settings.defaultTimeoutMs,
      });
      const tools = discovered.tools;
      await attachAppResources(client, this.config.name, tools);
      await this.settings.prepareTools?.(this.config.name, tools);
      if (gen !== this.generation) return;
      this.update({
        tools,
        toolCount: tools.length,
        discoveredAt: this.settings.now().toISOString(),
        error: null,
        ...this.listFacts(gen, discovered),
      });
    } catch (error) {
      if (gen !== this.generation) return;
      const verdict = this.auth?.verdict(error);
      if (verdict) return void this.onAuthVerdict(gen, verdict);
      if (looksLikeConnectionLoss(error)) await this.probe(gen, error);
      // Still connected: keep the last good tool list, but show why it may be stale.
      if (gen === this.generation)
        this.update({ error: say('connection.rediscoveryFailed', { detail: describeError(error) }) });
    }
  }

  private onListChanged(gen: number): void {
    if (gen !== this.generation) return;
    this.listChanged.trigger(() => {
      if (gen === this.generation) void this.rediscover();
    });
  }

  /** The refused definitions and the caching hint of a fresh tools/list; its ttl starts counting down. */
  private listFacts(
    gen: number,
    { refused, cache }: DiscoveredTools,
  ): Pick<ServerState, 'refusedTools' | 'toolsCache'> {
    const now = this.settings.now();
    const expiresAt = this.toolsTtl.schedule(cache, now, () => gen === this.generation && void this.rediscover());
    for (const r of refused)
      this.log(`[mcp] ${this.config.name}: refused tool ${r.name ?? `#${r.index}`}: ${r.reason}`);
    return { refusedTools: refused, toolsCache: { ...cache, fetchedAt: now.toISOString(), expiresAt } };
  }

  /** A 2026-07-28 connection hears about list changes only on a subscriptions/listen stream: open one. */
  private listen(gen: number, client: Client): void {
    const filter = client.getProtocolEra() === 'modern' ? listenFilterFor(client.getServerCapabilities()) : undefined;
    if (!filter) return;
    this.subscription = new ListSubscription(client, filter, {
      backoff: this.settings.backoff,
      log: (line) => this.log(`[mcp] ${this.config.name}: ${line}`),
      onResumed: (honored) => {
        if (gen !== this.generation) return;
        if (honored.toolsListChanged) this.onListChanged(gen);
        this.hooks?.listsMayHaveChanged?.(honored);
      },
    });
    this.subscription.start();
  }

  /** Pings the peer; a failed ping means the connection is gone. */
  private async probe(gen: number, cause?: unknown): Promise<void> {
    const client = this.client;
    if (this.probing || !client || gen !== this.generation) return;
    this.probing = true;
    try {
      await probePeer(client, { timeout: Math.min(5_000, this.config.timeoutMs ?? this.settings.defaultTimeoutMs) });
    } catch (error) {
      // An error *answer* (e.g. a server without ping) proves the peer is alive; silence or a broken pipe does not.
      if (!answeredByPeer(error)) this.onLost(gen, describeError(cause ?? error));
    } finally {
      this.probing = false;
    }
  }

  private onLost(gen: number, reason: string): void {
    if (gen !== this.generation || this.closed) return;
    this.generation += 1; // the old client's late callbacks are now ignored
    this.clearTimers();
    const client = this.client;
    this.client = undefined;
    this.dropAuth();
    void client?.close().catch(noop);
    this.update({ status: 'failed', error: say('connection.lost', { reason }), tools: [], toolCount: 0 });
    this.log(`[mcp] ${this.config.name}: connection lost: ${reason}`);
    this.scheduleRetry();
  }

  /**
   * A request was refused for authorization. Step-up and refusals fail only that request; a token the
   * server no longer takes (and could not be refreshed) ends the connection until the operator signs in.
   */
  private onAuthVerdict(gen: number, verdict: AuthVerdict): Error {
    if (verdict.kind === 'needs-auth' && gen === this.generation && !this.closed) {
      this.generation += 1;
      this.clearTimers();
      const client = this.client;
      this.client = undefined;
      this.dropAuth();
      void client?.close().catch(noop);
      this.update({ status: 'needs-auth', error: verdict.uiMessage ?? verdict.message, tools: [], toolCount: 0 });
      this.log(`[mcp] ${this.config.name}: ${verdict.message}`);
    }
    return new AuthorizationRequiredError(this.config.name, verdict);
  }

  private dropAuth(): void {
    this.auth?.closed();
    this.auth = undefined;
  }

  private scheduleRetry(): void {
    if (this.closed || !this.settings.autoReconnect || !this.config.enabled) return;
    const attempt = this.snapshot.reconnectAttempt + 1;
    const delay = backoffDelay(attempt, this.settings.backoff);
    this.update({
      reconnectAttempt: attempt,
      nextRetryAt: new Date(this.settings.now().getTime() + delay).toISOString(),
    });
    this.retryTimer = setTimeout(() => void this.attempt(), delay);
    this.retryTimer.unref();
  }

  /** `error` may be a UiMessage: its text becomes `error`, the message `errorMessage` (a plain string has none). */
  private update(
    change: Partial<Omit<ServerState, 'error' | 'errorMessage'>> & { error?: string | UiMessage | null },
  ): void {
    // The error and the stderr tail may quote what the server printed: its token too.
    this.snapshot = Object.freeze({ ...this.snapshot, ...redactedChange(change, this.secretsNow()) });
    if (this.snapshot.status !== 'connecting') this.attemptOver.release();
    this.onChange(this.snapshot);
  }

  private log(line: string): void {
    this.settings.log(redactSecrets(line, this.secretsNow()));
  }

  /** Its configured secrets and the OAuth tokens it holds now (they change with every refresh). */
  private secretsNow(): readonly string[] {
    return withIssuedSecrets(this.secrets, this.settings.auth?.secretsOf?.(this.config.name));
  }

  private clearTimers(): void {
    clearTimeout(this.retryTimer);
    this.listChanged.cancel();
    clearInterval(this.healthTimer);
    this.toolsTtl.cancel();
    this.subscription?.stop();
    this.subscription = undefined;
  }
}
