import type {
  ApprovalRequest,
  ChatItem,
  EventName,
  EventPayload,
  ModelStep,
  ServerRequestView,
} from '../../shared/contract';
import type { CliIo } from './io';
import { callRan } from '../../shared/call-ran';

type ToolItem = Extract<ChatItem, { kind: 'tool' }>;

/** Where a chat run's lines go: one JSON object per line with --json, readable text otherwise. */
interface ChatOutput {
  json: boolean;
  emit(value: Record<string, unknown>): void;
  line(text: string): void;
}

/** Prints a chat run as it happens: the conversation, its turns and every core event the run subscribes to. */
export function createPrinter(io: CliIo, json: boolean) {
  const out: ChatOutput = { json, emit: (value) => io.stdout(JSON.stringify(value)), line: (text) => io.stdout(text) };
  const assistant = createAssistantText(out);
  const calls = createCallLines(out);
  return {
    flush: assistant.flush,
    header(id: string, model: string, actingIdentity: string) {
      // `customer` in --json output: its name since the first version, kept for scripts that read it.
      if (json) out.emit({ type: 'conversation.created', conversationId: id, model, customer: actingIdentity });
      else out.line(`conversation ${id} · ${model} · acting as ${actingIdentity}`);
    },
    user(message: string) {
      if (json) out.emit({ type: 'user.message', text: message });
      else out.line(`\nuser: ${message}`);
    },
    turnFinished(status: string, error?: string) {
      if (json) out.emit({ type: 'turn.finished', status, ...(error ? { error } : {}) });
      else if (status !== 'completed') out.line(`(turn ${status}${error ? `: ${error}` : ''})`);
    },
    event(name: EventName, payload: unknown) {
      if (name === 'chat.delta') {
        const { itemId, delta } = payload as { itemId: string; delta: string };
        assistant.append(itemId, delta);
        return;
      }
      // The model's words so far come before whatever the step, call or question prints.
      if (name === 'turn.stepStarted' || name === 'tool.progressed' || name === 'approvals.requested')
        assistant.flush();
      if (name === 'turn.stepStarted') printStepStarted(out, (payload as { step: ModelStep }).step);
      else if (name === 'tool.progressed') calls.progressed((payload as { item: ToolItem }).item);
      else if (name === 'approvals.requested') calls.approvalRequested(payload as ApprovalRequest);
      else if (name === 'requests.opened' && json) printRequestOpened(out, payload as ServerRequestView);
      else if (name === 'requests.resolved') printRequestResolved(out, payload as EventPayload<'requests.resolved'>);
      else if (name === 'approvals.resolved') printApprovalResolved(out, payload as ApprovalResolvedPayload);
    },
  };
}

/** The assistant's streamed text, held per item and printed whole when something else is about to print. */
function createAssistantText(out: ChatOutput) {
  const text = new Map<string, string>();
  return {
    append(itemId: string, delta: string) {
      text.set(itemId, (text.get(itemId) ?? '') + delta);
    },
    flush() {
      for (const [itemId, body] of text) {
        if (out.json) out.emit({ type: 'assistant.message', itemId, text: body });
        else out.line(`assistant: ${body}`);
      }
      text.clear();
    },
  };
}

/** The lines of tool calls: the call once, its live progress once per change, and its result. */
function createCallLines(out: ChatOutput) {
  const announced = new Set<string>();
  /** The last progress / task line printed per call, so a repeated poll prints nothing. */
  const lastLive = new Map<string, string>();
  /** The call line, once per call: from its first tool.progressed, or from its approval request if that comes first. */
  const announce = (id: string, tool: string, server: string | null | undefined, args: unknown) => {
    if (announced.has(id)) return;
    announced.add(id);
    if (out.json) out.emit({ type: 'tool.call', tool, server, arguments: args });
    else out.line(`  → ${tool}${server ? ` @${server}` : ''} ${JSON.stringify(args)}`);
  };
  /** A running call's progress and task status, once per change. */
  const printLive = (item: ToolItem) => {
    if (item.status !== 'running') return;
    const line = liveLine(item);
    if (!line || lastLive.get(item.id) === line) return;
    lastLive.set(item.id, line);
    const { progress, task } = item;
    if (out.json)
      out.emit({ type: 'tool.progress', tool: item.toolName, ...(progress && { progress }), ...(task && { task }) });
    else out.line(`  … ${item.toolName} ${line}`);
  };
  return {
    progressed(item: ToolItem) {
      announce(item.id, item.toolName, item.server, item.arguments);
      printLive(item);
      if (FINISHED_CALL_STATUSES.includes(item.status)) printCallResult(out, item);
    },
    /** The request can arrive before the call's first progress event: the call line comes first. */
    approvalRequested(request: ApprovalRequest) {
      announce(request.callId, request.toolName, request.server, request.arguments);
      printApprovalRequested(out, request);
    },
  };
}

const FINISHED_CALL_STATUSES: readonly string[] = ['success', 'error', 'rejected', 'blocked', 'stopped'];

/** "3/10 reading · task working: step 2", or '' when the call reports neither. */
function liveLine({ progress, task }: ToolItem): string {
  return [
    progress &&
      `${progress.progress}${progress.total !== undefined ? `/${progress.total}` : ''}${progress.message ? ` ${progress.message}` : ''}`,
    task && `task ${task.status}${task.statusMessage ? `: ${task.statusMessage}` : ''}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

function printStepStarted(out: ChatOutput, step: ModelStep): void {
  const tools = step.tools.map((t) => t.name);
  if (out.json) out.emit({ type: 'turn.visibleTools', step: step.step, tools, tokens: step.totalTokens });
  else out.line(`  · step ${step.step}: the model sees ${tools.join(', ')} (~${step.totalTokens} tokens)`);
}

function printCallResult(out: ChatOutput, item: ToolItem): void {
  const { toolName: tool, status, durationMs, resultText: text, exchanges } = item;
  if (out.json)
    out.emit({
      type: 'tool.result',
      tool,
      status,
      durationMs,
      text,
      ...(exchanges && { exchanges: exchanges.length }),
    });
  else out.line(`  ← ${tool} ${status}${durationMs !== undefined && callRan(item) ? ` (${durationMs} ms)` : ''}`);
}

function printApprovalRequested(out: ChatOutput, r: ApprovalRequest): void {
  if (out.json)
    out.emit({
      type: 'approval.requested',
      id: r.id,
      tool: r.toolName,
      arguments: r.arguments,
      hints: r.hints,
      policy: r.policy,
      customer: r.actingIdentity,
    });
  else
    out.line(
      `  ? approval needed for ${r.toolName} ${JSON.stringify(r.arguments)}${r.actingIdentity ? ` (acting as ${r.actingIdentity})` : ''}`,
    );
}

/** Printed in --json output only. */
function printRequestOpened(out: ChatOutput, r: ServerRequestView): void {
  out.emit({
    type: 'request.opened',
    id: r.id,
    kind: r.kind,
    server: r.server,
    tool: r.toolName,
    ...(r.kind === 'elicitation' ? { mode: r.mode, message: r.message, url: r.url } : { request: r.request }),
  });
}

function printRequestResolved(out: ChatOutput, { exchange }: EventPayload<'requests.resolved'>): void {
  if (out.json)
    out.emit({
      type: 'request.resolved',
      id: exchange.id,
      kind: exchange.kind,
      server: exchange.server,
      outcome: exchange.outcome,
      decidedBy: exchange.decidedBy,
      reason: exchange.reason,
      response: exchange.response,
    });
  else
    out.line(
      `  ! ${exchange.server} ${exchange.kind === 'elicitation' ? 'question' : 'sampling request'}: ${exchange.outcome} by ${exchange.decidedBy}${exchange.reason ? ` (${exchange.reason})` : ''}`,
    );
}

interface ApprovalResolvedPayload {
  outcome: { decision: string; reason?: string; decidedBy: string };
}

function printApprovalResolved(out: ChatOutput, { outcome }: ApprovalResolvedPayload): void {
  if (out.json)
    out.emit({
      type: 'approval.resolved',
      decision: outcome.decision,
      reason: outcome.reason,
      decidedBy: outcome.decidedBy,
    });
  else out.line(`  ! ${outcome.decision} by ${outcome.decidedBy}${outcome.reason ? `: ${outcome.reason}` : ''}`);
}
