import { randomUUID } from 'node:crypto';
import type { Conversation, ConversationSummary } from '../../../shared/contract';
import type { EventSink } from '../events';
import type { ModelProvider } from '../providers/types';
import { prefetchCatalogTokens } from '../tokens';
import type { ConversationStore } from '../stores/conversation-store';
import type { RecordsStore } from '../stores/records-store';
import { runTurn, type TurnResult, type TurnRunnerDeps } from './turn-runner';
import { Conflict } from '../errors';
import { say } from '../../../shared/messages';
import { carriedMessage, type UiMessage } from '../../../shared/i18n-message';
import type { LiveConversation } from './conversation';
import { errorText } from '../../../shared/error-text';

interface RunningTurn {
  turnId: string;
  controller: AbortController;
  done: Promise<TurnResult>;
}

/** Conversations as the routes and the CLI see them: create, send (a turn runs in the background), stop, rename, delete. */
export class AgentService {
  private readonly running = new Map<string, RunningTurn>();

  constructor(
    private readonly deps: {
      store: ConversationStore;
      records: RecordsStore;
      events: EventSink;
      turn: TurnRunnerDeps;
      /** Built per turn from the current config, so a provider change applies to the next turn. */
      provider: () => ModelProvider;
    },
  ) {}

  async create(actingIdentity: string, title?: string): Promise<ConversationSummary> {
    const provider = this.deps.provider();
    const conversation = await this.deps.store.create(actingIdentity, provider.label, title);
    this.changed(conversation.summary.id);
    // While the operator types: the first step records the tools' token counts (counted off the event loop), and the
    // first model call needs the vendor SDK (loading it is the first turn's longest block otherwise).
    prefetchCatalogTokens(this.deps.turn.catalog().catalog);
    provider.prepare?.();
    return { ...conversation.summary, running: false };
  }

  /** Every conversation, those another process (`switchboard chat`) wrote in the same data directory included. */
  async list(): Promise<ConversationSummary[]> {
    await this.rescan();
    return this.deps.store.summaries((id) => this.running.has(id));
  }

  /** Reads what other processes wrote in the conversations folder since; each change is announced (chat.changed). */
  async rescan(): Promise<void> {
    for (const id of await this.deps.store.rescan((id) => this.running.has(id))) this.changed(id);
  }

  get(id: string): Conversation {
    return this.deps.store.get(id).view(this.running.has(id));
  }

  /** Starts a turn and returns its id at once; the outcome arrives as events (and through `wait`). */
  send(id: string, text: string): { turnId: string; done: Promise<TurnResult> } {
    const conversation = this.deps.store.get(id);
    if (this.running.has(id)) throw new Conflict(say('agent.turnRunning'));
    const provider = this.deps.provider();
    const controller = new AbortController();
    const turnId = `t_${randomUUID().slice(0, 12)}`;
    const done = runTurn(this.deps.turn, provider, conversation, text, controller.signal, turnId)
      .catch((error: unknown): TurnResult => this.failedOutsideRunner(conversation, turnId, error))
      .finally(() => {
        this.running.delete(id);
        this.changed(id);
      });
    this.running.set(id, { turnId, controller, done });
    this.changed(id);
    return { turnId, done };
  }

  /** Aborts the model stream, any in-flight tool call (MCP cancellation) and pending approvals. */
  stop(id: string): boolean {
    this.deps.store.get(id);
    const turn = this.running.get(id);
    if (!turn) return false;
    // The reason travels to servers in notifications/cancelled.
    turn.controller.abort(new Error('stopped by the operator'));
    return true;
  }

  async rename(id: string, title: string): Promise<ConversationSummary> {
    const conversation = this.deps.store.get(id);
    await conversation.rename(title);
    this.changed(id);
    return { ...conversation.summary, running: this.running.has(id) };
  }

  async delete(id: string): Promise<boolean> {
    const turn = this.running.get(id);
    if (turn) {
      turn.controller.abort(new Error('the conversation was deleted'));
      await turn.done;
    }
    this.deps.records.flush(); // its calls' records may still be waiting in its log only
    const deleted = await this.deps.store.delete(id);
    if (deleted) this.changed(id);
    return deleted;
  }

  async close(): Promise<void> {
    const turns = [...this.running.values()];
    for (const turn of turns) turn.controller.abort(new Error('Switchboard is shutting down'));
    await Promise.all(turns.map((t) => t.done));
  }

  /**
   * The turn runner ends its own failures; this is one it could not (its log failed before or after its own
   * handling, a bug). The turn still ends, in error, with the reason as a code the console translates: the CLI
   * keeps printing the error as it is.
   */
  private failedOutsideRunner(conversation: LiveConversation, turnId: string, error: unknown): TurnResult {
    const errorMessage = turnFailureMessage(error);
    const turn = conversation.turns.find((t) => t.id === turnId);
    if (turn?.status === 'running') {
      const { steps: _steps, ...fields } = turn;
      const ended = {
        ...fields,
        status: 'error' as const,
        finishedAt: new Date().toISOString(),
        error: errorMessage.text,
        errorMessage,
      };
      // Shown at once (memory first); the line itself may fail again if the log is what broke.
      try {
        conversation.write({ t: 'turn', turn: ended }).catch(() => undefined);
      } catch {
        // the log refused at once: the turn in memory has ended all the same
      }
    }
    this.deps.events.emit('turn.finished', {
      conversationId: conversation.summary.id,
      turnId,
      status: 'error',
      error: errorMessage.text,
    });
    return { turnId, status: 'error', error: String(error), errorMessage };
  }

  private changed(conversationId: string): void {
    this.deps.events.emit('chat.changed', { conversationId });
  }
}

/** A turn's failure as the console shows it: a known error's own code, anything else a generic code with its words. */
export function turnFailureMessage(error: unknown): UiMessage {
  return carriedMessage(error) ?? say('turn.failed', { detail: errorText(error) });
}
