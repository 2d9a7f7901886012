import { useUiStore } from '../../app/ui-store';
import { useIntentDraftStore } from './intent-draft-store';

/** Shows one node of the intent tree, selected and scrolled into view, from any page. */
export function openIntentNode(id: string): void {
  useIntentDraftStore.getState().requestReveal(id);
  useUiStore.getState().setPage('intents');
}
