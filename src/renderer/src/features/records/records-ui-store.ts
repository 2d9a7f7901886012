import { create } from 'zustand';
import type { RecordActor, RecordStatus } from '../../../../shared/contract';

export type TimeWindow = 'all' | '15m' | '1h' | '24h' | '7d';

/** What the operator picked in the filter bar. Empty string = any. */
export interface RecordsFilterState {
  tool: string;
  server: string;
  status: RecordStatus | '';
  conversationId: string;
  /** Who asked for the call: the model, the operator by hand, a replay or a test run. */
  actor: RecordActor | '';
  /** The acting identity the call was made for. */
  actingIdentity: string;
  window: TimeWindow;
}

export const EMPTY_FILTER: RecordsFilterState = {
  tool: '',
  server: '',
  status: '',
  conversationId: '',
  actor: '',
  actingIdentity: '',
  window: 'all',
};

interface RecordsUiState {
  filter: RecordsFilterState;
  selectedRecordId: string | null;
  setFilter: (patch: Partial<RecordsFilterState>) => void;
  resetFilter: () => void;
  selectRecord: (id: string | null) => void;
}

/** Filter and selection survive a trip to another page. UI-only: the rows themselves stay in the query cache. */
export const useRecordsUiStore = create<RecordsUiState>((set) => ({
  filter: EMPTY_FILTER,
  selectedRecordId: null,
  setFilter: (patch) => set((state) => ({ filter: { ...state.filter, ...patch } })),
  resetFilter: () => set({ filter: EMPTY_FILTER }),
  selectRecord: (selectedRecordId) => set({ selectedRecordId }),
}));
