import { randomUUID } from 'node:crypto';
import type { Conversation, ConversationSummary } from '../../../shared/contract';
import type { EventSink } from '../events';
import type { ModelProvider } from '../providers/types';
import { prefetchCatalogTokens } from '../tokens';
import type { ConversationStore } from './conversation-store';
import type { RecordsStore } from './records-store';
import { runTurn, type TurnResult, type TurnRunnerDeps } from './turn-runner';
import { Conflict } from '../errors';
import { say } from '../../../shared/messages';

interface RunningTurn {
  turnId: string;
  controller: AbortController;
  done: Promise<TurnResult>;
}

/** Conversations as the routes and the CLI see them: create, send (a turn runs in the background), stop, delete. */
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

  async create(customerId: string, title?: string): Promise<ConversationSummary> {
    const provider = this.deps.provider();
    const conversation = await this.deps.store.create(customerId, provider.label, title);
    this.changed(conversation.summary.id);
    // While the operator types: the first step records the tools' token counts (counted off the event loop), and the
    // first model call needs the vendor SDK (loading it is the first turn's longest block otherwise).
    prefetchCatalogTokens(this.deps.turn.catalog().catalog);
    provider.prepare?.();
    return { ...conversation.summary, running: false };
  }

  list(): ConversationSummary[] {
    return this.deps.store.summaries((id) => this.running.has(id));
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
      .catch((error: unknown): TurnResult => ({ turnId, status: 'error', error: String(error) }))
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

  private changed(conversationId: string): void {
    this.deps.events.emit('chat.changed', { conversationId });
  }
}
