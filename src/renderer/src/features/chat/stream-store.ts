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

interface ChatStreamState {
  /** Keyed by the assistant item id the finished message will carry. */
  entries: Record<string, StreamEntry>;
  applyDelta: (delta: EventPayload<'chat.delta'>) => void;
  /** Drops the stream copies of items chat.get now holds: the persisted text wins. */
  dropPersisted: (persistedItemIds: Iterable<string>) => void;
  clearConversation: (conversationId: string) => void;
}

/** A pushed stream, not query data: it only lives until main's copy of the item arrives. */
export const useChatStreamStore = create<ChatStreamState>((set) => ({
  entries: {},
  applyDelta: ({ conversationId, turnId, itemId, step, delta }) =>
    set((state) => {
      const previous = state.entries[itemId];
      const text = (previous?.text ?? '') + delta;
      return { entries: { ...state.entries, [itemId]: { conversationId, turnId, itemId, step, text } } };
    }),
  dropPersisted: (persistedItemIds) =>
    set((state) => {
      const doomed = [...persistedItemIds].filter((id) => id in state.entries);
      if (doomed.length === 0) return state;
      const entries = { ...state.entries };
      for (const id of doomed) delete entries[id];
      return { entries };
    }),
  clearConversation: (conversationId) =>
    set((state) => {
      const kept = Object.values(state.entries).filter((entry) => entry.conversationId !== conversationId);
      if (kept.length === Object.keys(state.entries).length) return state;
      return { entries: Object.fromEntries(kept.map((entry) => [entry.itemId, entry])) };
    }),
}));

/** The stream copies still worth showing for a conversation: those main has not persisted yet, in arrival order. */
export function pendingStreams(
  entries: Record<string, StreamEntry>,
  conversationId: string,
  persistedItemIds: ReadonlySet<string>,
): StreamEntry[] {
  return Object.values(entries).filter((entry) => entry.conversationId === conversationId && !persistedItemIds.has(entry.itemId));
}
