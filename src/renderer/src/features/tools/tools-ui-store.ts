import { create } from 'zustand';
import type { FunnelStage } from '../../../../shared/catalog/tool-funnel';

/** The tool detail's tabs: what is known about the tool, and running it by hand. */
export type DetailTab = 'details' | 'run';

/** The Tools page's UI state: filters, the selected row and the last explain question. Catalog data stays in Query. */
interface ToolsUiState {
  query: string;
  state: string | null;
  server: string | null;
  /** A funnel stage picked in the diagram: the list shows that stage's tools. */
  stage: FunnelStage | null;
  /** entryKey of the selected row. */
  selectedKey: string | null;
  explain: { toolId: string; loadedSkills: string[] } | null;
  /** The detail's tab: it stays as the selection moves, so stepping through tools keeps the Run form in view. */
  detailTab: DetailTab;
  setDetailTab: (tab: DetailTab) => void;
  /** entryKeys of the unmounted rows chosen for Mount. */
  toMount: readonly string[];
  toggleMount: (key: string) => void;
  addToMount: (keys: readonly string[]) => void;
  clearMount: () => void;
  setQuery: (query: string) => void;
  setState: (state: string | null) => void;
  setServer: (server: string | null) => void;
  setStage: (stage: FunnelStage | null) => void;
  select: (key: string | null) => void;
  askExplain: (toolId: string, loadedSkills: string[]) => void;
}

export const useToolsUiStore = create<ToolsUiState>((set) => ({
  query: '',
  state: null,
  server: null,
  stage: null,
  selectedKey: null,
  explain: null,
  detailTab: 'details',
  setDetailTab: (detailTab) => set({ detailTab }),
  toMount: [],
  toggleMount: (key) =>
    set((s) => ({ toMount: s.toMount.includes(key) ? s.toMount.filter((k) => k !== key) : [...s.toMount, key] })),
  addToMount: (keys) => set((s) => ({ toMount: [...new Set([...s.toMount, ...keys])] })),
  clearMount: () => set({ toMount: [] }),
  setQuery: (query) => set({ query }),
  // A state chip and a funnel stage are two ways to pick rows by state: one at a time.
  setState: (state) => set({ state, stage: null }),
  setStage: (stage) => set({ stage, state: null }),
  setServer: (server) => set({ server }),
  select: (selectedKey) => set({ selectedKey }),
  askExplain: (toolId, loadedSkills) => set({ explain: { toolId, loadedSkills } }),
}));
