import type { ApprovalOutcome, ApprovalRequest, ChatItem, Conversation, ConversationSummary, Turn } from '../../../shared/contract';
import type { ChatMessage } from '../providers/types';
import type { JsonlAppender } from './jsonl-file';

/** One line of a conversation's log. Upserts by id, so replaying the log rebuilds the latest state. */
export type ConversationLogLine =
  | { t: 'meta'; summary: Omit<ConversationSummary, 'running'> }
  | { t: 'item'; item: ChatItem }
  /** A turn's status fields; its steps arrive as 'step' lines, so the log grows linearly with the steps. */
  | { t: 'turn'; turn: Omit<Turn, 'steps'> & { steps?: Turn['steps'] } }
  | { t: 'step'; turnId: string; step: Turn['steps'][number] }
  | { t: 'message'; message: ChatMessage }
  | { t: 'skills'; loaded: string[] }
  | { t: 'approved'; tools: string[] }
  | { t: 'approvalRequested'; request: ApprovalRequest }
  | { t: 'approvalResolved'; id: string; outcome: ApprovalOutcome };

/** A conversation's state plus its append-only log; every mutation is written before it is visible. */
export class ConversationRecord {
  summary: Omit<ConversationSummary, 'running'>;
  readonly items: ChatItem[] = [];
  private readonly itemIndex = new Map<string, number>();
  readonly turns: Turn[] = [];
  readonly messages: ChatMessage[] = [];
  loadedSkills: string[] = [];
  approvedForConversation: string[] = [];
  readonly pendingApprovals = new Map<string, ApprovalRequest>();

  constructor(
    summary: Omit<ConversationSummary, 'running'>,
    private readonly log: JsonlAppender,
  ) {
    this.summary = summary;
  }

  static replay(lines: ConversationLogLine[], log: JsonlAppender): ConversationRecord | undefined {
    const meta = lines.find((line) => line.t === 'meta');
    if (!meta || meta.t !== 'meta') return undefined;
    const record = new ConversationRecord(meta.summary, log);
    for (const line of lines) record.apply(line);
    return record;
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

  write(line: ConversationLogLine): Promise<void> {
    this.apply(line);
    if (line.t !== 'meta') this.summary = { ...this.summary, updatedAt: new Date().toISOString() };
    return this.log.append(line);
  }

  writeMeta(): Promise<void> {
    return this.write({ t: 'meta', summary: this.summary });
  }

  sync(): Promise<void> {
    return this.log.sync();
  }

  close(): Promise<void> {
    return this.log.close();
  }

  private apply(line: ConversationLogLine): void {
    switch (line.t) {
      case 'meta':
        this.summary = line.summary;
        break;
      case 'item': {
        const at = this.itemIndex.get(line.item.id);
        if (at === undefined) {
          this.itemIndex.set(line.item.id, this.items.length);
          this.items.push(line.item);
        } else this.items[at] = line.item;
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
        this.pendingApprovals.set(line.request.id, line.request);
        break;
      case 'approvalResolved':
        this.pendingApprovals.delete(line.id);
        break;
    }
  }
}
