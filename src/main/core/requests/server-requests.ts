import { ProtocolError } from '@modelcontextprotocol/client';
import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestParams,
  ElicitResult,
} from '@modelcontextprotocol/client';
import type { ElicitationView, SamplingView } from '../../../shared/contract';
import { checkExternalUrl, externalUrlRefusalMessage } from '../../../shared/net/external-url';
import type { BrowserOpener } from '../auth';
import { Conflict, Invalid, NotFound, Unavailable } from '../errors';
import {
  because,
  cancelledBySystem,
  declinedBySystem,
  elicitationView,
  operatorAnswer,
  recordedQuestion,
  unattendedAnswer,
  type ElicitPolicy,
} from './elicitation-answers';
import type { EventSink } from '../events';
import type { ServerRequestContext, ServerRequestHandlers } from '../mcp';
import type { ModelProvider } from '../providers/types';
import type { CallRegistry } from './call-registry';
import { PendingRequests, type Pending, type Settlement } from './pending-requests';
import {
  applySamplingEdits,
  DEFAULT_SAMPLING_MAX_TOKENS,
  runSampling,
  samplingDraftOf,
  samplingResultOf,
  SamplingRateLimit,
} from './sampling';
import { say } from '../../../shared/messages';
import { errorWords, type UiMessage } from '../../../shared/i18n-message';

export type { ElicitPolicy };
/** ask: the operator approves each request and its answer; deny: every request is refused. */
export type SamplingPolicy = 'ask' | 'deny';
/** How servers' questions and model requests are answered: the console asks; a command without a terminal does not. */
export interface RequestPolicy {
  elicit: ElicitPolicy;
  sampling: SamplingPolicy;
}

export interface ServerRequestSettings {
  elicitationTimeoutMs: number;
  samplingTimeoutMs: number;
  samplingPerMinute(server: string): number;
  /** The most a sampling request may ask the model to write: agent.model.maxTokens, else DEFAULT_SAMPLING_MAX_TOKENS. */
  samplingMaxTokens?: number;
}

export interface ServerRequestServiceDeps {
  events: EventSink;
  registry: CallRegistry;
  /** The configured model, read when a sampling request is approved. */
  provider: () => ModelProvider;
  settings: () => ServerRequestSettings;
  log: (line: string) => void;
  /** Opens a URL-mode question's URL for the operator: true once it did (the desktop's system browser), false when the page must. */
  openUrl?: BrowserOpener;
  /** The policy at start (default: ask for both). */
  policy?: Partial<RequestPolicy>;
}

/** The spec's code for a sampling request the user refused. */
const USER_REJECTED = -1;
const rejected = (message: string) => new ProtocolError(USER_REJECTED, message);

/**
 * Answers servers' elicitation and sampling requests through the operator. A question shows a form (or a
 * URL) and goes back as accept / decline / cancel; a sampling request is shown, may be edited, runs on
 * the configured model only once approved, and its answer is shown before it is returned. Both are kept
 * with the call that caused them, and both are cancelled when nobody answers in time.
 */
export class ServerRequestService {
  readonly policy: RequestPolicy;
  readonly handlers: ServerRequestHandlers = {
    elicit: (context, params) => this.elicit(context, params),
    sample: (context, params) => this.sample(context, params),
  };
  private readonly pending: PendingRequests;
  private readonly rateLimit = new SamplingRateLimit();

  constructor(private readonly deps: ServerRequestServiceDeps) {
    this.policy = { elicit: 'ask', sampling: 'ask', ...deps.policy };
    this.pending = new PendingRequests(deps.events);
  }

  list() {
    return this.pending.list();
  }

  /** While the operator has the request, the server's calls are not timed out for their silence. */
  private async whileWaiting<T>(server: string, open: () => Promise<T>): Promise<T> {
    const release = this.deps.registry.hold(server);
    try {
      return await open();
    } finally {
      release();
    }
  }

  private async elicit(context: ServerRequestContext, params: ElicitRequestParams): Promise<ElicitResult> {
    const { registry } = this.deps;
    const origin = registry.originOf(context.server, context.relatedTaskId);
    const timeoutMs = this.deps.settings().elicitationTimeoutMs;
    const outsideItsCalls = !registry.hasCallOn(context.server);
    const elsewhere = outsideItsCalls ? registry.callsElsewhere(context.server) : [];
    const base = {
      ...this.pending.newView(context, origin, timeoutMs),
      kind: 'elicitation' as const,
      message: params.message,
      outsideItsCalls,
      ...(elsewhere.length ? { callsElsewhere: elsewhere } : {}),
    };
    // A URL the gate refuses (file:, smb:, javascript:, plain http: off this machine) is never shown as a link: declined at once, with why.
    const check = params.mode === 'url' ? checkExternalUrl(params.url) : undefined;
    const view = elicitationView(base, params, check);
    const recorded = () => recordedQuestion(view);

    if (check && !check.ok) {
      const why = say('request.settled.urlRefused', {
        server: context.server,
        reason: externalUrlRefusalMessage(check),
      });
      this.deps.log(`[elicitation] ${why.text}`);
      this.pending.answeredWithoutAsking(view, origin, declinedBySystem(why), recorded);
      return { action: 'decline' };
    }
    if (this.policy.elicit !== 'ask') {
      const settlement = unattendedAnswer(this.policy.elicit, view);
      this.pending.answeredWithoutAsking(view, origin, settlement, recorded);
      return (settlement.reply as { result: ElicitResult }).result;
    }
    return (await this.whileWaiting(context.server, () =>
      this.pending.open(view, {
        context,
        origin,
        timeoutMs,
        recorded,
        onTimeout: (seconds) => cancelledBySystem(say('request.settled.noAnswerWithin', { seconds })),
        onWithdrawn: cancelledBySystem,
      }),
    )) as ElicitResult;
  }

  /** The operator's answer to a question; an accepted form is checked against its schema, defaults filled in. */
  answer(
    id: string,
    action: 'accept' | 'decline' | 'cancel',
    answer: Record<string, unknown> = {},
    decidedBy = 'operator',
  ): boolean {
    const entry = this.entry(id, 'elicitation');
    return settle(entry, operatorAnswer(entry.view, action, answer, decidedBy));
  }

  /**
   * URL mode: opens the URL with the OS opener and accepts only once it was opened. Without an opener (the headless
   * console) nothing is settled and `opened` is false: the page opens a tab itself and then answers `accept`.
   */
  async openUrl(id: string, decidedBy = 'operator'): Promise<{ opened: boolean }> {
    const entry = this.entry(id, 'elicitation');
    if (entry.view.mode !== 'url' || !entry.view.url) throw new Conflict(say('request.notUrl', { id }));
    const check = checkExternalUrl(entry.view.url);
    if (!check.ok)
      throw new Invalid(
        say('request.settled.urlRefused', { server: entry.view.server, reason: externalUrlRefusalMessage(check) }),
      );
    const opened = (await this.deps.openUrl?.(check.url.href)) ?? false;
    if (opened && this.pending.get(id) === entry)
      settle(entry, { outcome: 'accept', decidedBy, reply: { result: { action: 'accept' } } });
    return { opened };
  }

  private async sample(
    context: ServerRequestContext,
    params: CreateMessageRequestParams,
  ): Promise<CreateMessageResult> {
    const origin = this.deps.registry.originOf(context.server, context.relatedTaskId);
    const settings = this.deps.settings();
    // Bounded before the operator sees it: the tokens by the model settings, the text by SAMPLING_TEXT_BUDGET_BYTES.
    const draft = samplingDraftOf(params, settings.samplingMaxTokens ?? DEFAULT_SAMPLING_MAX_TOKENS);
    const view: SamplingView = {
      ...this.pending.newView(context, origin, settings.samplingTimeoutMs),
      kind: 'sampling',
      stage: 'review',
      request: draft,
      model: this.providerLabel(),
    };
    const refuse = (why: UiMessage, decider?: UiMessage): Settlement => ({
      outcome: 'rejected',
      decidedBy: decider?.text ?? 'system',
      ...(decider && { decidedByMessage: decider }),
      ...because(why),
      reply: { error: rejected(`Sampling request rejected: ${why.text}`) },
    });

    const perMinute = settings.samplingPerMinute(context.server);
    const { server } = context;
    const refusal =
      this.policy.sampling === 'deny'
        ? refuse(say('request.settled.samplingDenied'), say('decider.samplingDenied'))
        : !this.rateLimit.take(server, perMinute)
          ? refuse(
              say(
                'request.settled.rateLimited',
                { server, count: perMinute },
                `${server} asked more than ${perMinute} time${perMinute === 1 ? '' : 's'} in a minute (samplingPerMinute)`,
              ),
            )
          : undefined;
    if (refusal) {
      this.deps.log(`[sampling] ${context.server}: ${refusal.reason}`);
      this.pending.answeredWithoutAsking(view, origin, refusal, () => draft);
      throw (refusal.reply as { error: Error }).error;
    }
    return (await this.whileWaiting(context.server, () =>
      this.pending.open(view, {
        context,
        origin,
        timeoutMs: settings.samplingTimeoutMs,
        recorded: () => draft,
        onTimeout: (seconds) => refuse(say('request.settled.noDecisionWithin', { seconds })),
        onWithdrawn: (why) => ({
          outcome: 'rejected',
          decidedBy: 'system',
          ...because(why),
          reply: { error: rejected(why.text) },
        }),
      }),
    )) as CreateMessageResult;
  }

  /** Approves the request (as edited) for the configured model; the answer comes back for review. */
  startSampling(
    id: string,
    edits: { messages?: { text: string }[]; systemPrompt?: string; maxTokens?: number },
  ): boolean {
    const entry = this.entry(id, 'sampling');
    if (entry.view.stage === 'generating') throw new Conflict(say('request.generating'));
    const draft = applySamplingEdits(
      entry.view.request,
      edits,
      this.deps.settings().samplingMaxTokens ?? DEFAULT_SAMPLING_MAX_TOKENS,
    );
    if (typeof draft === 'string') throw new Invalid(draft);
    let provider: ModelProvider;
    try {
      provider = this.deps.provider();
    } catch (error) {
      throw new Unavailable(say('request.noModel', { detail: errorWords(error) }));
    }
    this.pending.update(entry, {
      ...entry.view,
      stage: 'generating',
      request: draft,
      answer: undefined,
      error: undefined,
      errorMessage: undefined,
      model: provider.label,
    });
    runSampling(provider, draft, entry.done).then(
      (answer) => this.pending.update(entry, { ...entry.view, stage: 'answered', answer }),
      (error: unknown) => {
        if (entry.done.aborted) return;
        const failed = say('request.modelFailed', { detail: errorWords(error) });
        this.pending.update(entry, { ...entry.view, stage: 'review', error: failed.text, errorMessage: failed });
      },
    );
    return true;
  }

  /** Returns the reviewed answer to the server. */
  reply(id: string, decidedBy = 'operator'): boolean {
    const entry = this.entry(id, 'sampling');
    const answer = entry.view.answer;
    if (entry.view.stage !== 'answered' || !answer) throw new Conflict(say('request.noAnswer'));
    return settle(entry, {
      outcome: 'sent',
      decidedBy,
      request: entry.view.request,
      response: answer,
      reply: { result: samplingResultOf(answer) },
    });
  }

  reject(id: string, reason: string | undefined, decidedBy = 'operator'): boolean {
    const entry = this.entry(id, 'sampling');
    const note = reason?.trim();
    const why = note ? { reason: note } : because(say('request.settled.operatorRejected'));
    return settle(entry, {
      outcome: 'rejected',
      decidedBy,
      ...why,
      request: entry.view.request,
      reply: { error: rejected(`Sampling request rejected: ${why.reason}`) },
    });
  }

  /** On shutdown nothing is left waiting: questions are cancelled, sampling refused. */
  close(): void {
    const why = because(say('request.settled.shuttingDown'));
    this.pending.closeAll((entry) =>
      entry.view.kind === 'elicitation'
        ? { outcome: 'cancel', decidedBy: 'system', ...why, reply: { result: { action: 'cancel' } } }
        : { outcome: 'rejected', decidedBy: 'system', ...why, reply: { error: rejected(why.reason) } },
    );
  }

  private entry<K extends 'elicitation' | 'sampling'>(
    id: string,
    kind: K,
  ): Pending<Extract<ElicitationView | SamplingView, { kind: K }>> {
    const entry = this.pending.get(id);
    if (!entry) throw new NotFound(say('request.notPending', { id }));
    if (entry.view.kind !== kind)
      throw new Conflict(say(entry.view.kind === 'elicitation' ? 'request.isQuestion' : 'request.isSampling', { id }));
    return entry as Pending<Extract<ElicitationView | SamplingView, { kind: K }>>;
  }

  private providerLabel(): string {
    try {
      return this.deps.provider().label;
    } catch {
      return 'the configured model';
    }
  }
}

function settle(entry: Pending, settlement: Settlement): true {
  entry.settle(settlement);
  return true;
}
