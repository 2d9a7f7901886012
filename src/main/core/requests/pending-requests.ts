import { randomUUID } from 'node:crypto';
import type { ServerExchange, ServerRequestView } from '../../../shared/contract';
import type { EventSink } from '../events';
import type { ServerRequestContext } from '../mcp';
import type { RequestOrigin } from './call-registry';
import type { UiMessage } from '../../../shared/i18n-message';
import { say } from '../../../shared/messages';

/** How a pending request ended: the exchange's outcome and what goes back to the server. */
export interface Settlement {
  outcome: ServerExchange['outcome'];
  decidedBy: string;
  /** A policy's name as a code for the console (see ServerExchange.decidedByMessage). */
  decidedByMessage?: UiMessage;
  reason?: string;
  /** Main's own reason as a code; `text` is `reason`. */
  reasonMessage?: UiMessage;
  /** The request as it was finally answered (sampling: after the operator's edits). */
  request?: unknown;
  response?: unknown;
  /** Sent to the server: a result, or an error to throw. */
  reply: { result: unknown } | { error: Error };
}

export interface Pending<V extends ServerRequestView = ServerRequestView> {
  view: V;
  origin: RequestOrigin | undefined;
  /** Aborted when the request settles: a running generation stops with it. */
  done: AbortSignal;
  settle(settlement: Settlement): void;
}

export interface OpenOptions {
  context: ServerRequestContext;
  origin: RequestOrigin | undefined;
  timeoutMs: number;
  /** What silence, a withdrawn request or a stopped call means for this kind of request. */
  onTimeout: (seconds: number) => Settlement;
  onWithdrawn: (why: UiMessage) => Settlement;
  /** What the exchange record keeps of the request. */
  recorded: () => unknown;
}

/**
 * The requests waiting for the operator, like approvals: each opens with an event that carries it, ends
 * with one that carries the exchange, and never waits forever. It ends on the operator's answer, on its
 * timeout, when the server withdraws it (or its connection closes), when the call that caused it is
 * stopped, or on shutdown. The exchange is kept with the call that caused it.
 */
export class PendingRequests {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly events: EventSink) {}

  /** Identity and origin fields of a new request's view. */
  newView(context: ServerRequestContext, origin: RequestOrigin | undefined, timeoutMs: number) {
    const now = Date.now();
    return {
      id: `rq_${randomUUID().slice(0, 12)}`,
      server: context.server,
      conversationId: origin?.conversationId ?? null,
      turnId: origin?.turnId ?? null,
      callId: origin?.callId ?? null,
      toolName: origin?.toolName ?? null,
      requestedAt: new Date(now).toISOString(),
      expiresAt: new Date(now + timeoutMs).toISOString(),
    };
  }

  /** Opens a request and resolves with the server's answer (or rejects with the error it gets). */
  open<V extends ServerRequestView>(view: V, options: OpenOptions): Promise<unknown> {
    const { context, origin } = options;
    return new Promise((resolve, reject) => {
      const done = new AbortController();
      const onWithdrawn = () => settle(options.onWithdrawn(say('request.settled.withdrawn')));
      const onStopped = () => settle(options.onWithdrawn(say('request.settled.callStopped')));
      const timer = setTimeout(
        () => settle(options.onTimeout(Math.round(options.timeoutMs / 1000))),
        options.timeoutMs,
      );
      const entry: Pending<V> = { view, origin, done: done.signal, settle: (s) => settle(s) };
      const settle = (settlement: Settlement) => {
        if (this.pending.get(view.id) !== entry) return;
        this.pending.delete(view.id);
        clearTimeout(timer);
        context.signal.removeEventListener('abort', onWithdrawn);
        origin?.signal?.removeEventListener('abort', onStopped);
        done.abort();
        this.finish(entry.view, origin, settlement, options.recorded);
        if ('error' in settlement.reply) reject(settlement.reply.error);
        else resolve(settlement.reply.result);
      };
      this.pending.set(view.id, entry as Pending);
      if (context.signal.aborted) return onWithdrawn();
      if (origin?.signal?.aborted) return onStopped();
      context.signal.addEventListener('abort', onWithdrawn, { once: true });
      origin?.signal?.addEventListener('abort', onStopped, { once: true });
      this.events.emit('requests.opened', view);
    });
  }

  /** Records an exchange that was answered without asking anyone (a CLI policy, a rate limit). */
  answeredWithoutAsking(
    view: ServerRequestView,
    origin: RequestOrigin | undefined,
    settlement: Settlement,
    recorded: () => unknown,
  ): void {
    this.finish(view, origin, settlement, recorded);
  }

  get(id: string): Pending | undefined {
    return this.pending.get(id);
  }

  /** A new view of a pending request (a sampling stage), announced with the whole request. */
  update<V extends ServerRequestView>(entry: Pending<V>, view: V): void {
    if (this.pending.get(view.id) !== entry) return;
    entry.view = view;
    this.events.emit('requests.updated', view);
  }

  /** Oldest first. */
  list(): ServerRequestView[] {
    return [...this.pending.values()].map((p) => p.view).sort((a, b) => a.requestedAt.localeCompare(b.requestedAt));
  }

  closeAll(settlementFor: (entry: Pending) => Settlement): void {
    for (const entry of [...this.pending.values()]) entry.settle(settlementFor(entry));
  }

  private finish(
    view: ServerRequestView,
    origin: RequestOrigin | undefined,
    settlement: Settlement,
    recorded: () => unknown,
  ): void {
    const exchange: ServerExchange = {
      id: view.id,
      kind: view.kind,
      server: view.server,
      ...(view.kind === 'elicitation' ? { mode: view.mode } : {}),
      request: settlement.request ?? recorded(),
      outcome: settlement.outcome,
      ...(settlement.response !== undefined ? { response: settlement.response } : {}),
      ...(settlement.reason ? { reason: settlement.reason } : {}),
      ...(settlement.reason && settlement.reasonMessage ? { reasonMessage: settlement.reasonMessage } : {}),
      decidedBy: settlement.decidedBy,
      ...(settlement.decidedByMessage ? { decidedByMessage: settlement.decidedByMessage } : {}),
      requestedAt: view.requestedAt,
      resolvedAt: new Date().toISOString(),
    };
    origin?.keep?.(exchange);
    this.events.emit('requests.resolved', { id: view.id, conversationId: view.conversationId, exchange });
  }
}
