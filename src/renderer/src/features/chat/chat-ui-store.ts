import { create } from 'zustand';

interface ChatUiState {
  selectedConversationId: string | null;
  select: (conversationId: string | null) => void;
}

/** Which conversation the Chat page shows. UI-only. */
export const useChatUiStore = create<ChatUiState>((set) => ({
  selectedConversationId: null,
  select: (selectedConversationId) => set({ selectedConversationId }),
}));
