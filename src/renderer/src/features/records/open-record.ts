import { useUiStore } from '../../app/ui-store';
import { useRecordsUiStore } from './records-ui-store';

/** Shows one execution record on the Records page (from a tool card in the chat). */
export function openRecord(recordId: string): void {
  useRecordsUiStore.getState().selectRecord(recordId);
  useUiStore.getState().setPage('records');
}
