import type {
  ApprovalOutcome,
  ApprovalRequest,
  ChatItem,
  Conversation,
  ConversationSummary,
  ExecutionRecord,
  Turn,
} from '../../../shared/contract';
import type { ChatMessage, ModelImage } from '../providers/types';
import { modelImagesOf } from './tool-result';
import type { JsonlAppender, LineLocation } from '../stores/jsonl-file';
import { withActingIdentity } from '../stores/legacy-identity';
import type { UiMessage } from '../../../shared/i18n-message';
import { say } from '../../../shared/messages';
import { errorText } from '../../../shared/error-text';

/** Where a conversation's lines go: its JSON-lines file, or memory for a run nobody keeps (a replay, a test case). */
export type ConversationLog = Pick<JsonlAppender, 'append' | 'appendDeferred' | 'writePending' | 'sync' | 'close'>;

/** A log that keeps nothing: the record is the in-memory state (the records of its calls still go to records.jsonl). */
export const memoryLog = (): ConversationLog => {
  const nowhere = { offset: 0, length: 0 };
  return {
    append: () => Promise.resolve(nowhere),
    appendDeferred: () => Promise.resolve(nowhere),
    writePending: () => undefined,
    sync: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
};

/** A tool call's chat item. */
export type ToolItem = Extract<ChatItem, { kind: 'tool' }>;

/** One line of a conversation's log. Upserts by id, so replaying the log rebuilds the latest state. */
export type ConversationLogLine =
  | { t: 'meta'; summary: Omit<ConversationSummary, 'running'> }
  | { t: 'item'; item: ChatItem }
  /** A turn's status fields; its steps arrive as 'step' lines, so the log grows linearly with the steps. */
  | { t: 'turn'; turn: Omit<Turn, 'steps'> & { steps?: Turn['steps'] } }
  | { t: 'step'; turnId: string; step: Turn['steps'][number] }
  | { t: 'message'; message: ChatMessage }
  /**
   * A tool call's final item; the tool message the model reads is derived from it (one line, the text
   * once). `record` is the call's execution record, so it is durable with this line; records.jsonl gets
   * it a moment later (see RecordsStore.appendDurableElsewhere). Not kept in memory here.
   */
  | {
      t: 'toolResult';
      item: Extract<ChatItem, { kind: 'tool' }>;
      record?: ExecutionRecord;
      /** The item's resultText was left out: it is the record's one text content (written once, not twice). */
      resultTextInRecord?: true;
    }
  | { t: 'skills'; loaded: string[] }
  | { t: 'approved'; tools: string[] }
  | { t: 'approvalRequested'; request: ApprovalRequest }
  | { t: 'approvalResolved'; id: string; outcome: ApprovalOutcome };

export class ConversationLogError extends Error {
  override readonly name = 'ConversationLogError';
  /** The same sentence as a code for the console; the file system's words are a verbatim param. */
  readonly uiMessage: UiMessage;
  constructor(detail: string) {
    const message = say('turn.logNotWritten', { detail });
    super(message.text);
    this.uiMessage = message;
  }
}

/** A conversation held in memory (its items, turns, model messages) and backed by its append-only log; every mutation is written before it is visible. */
export class LiveConversation {
  private base: Omit<ConversationSummary, 'running'>;
  /** Time of the latest write not yet in `base.updatedAt`: stamped when the summary is read, not per line. */
  private touchedAt = 0;
  readonly items: ChatItem[] = [];
  private readonly itemIndex = new Map<string, number>();
  readonly turns: Turn[] = [];
  readonly messages: ChatMessage[] = [];
  loadedSkills: string[] = [];
  approvedForConversation: string[] = [];
  readonly pendingApprovals = new Map<string, ApprovalRequest>();
  /** Why a tool result's line failed to be written, until resultsWritten() reports it. */
  private unwrittenResult: unknown;

  constructor(
    summary: Omit<ConversationSummary, 'running'>,
    private readonly log: ConversationLog,
  ) {
    this.base = summary;
  }

  get summary(): Omit<ConversationSummary, 'running'> {
    if (this.touchedAt) {
      this.base = { ...this.base, updatedAt: new Date(this.touchedAt).toISOString() };
      this.touchedAt = 0;
    }
    return this.base;
  }

  set summary(summary: Omit<ConversationSummary, 'running'>) {
    this.base = summary;
    this.touchedAt = 0;
  }

  /** Never changes: read without stamping the summary. */
  get id(): string {
    return this.base.id;
  }

  get actingIdentity(): string {
    return this.base.actingIdentity;
  }

  static replay(lines: ConversationLogLine[], log: ConversationLog): LiveConversation | undefined {
    const meta = lines.find((line) => line.t === 'meta');
    if (!meta || meta.t !== 'meta') return undefined;
    const conversation = new LiveConversation(withActingIdentity(meta.summary), log);
    for (const line of lines) conversation.apply(line);
    return conversation;
  }

  view(running: boolean): Conversation {
    return {
      ...this.summary,
      running,
      items: this.items,
      turns: this.turns,
      loadedSkills: this.loadedSkills,
      approvedForConversation: this.approvedForConversation,
    };
  }

  write(line: ConversationLogLine): Promise<unknown> {
    this.apply(line);
    if (line.t !== 'meta') this.touchedAt = Date.now();
    return this.log.append(line);
  }

  /**
   * A call's final line. The item is final in memory at once; the line, carrying the item and the call's
   * execution record (`line()` makes the record's JSON then), is written at the end of this turn of the
   * event loop, while the caller goes on. `resultsWritten()` holds the model back until it is.
   * `resultTextInRecord`: the item's resultText equals the record result's one text content, so the line
   * carries it once (replay restores it from the record). `group`: the line may wait a little longer to share one
   * write with the next ones (a read-only call in a model turn: see the conversation store).
   */
  writeToolResult(
    item: ToolItem,
    line: () => { record: Uint8Array; resultTextInRecord: boolean },
    images: ModelImage[] = [],
    { group = false } = {},
  ): Promise<LineLocation> {
    this.apply({ t: 'toolResult', item }, images);
    this.touchedAt = Date.now();
    const written = this.log.appendDeferred(
      () => {
        // The record's bytes are the very ones records.jsonl gets: encoded once for both files.
        const { record, resultTextInRecord } = line();
        if (!resultTextInRecord) return [`{"t":"toolResult","item":${JSON.stringify(item)},"record":`, record, '}'];
        // JSON leaves the undefined key out; a rest copy (`{ resultText, ...withoutText }`) cost more on Node 20.
        const head = `{"t":"toolResult","item":${JSON.stringify({ ...item, resultText: undefined })},"record":`;
        return [head, record, ',"resultTextInRecord":true}'];
      },
      { group },
    );
    written.catch((error: unknown) => {
      this.unwrittenResult ??= error;
    });
    return written;
  }

  /**
   * Writes the tool results still waiting, before the model reads them: a result the log could not keep
   * fails the turn here (its record is kept in records.jsonl), so the model never acts on an unlogged one.
   */
  async resultsWritten(): Promise<void> {
    this.log.writePending();
    await null; // the failed lines' handlers (above) run first
    const failure = this.unwrittenResult;
    this.unwrittenResult = undefined;
    if (failure !== undefined) throw new ConversationLogError(errorText(failure));
  }

  /** A new title, as a meta line: the log replays to the latest one, so it survives a restart. */
  rename(title: string): Promise<unknown> {
    return this.write({ t: 'meta', summary: { ...this.summary, title, updatedAt: new Date().toISOString() } });
  }

  writeMeta(): Promise<unknown> {
    return this.write({ t: 'meta', summary: this.summary });
  }

  sync(): Promise<void> {
    return this.log.sync();
  }

  close(): Promise<void> {
    return this.log.close();
  }

  private upsertItem(item: ChatItem): void {
    const at = this.itemIndex.get(item.id);
    if (at === undefined) {
      this.itemIndex.set(item.id, this.items.length);
      this.items.push(item);
    } else this.items[at] = item;
  }

  /** `images`: a live call's images for the model; a replayed line finds them in its record. */
  private apply(line: ConversationLogLine, images?: ModelImage[]): void {
    switch (line.t) {
      case 'meta':
        this.base = withActingIdentity(line.summary);
        this.touchedAt = 0;
        break;
      case 'item':
        this.upsertItem(line.item);
        break;
      case 'toolResult': {
        const item = line.resultTextInRecord
          ? { ...line.item, resultText: singleTextOf(line.record?.result) ?? '' }
          : line.item;
        this.upsertItem(item);
        this.messages.push(
          toolMessageOf(item, images ?? (item.parts?.length ? modelImagesOf(line.record?.result) : [])),
        );
        break;
      }
      case 'turn': {
        const at = this.turns.findIndex((turn) => turn.id === line.turn.id);
        // Older logs carry the steps inside the turn line; newer ones send them as 'step' lines.
        const steps = line.turn.steps ?? (at === -1 ? [] : this.turns[at].steps);
        if (at === -1) this.turns.push({ ...line.turn, steps });
        else this.turns[at] = { ...line.turn, steps };
        break;
      }
      case 'step': {
        const turn = this.turns.find((t) => t.id === line.turnId);
        if (turn) this.turns[this.turns.indexOf(turn)] = { ...turn, steps: [...turn.steps, line.step] };
        break;
      }
      case 'message':
        this.messages.push(line.message);
        break;
      case 'skills':
        this.loadedSkills = line.loaded;
        break;
      case 'approved':
        this.approvedForConversation = line.tools;
        break;
      case 'approvalRequested':
        this.pendingApprovals.set(line.request.id, withActingIdentity(line.request));
        break;
      case 'approvalResolved':
        this.pendingApprovals.delete(line.id);
        break;
    }
  }
}

/** What the model reads for a finished call: its result text (and images), an error unless the call succeeded. */
export function toolMessageOf(item: Extract<ChatItem, { kind: 'tool' }>, images: ModelImage[] = []): ChatMessage {
  return {
    role: 'tool',
    toolCallId: item.id,
    name: item.toolName,
    content: item.resultText ?? '',
    isError: item.status !== 'success',
    ...(images.length && { images }),
  };
}

/** The text of a tool result made of exactly one text content item, else undefined. */
export function singleTextOf(result: unknown): string | undefined {
  const content = (result as { content?: unknown } | null | undefined)?.content;
  if (!Array.isArray(content) || content.length !== 1) return undefined;
  const only = content[0] as { type?: unknown; text?: unknown } | null;
  return only?.type === 'text' && typeof only.text === 'string' ? only.text : undefined;
}
