import { create } from 'zustand';
import type { EventPayload } from '../../../../shared/contract';

/** Assistant text as it streams, before chat.get has the finished item. */
export interface StreamEntry {
  conversationId: string;
  turnId: string;
  itemId: string;
  step: number;
  text: string;
}

/** A tool call (of a tool with an MCP App) whose input the model is still writing: its raw JSON so far. */
export type StreamedToolInput = EventPayload<'chat.toolInputPartial'>;

interface ChatStreamState {
  /** Keyed by the assistant item id the finished message will carry. */
  entries: Record<string, StreamEntry>;
  /** Keyed by call id, which the call's tool item will carry. */
  toolInputs: Record<string, StreamedToolInput>;
  applyDelta: (delta: EventPayload<'chat.delta'>) => void;
  applyToolInput: (input: StreamedToolInput) => void;
  /** Drops the stream copies of items chat.get now holds: the persisted text wins. */
  dropPersisted: (persistedItemIds: Iterable<string>) => void;
  clearConversation: (conversationId: string) => void;
}

/** A pushed stream, not query data: it only lives until main's copy of the item arrives. */
export const useChatStreamStore = create<ChatStreamState>((set) => ({
  entries: {},
  toolInputs: {},
  applyToolInput: (input) => set((state) => ({ toolInputs: { ...state.toolInputs, [input.callId]: input } })),
  applyDelta: ({ conversationId, turnId, itemId, step, delta }) =>
    set((state) => {
      const previous = state.entries[itemId];
      const text = (previous?.text ?? '') + delta;
      return { entries: { ...state.entries, [itemId]: { conversationId, turnId, itemId, step, text } } };
    }),
  dropPersisted: (persistedItemIds) =>
    set((state) => {
      const ids = [...persistedItemIds];
      const doomed = ids.filter((id) => id in state.entries);
      const doomedInputs = ids.filter((id) => id in state.toolInputs);
      if (doomed.length === 0 && doomedInputs.length === 0) return state;
      const entries = { ...state.entries };
      for (const id of doomed) delete entries[id];
      const toolInputs = { ...state.toolInputs };
      for (const id of doomedInputs) delete toolInputs[id];
      return { entries, toolInputs };
    }),
  clearConversation: (conversationId) =>
    set((state) => {
      const kept = Object.values(state.entries).filter((entry) => entry.conversationId !== conversationId);
      const keptInputs = Object.values(state.toolInputs).filter((input) => input.conversationId !== conversationId);
      if (
        kept.length === Object.keys(state.entries).length &&
        keptInputs.length === Object.keys(state.toolInputs).length
      )
        return state;
      return {
        entries: Object.fromEntries(kept.map((entry) => [entry.itemId, entry])),
        toolInputs: Object.fromEntries(keptInputs.map((input) => [input.callId, input])),
      };
    }),
}));

/** The stream copies still worth showing for a conversation: those main has not persisted yet, in arrival order. */
export function pendingStreams(
  entries: Record<string, StreamEntry>,
  conversationId: string,
  persistedItemIds: ReadonlySet<string>,
): StreamEntry[] {
  return Object.values(entries).filter(
    (entry) => entry.conversationId === conversationId && !persistedItemIds.has(entry.itemId),
  );
}

/** The streamed tool inputs of a conversation whose tool item main has not reported yet. */
export function pendingToolInputs(
  toolInputs: Record<string, StreamedToolInput>,
  conversationId: string,
  persistedItemIds: ReadonlySet<string>,
): StreamedToolInput[] {
  return Object.values(toolInputs).filter(
    (input) => input.conversationId === conversationId && !persistedItemIds.has(input.callId),
  );
}
