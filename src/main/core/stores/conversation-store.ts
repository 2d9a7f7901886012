import { randomUUID } from 'node:crypto';
import { watch } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { makePrivateDir } from '../private-files';
import { join } from 'node:path';
import { Slices } from '../slices';
import type {
  ApprovalOutcome,
  ApprovalRequest,
  ChatItem,
  ConversationSummary,
  ExecutionRecord,
  Turn,
} from '../../../shared/contract';
import type { ToolCallRequest } from '../providers/types';
import { LiveConversation, type ConversationLogLine } from '../agent/conversation';
import { withActingIdentity } from './legacy-identity';
import { JsonlAppender, readJsonLines } from './jsonl-file';
import { NotFound } from '../errors';
import { say } from '../../../shared/messages';

/**
 * How long the final line of a read-only call in a model turn may wait to share one write with the lines after it:
 * the step's end (`resultsWritten`, before the model reads any result) usually writes it sooner. A crash in that
 * window loses only results the model never read, of calls that changed nothing.
 */
const GROUPED_LINE_MS = 50;

const conversationLog = (path: string) => new JsonlAppender(path, GROUPED_LINE_MS);

export const INTERRUPTED = 'interrupted: Switchboard stopped during this turn';

/** An approval that was pending when the host died: never approved, only expired. */
export interface ExpiredApproval {
  conversation: LiveConversation;
  request: ApprovalRequest;
  outcome: ApprovalOutcome;
}

/** A tool call that was running when the host died: it may or may not have reached its server. */
export interface InterruptedCall {
  conversation: LiveConversation;
  item: ToolItem;
  /** The approval it ran under, if it needed one. */
  approval?: ApprovalOutcome;
  interruptedAt: string;
}

/** Conversations on disk: one JSON-lines log per conversation under <dataDir>/conversations. */
export class ConversationStore {
  private readonly conversations = new Map<string, LiveConversation>();
  /** Filled by open(): calls a crash cut off mid-flight, so the runtime can give each its record. */
  readonly interrupted: InterruptedCall[] = [];
  /** Filled by open(): records a crash left only in a conversation log (see RecordsStore.restore). */
  readonly unrecorded: ExecutionRecord[] = [];
  /** Filled by open(): records the index could not vouch for yet (it was still filling), by conversation log. */
  private readonly unsure = new Map<string, Set<string>>();

  /**
   * Conversations another process wrote in this folder (`switchboard chat` beside a running console), found by
   * rescan(): the size read, so one still being written is read again when it grows. This process never writes them.
   */
  private readonly foreign = new Map<string, number>();

  constructor(private readonly dir: string) {}

  /**
   * Picks up what other processes wrote here since: new conversations, and more lines in ones found earlier (not
   * while this process runs a turn in them). Nothing is repaired: the writer may still be at work. Returns the ids
   * that changed.
   */
  async rescan(isRunning: (id: string) => boolean): Promise<string[]> {
    const changed: string[] = [];
    let names: string[];
    try {
      names = (await readdir(this.dir)).filter((n) => n.endsWith('.jsonl'));
    } catch {
      return changed;
    }
    for (const name of names) {
      const id = name.slice(0, -'.jsonl'.length);
      const known = this.conversations.has(id);
      if (known && !this.foreign.has(id)) continue;
      const path = join(this.dir, name);
      const size = await stat(path).then(
        (s) => s.size,
        () => -1,
      );
      if (size < 0 || (known && (this.foreign.get(id) === size || isRunning(id)))) continue;
      const conversation = LiveConversation.replay(
        await readJsonLines<ConversationLogLine>(path),
        conversationLog(path),
      );
      if (!conversation || conversation.summary.id !== id) continue;
      await this.conversations.get(id)?.close();
      this.conversations.set(id, conversation);
      this.foreign.set(id, size);
      changed.push(id);
    }
    return changed;
  }

  /** Calls `onChange` (debounced) when a conversation file appears or changes; returns the stop function. */
  watch(onChange: () => void, debounceMs = 150): () => void {
    let timer: NodeJS.Timeout | undefined;
    let watcher: ReturnType<typeof watch> | undefined;
    try {
      watcher = watch(this.dir, { persistent: false }, (_event, name) => {
        if (name && !name.toString().endsWith('.jsonl')) return;
        clearTimeout(timer);
        timer = setTimeout(onChange, debounceMs);
        timer.unref();
      });
      watcher.on('error', () => watcher?.close()); // rescan on list still finds them
    } catch {
      // A file system without watching: the list's rescan still finds them.
    }
    return () => {
      clearTimeout(timer);
      watcher?.close();
    };
  }

  /**
   * Loads every conversation and repairs what a crash left unfinished; returns the approvals it expired. `hasRecord`
   * says whether records.jsonl holds a record: undefined while its index fills (then `unrecordedAmong` asks again).
   */
  async open(hasRecord: (id: string) => boolean | undefined = () => true): Promise<ExpiredApproval[]> {
    await makePrivateDir(this.dir);
    const expired: ExpiredApproval[] = [];
    const slices = new Slices();
    for (const name of (await readdir(this.dir)).filter((n) => n.endsWith('.jsonl')).sort()) {
      // Lines are read in slices (readJsonLines); between conversations the event loop gets a turn too.
      if (slices.due) await slices.handBack();
      const path = join(this.dir, name);
      const lines = await readJsonLines<ConversationLogLine>(path);
      const conversation = LiveConversation.replay(lines, conversationLog(path));
      if (!conversation) continue;
      this.conversations.set(conversation.summary.id, conversation);
      for (const line of lines) {
        if (line.t !== 'toolResult' || !line.record) continue;
        const known = hasRecord(line.record.id);
        if (known === false) this.unrecorded.push(withActingIdentity(line.record));
        // Only the id is kept (not the record, with its result): the few that turn out missing are read again.
        else if (known === undefined) this.unsure.set(path, (this.unsure.get(path) ?? new Set()).add(line.record.id));
      }
      const outcomes = new Map(
        lines.flatMap((line) => (line.t === 'approvalResolved' ? [[line.id, line.outcome] as const] : [])),
      );
      expired.push(
        ...(await repairInterrupted(conversation, (call) =>
          this.interrupted.push({
            ...call,
            approval: call.item.approvalId ? outcomes.get(call.item.approvalId) : undefined,
          }),
        )),
      );
    }
    return expired;
  }

  /** The records open() could not check, that records.jsonl turned out not to hold (read again from their logs). */
  async unrecordedAmong(hasRecord: (id: string) => boolean): Promise<ExecutionRecord[]> {
    const missing: ExecutionRecord[] = [];
    for (const [path, ids] of this.unsure) {
      for (const id of ids) if (hasRecord(id)) ids.delete(id);
      if (ids.size === 0) continue;
      for (const line of await readJsonLines<ConversationLogLine>(path))
        if (line.t === 'toolResult' && line.record && ids.has(line.record.id))
          missing.push(withActingIdentity(line.record));
    }
    this.unsure.clear();
    return missing;
  }

  async create(actingIdentity: string, modelLabel: string, title?: string): Promise<LiveConversation> {
    const id = `c_${randomUUID().slice(0, 12)}`;
    const now = new Date().toISOString();
    const conversation = new LiveConversation(
      { id, title: title || 'New conversation', actingIdentity, modelLabel, createdAt: now, updatedAt: now },
      conversationLog(join(this.dir, `${id}.jsonl`)),
    );
    // Known before its file exists: a rescan that sees the file meanwhile must not take it for another process's.
    this.conversations.set(id, conversation);
    await conversation.writeMeta();
    return conversation;
  }

  get(id: string): LiveConversation {
    const conversation = this.conversations.get(id);
    if (!conversation) throw new NotFound(say('agent.conversationNotFound', { id }));
    return conversation;
  }

  list(): LiveConversation[] {
    return [...this.conversations.values()].sort((a, b) => b.summary.updatedAt.localeCompare(a.summary.updatedAt));
  }

  summaries(isRunning: (id: string) => boolean): ConversationSummary[] {
    return this.list().map((c) => ({ ...c.summary, running: isRunning(c.summary.id) }));
  }

  async delete(id: string): Promise<boolean> {
    const conversation = this.conversations.get(id);
    if (!conversation) return false;
    await conversation.close();
    await rm(join(this.dir, `${id}.jsonl`), { force: true });
    // Forgotten only once its file is gone: a rescan meanwhile must not take the file for another process's.
    this.conversations.delete(id);
    this.foreign.delete(id);
    return true;
  }

  async close(): Promise<void> {
    await Promise.all([...this.conversations.values()].map((c) => c.close()));
  }
}

type ToolItem = Extract<ChatItem, { kind: 'tool' }>;
type OnInterrupted = (call: Omit<InterruptedCall, 'approval'>) => void;

/** After a crash: pending approvals expire, running calls and turns stop, and every call the model made is answered. */
async function repairInterrupted(
  conversation: LiveConversation,
  onInterrupted: OnInterrupted,
): Promise<ExpiredApproval[]> {
  const now = new Date().toISOString();
  const expired = await expirePendingApprovals(conversation, now);
  await stopUnfinishedItems(conversation, now, onInterrupted);
  const runningTurn = conversation.turns.findLast((turn) => turn.status === 'running');
  await stopRunningTurns(conversation, now);
  await answerUnansweredCalls(conversation, runningTurn, now, onInterrupted);
  return expired;
}

async function expirePendingApprovals(conversation: LiveConversation, now: string): Promise<ExpiredApproval[]> {
  const expired: ExpiredApproval[] = [];
  for (const request of [...conversation.pendingApprovals.values()]) {
    const outcome: ApprovalOutcome = {
      approvalId: request.id,
      decision: 'expired',
      reason: say('approval.expiredOnRestart').text,
      reasonMessage: say('approval.expiredOnRestart'),
      decidedBy: 'system',
      decidedAt: now,
      argumentsHash: request.argumentsHash,
    };
    await conversation.write({ t: 'approvalResolved', id: request.id, outcome });
    expired.push({ conversation, request, outcome });
  }
  return expired;
}

/** A running call stops (and is reported as interrupted); one that was waiting for approval is rejected. */
async function stopUnfinishedItems(
  conversation: LiveConversation,
  now: string,
  onInterrupted: OnInterrupted,
): Promise<void> {
  for (const item of conversation.items) {
    if (item.kind === 'tool' && item.status === 'running') onInterrupted({ conversation, item, interruptedAt: now });
    if (item.kind === 'tool' && (item.status === 'running' || item.status === 'awaiting_approval'))
      await conversation.write({
        t: 'item',
        item: {
          ...item,
          status: item.status === 'awaiting_approval' ? 'rejected' : 'stopped',
          resultText: INTERRUPTED,
          message: say('call.interrupted'),
        },
      });
  }
}

async function stopRunningTurns(conversation: LiveConversation, now: string): Promise<void> {
  for (const turn of conversation.turns) {
    if (turn.status === 'running') {
      const { steps: _steps, ...fields } = turn;
      await conversation.write({
        t: 'turn',
        turn: {
          ...fields,
          status: 'stopped',
          error: INTERRUPTED,
          errorMessage: say('turn.interrupted'),
          finishedAt: now,
        },
      });
    }
  }
}

/**
 * Every tool call the model made must have an answer, or the next provider request is malformed. A fast call's
 * `running` line is never written (see RunningLine): a crash while it ran leaves a call with no item, which gets one.
 */
async function answerUnansweredCalls(
  conversation: LiveConversation,
  runningTurn: Turn | undefined,
  now: string,
  onInterrupted: OnInterrupted,
): Promise<void> {
  const answered = new Set(conversation.messages.flatMap((m) => (m.role === 'tool' ? [m.toolCallId] : [])));
  const known = new Set(conversation.items.map((item) => item.id));
  for (const message of [...conversation.messages]) {
    if (message.role !== 'assistant') continue;
    for (const call of message.toolCalls ?? []) {
      if (answered.has(call.id)) continue;
      if (!known.has(call.id) && runningTurn) {
        const item = itemOfUnrecordedCall(call, runningTurn, now);
        onInterrupted({ conversation, item, interruptedAt: now });
        await conversation.write({
          t: 'item',
          item: { ...item, status: 'stopped', resultText: INTERRUPTED, message: say('call.interrupted') },
        });
      }
      await conversation.write({
        t: 'message',
        message: { role: 'tool', toolCallId: call.id, name: call.name, content: INTERRUPTED, isError: true },
      });
    }
  }
}

/** Its turn is the one that was running, its step that turn's last, its server the one that step's visible set named. */
function itemOfUnrecordedCall(call: ToolCallRequest, runningTurn: Turn, now: string): ToolItem {
  const step = runningTurn.steps.at(-1);
  const source = step?.tools.find((tool) => tool.name === call.name)?.source;
  return {
    kind: 'tool',
    id: call.id,
    turnId: runningTurn.id,
    step: step?.step ?? 1,
    toolName: call.name,
    server: source && source !== 'local' ? source : null,
    nodeId: null,
    arguments: call.arguments,
    status: 'running',
    at: now,
  };
}
