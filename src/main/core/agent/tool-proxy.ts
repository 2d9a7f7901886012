import { randomUUID } from 'node:crypto';
import type { RecordActor } from '../../../shared/contract';
import type { UiMessage } from '../../../shared/i18n-message';
import type { Catalog, ToolBinding } from '../../../shared/catalog';
import type { EventSink } from '../events';
import type { CallProgress, CallTask, OperatorWait } from '../mcp';
import { errorText } from '../../../shared/error-text';
import type { ChatMessage, ModelImage, ToolCallRequest } from '../providers/types';
import type { CallRegistry } from '../requests/call-registry';
import type { ApprovalService } from './approvals';
import { confirmCall, needsConfirmation, notApprovedVerdict } from './call-confirmation';
import { gateBeforeLocal, noSuchTool, replayWriteRefusal, stoppedVerdict } from './call-gate';
import { recordOf, type MadeRecord, type RecordVerdict } from './call-record';
import type { CallRun, Verdict } from './call-run';
import { CallTrace } from './call-trace';
import { singleTextOf, toolMessageOf, type LiveConversation, type ToolItem } from './conversation';
import type { RecordsStore } from '../stores/records-store';
import { failureMessage } from './call-failure';
import { RunningLine } from './running-line';
import { convertToolResult, recordedResultOf } from './tool-result';
import { startToolSpan } from '../telemetry/agent-spans';

export const ACTING_IDENTITY_META_KEY = 'switchboard/customerId';
/**
 * Names a run's own server state: a server that honours it (the embedded demo server) answers from a fresh copy of its
 * seed data kept under this name. See ProxyMode.ownServerState. The wire name stays as servers already read it.
 */
export const RUN_STATE_META_KEY = 'switchboard/demoState';

/** Sends one call to the server that offers the tool. Implemented by the MCP connection manager. */
export interface McpCaller {
  callTool(
    server: string,
    name: string,
    args: Record<string, unknown>,
    options: {
      signal: AbortSignal;
      meta: Record<string, unknown>;
      idempotent: boolean;
      onProgress?: (progress: CallProgress) => void;
      onTask?: (task: CallTask) => void;
      /** While the server waits on the operator, the call is not timed out for silence. */
      operatorWait?: OperatorWait;
    },
  ): Promise<unknown>;
}

/** The in-process tools (load_skill, search_knowledge). Returns undefined for a name that is not local. */
export interface LocalToolRunner {
  /** `message`: an error the tool composed, as a code for the console (`text` stays what the model reads). */
  run(
    name: string,
    args: Record<string, unknown>,
    conversation: LiveConversation,
  ): Promise<{ text: string; isError: boolean; message?: UiMessage }> | undefined;
}

export interface CallContext {
  conversation: LiveConversation;
  turnId: string;
  step: number;
  /** The catalog snapshot this model call was built from: a rediscovery mid-turn does not change it. */
  catalog: Catalog;
  /** Names sent to the model on this call. */
  visible: ReadonlySet<string>;
  signal: AbortSignal;
  /**
   * A run by hand: the operator named this exact (server, tool), whatever its state, and was told why the model
   * would not see it; visibility and the skill gate are not checked, confirmation and everything after are.
   */
  operatorTarget?: ToolBinding;
}

/** Asks for a decision on a call that needs one: the ApprovalService, or an automatic policy (tests, CLI). */
export type Approver = Pick<ApprovalService, 'request'>;

/** How this proxy's calls are made and recorded; the default is a model's call in a conversation. */
export interface ProxyMode {
  /** Kept in each record (absent = model). */
  actor?: RecordActor;
  /** A replay: a call that may write is answered without being run (NOT_EXECUTED_REPLAY). */
  skipWrites?: boolean;
  /**
   * A test case or a replay: its calls name a server state of their own (the run's id), so a server that honours it
   * answers from fresh seed data, never from (or changing) what a chat did to the live data. Others ignore the key.
   */
  ownServerState?: boolean;
  /** actor `app`: the MCP App (the tool whose interface asked), kept in each record. */
  app?: { server: string; tool: string };
}

/**
 * Every tool call, local or MCP, passes here: visibility and skill gate, confirmation, the call itself
 * (timeout, cancellation, acting identity), result conversion, the execution record. It never throws.
 */
export class ToolProxy {
  constructor(
    private readonly deps: {
      mcp: McpCaller;
      local: LocalToolRunner;
      approvals: Approver;
      records: RecordsStore;
      events: EventSink;
      mode?: ProxyMode;
      /** MCP calls in flight, so a server's elicitation or sampling request is shown with its call. */
      calls?: CallRegistry;
    },
  ) {}

  /** The same proxy for another kind of run: its own actor, approver and event sink. */
  withMode(mode: ProxyMode, overrides: { approvals?: Approver; events?: EventSink } = {}): ToolProxy {
    return new ToolProxy({ ...this.deps, ...overrides, mode });
  }

  async execute(call: ToolCallRequest, ctx: CallContext): Promise<ChatMessage> {
    const binding = ctx.operatorTarget ?? ctx.catalog.bindingsByToolId.get(call.name);
    const startedAt = Date.now();
    const run = this.startRun(call, binding, ctx, startedAt);
    const verdict = await this.verdictOf(run);
    run.trace.stop();
    const finishedAt = Date.now();
    const final = finalItemOf(run, verdict, finishedAt - startedAt);
    const { mode } = this.deps;
    const record = once(() =>
      recordOf(call, ctx, final, recordVerdictOf(verdict, run.span.ids), finishedAt, mode?.actor, mode?.app),
    );
    run.span.end({
      status: verdict.status,
      recordId: final.recordId as string,
      approval: verdict.approval,
      arguments: call.arguments,
      result: () => record().recorded.result,
      error: verdict.error,
    });
    const runningLine = run.running.settle();
    if (runningLine) await this.keepRecordIfFails(runningLine, record);
    this.recordFinal(ctx, final, record, verdict.images, this.groupsLine(ctx, binding));
    return toolMessageOf(final, verdict.images);
  }

  /** The call's item as first shown, and what follows it while it runs: its running line, its trace, its span. */
  private startRun(
    call: ToolCallRequest,
    binding: ToolBinding | undefined,
    ctx: CallContext,
    startedAt: number,
  ): CallRun {
    const item: ToolItem = {
      kind: 'tool',
      id: call.id,
      turnId: ctx.turnId,
      step: ctx.step,
      toolName: call.name,
      server: binding?.server ?? null,
      nodeId: binding?.nodes[0] ?? null,
      arguments: call.arguments,
      status: 'running',
      at: new Date(startedAt).toISOString(),
    };
    // The `running` line is written before an approval is asked or a local tool runs, and for an MCP
    // call only if it is still running RUNNING_LINE_AFTER_MS after it went out; most calls need none.
    // Progress, task status and the server's requests, announced live with the call's current item.
    const trace = new CallTrace(() =>
      this.deps.events.emit('tool.progressed', {
        conversationId: ctx.conversation.id,
        turnId: ctx.turnId,
        item: { ...item, ...trace.fields() },
      }),
    );
    const running = new RunningLine(() => this.progress(ctx, { ...item, ...trace.fields() }));
    const span = startToolSpan({
      call,
      binding,
      operatorTarget: Boolean(ctx.operatorTarget),
      visible: ctx.visible.has(call.name),
      actor: this.deps.mode?.actor,
      signal: ctx.signal,
    });
    return { call, binding, ctx, item, running, asked: {}, trace, span };
  }

  /** The call's verdict: what `decide` made of it, or the error it threw (a stop, if the turn was stopped). */
  private async verdictOf(run: CallRun): Promise<Verdict> {
    try {
      return await this.decide(run);
    } catch (error) {
      const approval = run.asked.approval;
      return run.ctx.signal.aborted
        ? { ...stoppedVerdict(), approval }
        : {
            status: 'error',
            modelText: `Tool error: ${errorText(error)}`,
            error: errorText(error),
            message: failureMessage(error),
            approval,
          };
    }
  }

  /** Waits for the running line; should it fail, the record is kept anyway and the turn fails. */
  private async keepRecordIfFails(runningLine: Promise<void>, record: () => MadeRecord): Promise<void> {
    try {
      await runningLine;
    } catch (error) {
      await this.keepRecord(record()); // the log failed: keep the record anyway
      throw error;
    }
  }

  /**
   * The call's final line carries its record. It is written (and the record indexed, and shown) after this call
   * returns, at the end of this turn of the event loop (or, `group`, with the step's next lines): off the model's path,
   * while the next call is in flight. The turn runner waits for it (`resultsWritten`) before the model reads any
   * result. Should the log fail, the record goes to records.jsonl anyway and the turn fails there.
   */
  private recordFinal(
    ctx: CallContext,
    final: ToolItem,
    record: () => MadeRecord,
    images: ModelImage[] | undefined,
    group: boolean,
  ): void {
    const shown = () =>
      this.deps.events.emit('tool.progressed', {
        conversationId: ctx.conversation.id,
        turnId: ctx.turnId,
        item: final,
      });
    ctx.conversation
      .writeToolResult(
        final,
        () => {
          const made = record();
          return { record: made.bytes, resultTextInRecord: singleTextOf(made.recorded.result) === final.resultText };
        },
        images,
        { group },
      )
      .then(
        () => {
          const made = record();
          this.deps.records.appendDurableElsewhere(made.record, made.bytes);
          shown();
        },
        async () => {
          shown();
          await this.keepRecord(record());
        },
      );
  }

  /** A read-only call in a model turn: its line may share the step's write (not a write, an operator's or a run's). */
  private groupsLine(ctx: CallContext, binding: ToolBinding | undefined): boolean {
    return binding?.readOnly === true && !ctx.operatorTarget && !this.deps.mode;
  }

  /** For a record whose conversation line failed: records.jsonl gets it on its own. */
  private keepRecord(made: MadeRecord): Promise<void> {
    return this.deps.records
      .append({ ...made.record, result: made.recorded.result }, made.recorded.json)
      .catch(() => undefined);
  }

  private async decide(run: CallRun): Promise<Verdict> {
    const gated = gateBeforeLocal(run);
    if (gated) return gated;
    const { call, binding, ctx, running } = run;
    const local = this.deps.local.run(call.name, call.arguments, ctx.conversation);
    if (local) {
      running.now();
      const out = await local;
      return {
        status: out.isError ? 'error' : 'success',
        modelText: out.text,
        recorded: () => recordedResultOf({ text: out.text }, []),
        error: out.isError ? out.text : undefined,
        ...(out.message && { message: out.message }),
      };
    }
    if (!binding) return noSuchTool(call.name);
    const replayRefused = replayWriteRefusal(call.name, binding, this.deps.mode);
    if (replayRefused) return replayRefused;

    const approval = needsConfirmation(binding)
      ? await confirmCall(run, binding, {
          approvals: this.deps.approvals,
          mode: this.deps.mode,
          progress: (item) => this.progress(ctx, item),
        })
      : undefined;
    const notApproved = approval && notApprovedVerdict(approval);
    if (notApproved) return notApproved;
    if (approval && approval.decision !== 'remembered')
      await this.progress(ctx, { ...run.item, status: 'running', approvalId: approval.approvalId });

    const raw = await this.callServer(run, binding);
    const converted = convertToolResult(raw);
    return {
      status: converted.isError ? 'error' : 'success',
      modelText: converted.modelText,
      recorded: () => recordedResultOf(raw, converted.notes),
      error: converted.isError ? converted.modelText.slice(0, 500) : undefined,
      approval,
      images: converted.images,
      parts: converted.parts,
    };
  }

  /** The call itself, to the server that offers the tool, registered while in flight. */
  private async callServer({ call, ctx, running, trace, span }: CallRun, binding: ToolBinding): Promise<unknown> {
    // The turn's signal goes down as it is: the call path adds one abort listener per call and removes it when the
    // call settles (tool-call.ts), and never hands it to the SDK, so a later Stop cancels only calls in flight.
    const active = this.deps.calls?.begin({
      server: binding.server,
      conversationId: ctx.conversation.id,
      turnId: ctx.turnId,
      callId: call.id,
      toolName: call.name,
      signal: ctx.signal,
    });
    if (active) trace.exchanges = active.exchanges;
    try {
      const reply = this.deps.mcp.callTool(binding.server, call.name, call.arguments, {
        signal: ctx.signal,
        meta: span.withTrace({
          [ACTING_IDENTITY_META_KEY]: ctx.conversation.actingIdentity,
          ...(this.deps.mode?.ownServerState && { [RUN_STATE_META_KEY]: ctx.conversation.id }),
        }),
        idempotent: binding.definition.annotations?.idempotentHint === true || binding.readOnly,
        onProgress: trace.onProgress,
        onTask: (task) => {
          active?.setTask(task.taskId);
          trace.onTask(task);
        },
        operatorWait: this.deps.calls?.operatorWait(binding.server),
      });
      running.soon();
      return await reply;
    } finally {
      active?.end();
    }
  }

  private async progress(ctx: CallContext, item: ToolItem): Promise<void> {
    await ctx.conversation.write({ t: 'item', item });
    this.deps.events.emit('tool.progressed', { conversationId: ctx.conversation.id, turnId: ctx.turnId, item });
  }
}

/**
 * The call's item as it ended: its verdict, its trace, how long it took and the id of its record. Built key by key in
 * the order the spread form had (`{ ...item, ...trace.fields(), status, resultText, ... }`), which on Node 20 took the
 * slow path for every key added to the copy: ~20 µs per call in a CPU profile of bench scenario 2's proxy. The running
 * item's keys are those `startRun` gives it.
 */
function finalItemOf({ item, trace }: CallRun, verdict: Verdict, durationMs: number): ToolItem {
  const final: ToolItem = {
    kind: 'tool',
    id: item.id,
    turnId: item.turnId,
    step: item.step,
    toolName: item.toolName,
    server: item.server,
    nodeId: item.nodeId,
    arguments: item.arguments,
    status: verdict.status,
    at: item.at,
  };
  if (trace.progress) final.progress = trace.progress;
  if (trace.task) final.task = trace.task;
  if (trace.exchanges.length) final.exchanges = [...trace.exchanges];
  final.resultText = verdict.modelText;
  // The console's sentence; in English exactly what the card always showed.
  if (verdict.message) final.message = { ...verdict.message, text: verdict.modelText };
  if (verdict.parts?.length) final.parts = verdict.parts;
  final.durationMs = durationMs;
  final.recordId = `r_${randomUUID().slice(0, 12)}`;
  final.approvalId = verdict.approval?.approvalId;
  if (verdict.wouldAskApproval) final.wouldAskApproval = true;
  return final;
}

/** What the record keeps of the verdict, with the span's ids (a literal: see finalItemOf for why not a spread). */
function recordVerdictOf(verdict: Verdict, trace: RecordVerdict['trace']): RecordVerdict {
  return {
    status: verdict.status,
    error: verdict.error,
    message: verdict.message,
    approval: verdict.approval,
    recorded: verdict.recorded,
    trace,
  };
}

/** `make` runs at most once, when first asked. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
