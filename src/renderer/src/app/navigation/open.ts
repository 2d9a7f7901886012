import { useEffect } from 'react';
import { useUiStore } from '../ui-store';
import type { PageId } from './pages';

/*
 * Links between pages. A page never imports another page's feature folder: it asks here to show something on
 * another page, and that page, once shown, takes the request (useOpenRequest) and selects what was asked for.
 */

/** Shows a conversation on the Chat page (from an approval, a record). */
export const openConversation = (conversationId: string): void => openOn('chat', conversationId);

/**
 * Shows a pending approval where it can be decided (a desktop notification was clicked): its conversation, whose
 * transcript holds the approval card, or the Requests page for a run by hand, which has no conversation.
 */
export function openApproval(approval: { conversationId: string; actor?: 'model' | 'operator' }): void {
  if (approval.actor === 'operator') useUiStore.getState().setPage('requests');
  else openConversation(approval.conversationId);
}

/** Shows one execution record on the Records page (from a tool card in the chat). */
export const openRecord = (recordId: string): void => openOn('records', recordId);

/** Opens the Skills page with this skill selected (from a tool's gating skills). */
export const openSkill = (name: string): void => openOn('skills', name);

/** Shows one node of the intent tree, selected and scrolled into view (from a tool's nodes). */
export const openIntentNode = (nodeId: string): void => openOn('intents', nodeId);

function openOn(page: PageId, id: string): void {
  const { setPage } = useUiStore.getState();
  setPage(page);
  // An unsaved-changes guard may have kept the operator where they were: then nothing is left waiting.
  if (useUiStore.getState().page === page) useUiStore.setState({ opening: { page, id } });
}

/**
 * For the page `page`: calls `open(id)` once for each request another page made to show something here, then
 * forgets the request. Call it where the page's data is loaded, so `open` can find what it names.
 */
export function useOpenRequest(page: PageId, open: (id: string) => void): void {
  const id = useUiStore((s) => (s.opening?.page === page ? s.opening.id : null));
  useEffect(() => {
    if (id === null) return;
    open(id);
    useUiStore.setState((s) => (s.opening?.page === page && s.opening.id === id ? { opening: null } : {}));
  }, [page, id, open]);
}
