import { useUiStore } from '../../app/ui-store';
import { useChatUiStore } from './chat-ui-store';

/** Shows a conversation on the Chat page (used by the Approvals and Records pages). */
export function openConversation(conversationId: string): void {
  useChatUiStore.getState().select(conversationId);
  useUiStore.getState().setPage('chat');
}
