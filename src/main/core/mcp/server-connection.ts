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
  type StartFailure,
} from './connection-failures';
import { say } from '../../../shared/messages';
import { describeError, looksLikeConnectionLoss } from './describe-error';
import { discoverToolList } from './discover-tools';
import { attachAppResources } from './app-resources';
import { probePeer } from './peer-probe';
import { CoalescedRun } from './coalescing';
import { modulesFor } from './sdk-modules';
import { traceConnect } from './mcp-telemetry';
import { PublishedState } from './published-state';
import type { SessionHooks } from './server-sessions';
import { ServerAttempt } from './server-attempt';
import { StderrTail } from './stderr-tail';
import { callAsTask, callsAsTask, callWithProgress } from './tool-call';
import type { AuthVerdict, CallToolOptions, ConnectionSettings, ServerState } from './types';

const noop = () => undefined;

/** The SDK's complaint about a progress notification whose call has already ended. */
const LATE_PROGRESS = /progress notification for an unknown token/;

/**
 * One configured server's whole life: connect (bounded by its timeout), discover, follow
 * list_changed, notice a lost peer, retry with backoff, close. Publishes immutable ServerState
 * snapshots. Each attempt's client, auth and timers live in its ServerAttempt, and every async
 * callback carries the attempt it belongs to: once that attempt has ended, the callback does nothing.
 */
export class ServerConnection {
  private readonly published: PublishedState;
  /** The latest attempt: live unless ended (superseded, lost, signed out or closed). */
  private current: ServerAttempt | undefined;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly discovery = new CoalescedRun();
  /** The roots offered now: a config edit that only changes them is announced, not reconnected. */
  private roots: readonly string[] | undefined;
  /** Connected at least once: a package runner's later starts find the package installed. */
  private everConnected = false;

  constructor(
    readonly config: ServerConfig,
    private readonly settings: ConnectionSettings,
    onChange: (state: ServerState) => void,
    /** What servers say outside tool calls (logs, notifications) and how a session ends (server-sessions.ts). */
    private readonly hooks?: SessionHooks,
  ) {
    this.published = new PublishedState(config, settings, onChange);
    this.roots = config.roots;
  }

  get state(): ServerState {
    return this.published.state;
  }

  /** The client of the live connection (resources, prompts and logging go through it); undefined unless connected. */
  get liveClient(): Client | undefined {
    return this.state.status === 'connected' ? this.current?.client : undefined;
  }

  start(): void {
    if (this.config.enabled) void this.attempt();
  }

  /** Resolves once the current attempt is over (connected, failed or disabled). */
  settled(): Promise<void> {
    return this.published.settled();
  }

  /** Manual reconnect: resets the backoff and tries now. */
  async reconnect(): Promise<void> {
    if (this.closed || !this.config.enabled) return;
    this.published.update({ reconnectAttempt: 0 });
    await this.attempt();
  }

  /** The resource subscriptions changed: a 2026-07-28 connection listens for them anew. False when not one. */
  relisten(): boolean {
    return this.state.status === 'connected' && (this.current?.relisten() ?? false);
  }

  /** tools/list again (all pages). A server that is not connected is reconnected instead. */
  rediscover(): Promise<void> {
    if (this.closed || !this.config.enabled) return Promise.resolve();
    const attempt = this.current;
    const client = attempt?.client;
    if (this.state.status === 'connecting') return this.settled(); // the attempt under way discovers anyway
    if (!attempt || !client || this.state.status !== 'connected') return this.reconnect();
    return this.discovery.run(
      () => this.discoverNow(client, attempt),
      () => !attempt.ended,
    );
  }

  /**
   * New roots for a connection that declared roots: the server hears notifications/roots/list_changed and
   * asks roots/list again. Returns false when the change needs a new initialize instead (roots appear or
   * disappear, so the declared capability changes). 2026-07-28 has no such notification: a server asks for roots
   * within each request that needs them (MRTR), so the next one reads the new list.
   */
  updateRoots(roots: readonly string[] | undefined): boolean {
    if (!this.roots?.length !== !roots?.length) return false;
    this.roots = roots;
    const client = this.current?.client;
    if (client && this.state.status === 'connected' && roots?.length && client.getProtocolEra() !== 'modern')
      void client
        .sendRootsListChanged()
        .catch((error: unknown) =>
          this.published.log(`[mcp] ${this.config.name}: roots/list_changed not sent: ${describeError(error)}`),
        );
    return true;
  }

  callTool(name: string, args: Record<string, unknown>, options: CallToolOptions = {}): Promise<CallToolResult> {
    const attempt = this.current;
    const client = attempt?.client;
    if (!client || this.state.status !== 'connected')
      return Promise.reject(
        new ServerUnavailableError(
          this.config.name,
          `${this.state.status}${this.state.error ? `: ${this.state.error}` : ''}`,
        ),
      );
    const params = { name, arguments: args, ...(options.meta ? { _meta: options.meta } : {}) };
    const limits = { ...options, maxTotalTimeoutMs: options.maxTotalTimeoutMs ?? this.config.maxTotalTimeoutMs };
    const tool = this.state.tools.find((t) => t.name === name);
    const reply = callsAsTask(client, tool)
      ? callAsTask(client, params, limits)
      : callWithProgress(client, params, limits, tool);
    return reply.catch(async (error: unknown) => {
      const verdict = this.current?.auth?.verdict(error);
      if (verdict) throw this.onAuthVerdict(attempt, verdict);
      if (looksLikeConnectionLoss(error)) void this.probe(attempt, error);
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
    const attempt = this.current;
    const client = this.endAttempt('closed');
    this.published.release();
    if (client) await this.hooks?.ending(client);
    await client?.close().catch(noop);
    await attempt?.done;
  }

  private async attempt(): Promise<void> {
    const attempt = new ServerAttempt(this.current?.done ?? Promise.resolve(), {
      settings: this.settings,
      hooks: this.hooks,
      log: (line) => this.published.log(`[mcp] ${this.config.name}: ${line}`),
      rediscover: () => void this.rediscover(),
    });
    const previous = this.endAttempt('superseded');
    this.current = attempt;
    await previous?.close().catch(noop);
    await attempt.done;
    if (attempt.ended || this.closed || this.waitsForLaunch()) return;
    // The SDK code this attempt needs is loaded before its timeout starts (a failure to load shows in the attempt).
    await modulesFor(this.config).catch(noop);
    if (attempt.ended || this.closed) return;
    await this.connect(attempt);
  }

  /** A command line the operator has not confirmed (it came by import) is never run: it waits, with no retry loop. */
  private waitsForLaunch(): boolean {
    const waiting = launchWait(this.config, this.settings.launchGate);
    if (waiting) {
      const cleared = { nextRetryAt: null, tools: [], toolCount: 0, stderrTail: null };
      this.published.update({ status: 'needs-confirmation', error: waiting, ...cleared });
    }
    return waiting !== undefined;
  }

  /** Connects within the start budget, then adopts the client or shows why it failed. */
  private async connect(attempt: ServerAttempt): Promise<void> {
    const budget = startBudget(this.config, this.settings, this.everConnected);
    const tail = new StderrTail();
    const declared = declaredCapabilities(
      { ...this.config, roots: this.roots && [...this.roots] },
      this.settings.requests,
    );
    this.published.update({
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
    const phase: AttemptPhase = { name: 'connect' };
    const outcome = await attempt.connectWithin(budget.ms, (signal) => {
      const scope: AttemptScope = {
        ...{ config: this.config, settings: this.settings, hooks: this.hooks, declared, signal, tail, phase },
        onStderr: () => !attempt.ended && this.published.update({ stderrTail: tail.value() }),
        roots: () => rootsOf(this.roots),
        onListChanged: () => attempt.onListChanged(),
        log: (line) => this.published.log(line),
      };
      return traceConnect(this.config.name, () => establish(scope, budget.ms));
    });
    if ('established' in outcome) {
      if (attempt.ended || this.closed) await outcome.established.client.close().catch(noop);
      else this.adopt(attempt, outcome.established);
      return;
    }
    if (attempt.ended || this.closed) return;
    const { error, timedOut } = outcome;
    const verdict = timedOut ? undefined : phase.auth?.verdict(error);
    const { ms: timeoutMs, startup } = budget;
    this.onStartFailed({ error, timedOut, verdict, phase: phase.name, timeoutMs, startup, stderr: tail.value() });
  }

  private onStartFailed(failure: StartFailure): void {
    const failed = failedStart(this.config, failure);
    // Waiting for the operator (needs-auth) has no retry loop: a sign-in reconnects.
    this.published.update({
      status: failed.status,
      error: failed.message,
      stderrTail: failed.status === 'needs-auth' ? null : failure.stderr,
    });
    this.published.log(`[mcp] ${this.config.name}: ${failed.logText}`);
    if (failed.status === 'failed' && failed.retry) this.scheduleRetry();
  }

  private adopt(
    attempt: ServerAttempt,
    { client, built, tools, discovered, protocolVersion, declared, plan }: Established,
  ): void {
    attempt.client = client;
    this.everConnected = true;
    const verdict = verdictToRemember(this.config, plan, client, this.settings.now());
    if (verdict) this.settings.eras?.remember(eraKey(this.config), verdict);
    attempt.auth = built.auth;
    built.auth?.connected();
    client.onclose = () => this.onLost(attempt, 'the connection closed');
    client.onerror = (error) => {
      // A late progress notification (after its call ended) is not a sign of a broken connection.
      if (LATE_PROGRESS.test(error.message)) return;
      if (!attempt.ended && this.state.status === 'connected') void this.probe(attempt, error);
    };
    const now = this.settings.now().toISOString();
    this.published.update({
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
      ...attempt.listFacts(discovered),
    });
    this.published.log(`[mcp] ${this.config.name}: connected, ${tools.length} tool${tools.length === 1 ? '' : 's'}`);
    this.hooks?.connected(client);
    attempt.listen(client);
    attempt.checkHealth(this.settings.healthCheckIntervalMs, () => void this.probe(attempt));
  }

  private async discoverNow(client: Client, attempt: ServerAttempt): Promise<void> {
    try {
      const discovered = await discoverToolList(client, {
        timeout: this.config.timeoutMs ?? this.settings.defaultTimeoutMs,
      });
      const tools = discovered.tools;
      await attachAppResources(client, this.config.name, tools);
      await this.settings.prepareTools?.(this.config.name, tools);
      if (attempt.ended) return;
      this.published.update({
        tools,
        toolCount: tools.length,
        discoveredAt: this.settings.now().toISOString(),
        error: null,
        ...attempt.listFacts(discovered),
      });
    } catch (error) {
      if (attempt.ended) return;
      const verdict = attempt.auth?.verdict(error);
      if (verdict) return void this.onAuthVerdict(attempt, verdict);
      if (looksLikeConnectionLoss(error)) await this.probe(attempt, error);
      // Still connected: keep the last good tool list, but show why it may be stale.
      if (!attempt.ended)
        this.published.update({ error: say('connection.rediscoveryFailed', { detail: describeError(error) }) });
    }
  }

  /** Pings the peer; a failed ping means the connection is gone. */
  private async probe(attempt: ServerAttempt, cause?: unknown): Promise<void> {
    const client = attempt.client;
    if (attempt.probing || !client || attempt.ended) return;
    attempt.probing = true;
    try {
      await probePeer(client, { timeout: Math.min(5_000, this.config.timeoutMs ?? this.settings.defaultTimeoutMs) });
    } catch (error) {
      // An error *answer* (e.g. a server without ping) proves the peer is alive; silence or a broken pipe does not.
      if (!answeredByPeer(error)) this.onLost(attempt, describeError(cause ?? error));
    } finally {
      attempt.probing = false;
    }
  }

  private onLost(attempt: ServerAttempt, reason: string): void {
    if (attempt.ended || this.closed) return;
    void this.endAttempt('lost')?.close().catch(noop);
    this.published.update({ status: 'failed', error: say('connection.lost', { reason }), tools: [], toolCount: 0 });
    this.published.log(`[mcp] ${this.config.name}: connection lost: ${reason}`);
    this.scheduleRetry();
  }

  /**
   * A request was refused for authorization. Step-up and refusals fail only that request; a token the
   * server no longer takes (and could not be refreshed) ends the connection until the operator signs in.
   */
  private onAuthVerdict(attempt: ServerAttempt | undefined, verdict: AuthVerdict): Error {
    if (verdict.kind === 'needs-auth' && attempt && !attempt.ended && !this.closed) {
      void this.endAttempt('signed out')?.close().catch(noop);
      this.published.update({
        status: 'needs-auth',
        error: verdict.uiMessage ?? verdict.message,
        tools: [],
        toolCount: 0,
      });
      this.published.log(`[mcp] ${this.config.name}: ${verdict.message}`);
    }
    return new AuthorizationRequiredError(this.config.name, verdict);
  }

  /** Ends the latest attempt (its late callbacks do nothing from now on) and any retry waiting; returns its client. */
  private endAttempt(reason: string): Client | undefined {
    clearTimeout(this.retryTimer);
    return this.current?.end(reason);
  }

  private scheduleRetry(): void {
    if (this.closed || !this.settings.autoReconnect || !this.config.enabled) return;
    const attempt = this.state.reconnectAttempt + 1;
    const delay = backoffDelay(attempt, this.settings.backoff);
    this.published.update({
      reconnectAttempt: attempt,
      nextRetryAt: new Date(this.settings.now().getTime() + delay).toISOString(),
    });
    this.retryTimer = setTimeout(() => void this.attempt(), delay);
    this.retryTimer.unref();
  }
}
