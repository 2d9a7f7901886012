import { create } from 'zustand';

/** The Tools page's UI state: filters, the selected row and the last explain question. Catalog data stays in Query. */
interface ToolsUiState {
  query: string;
  state: string | null;
  server: string | null;
  /** entryKey of the selected row. */
  selectedKey: string | null;
  explain: { toolId: string; loadedSkills: string[] } | null;
  /** entryKeys of the unmounted rows chosen for Mount. */
  toMount: readonly string[];
  toggleMount: (key: string) => void;
  addToMount: (keys: readonly string[]) => void;
  clearMount: () => void;
  setQuery: (query: string) => void;
  setState: (state: string | null) => void;
  setServer: (server: string | null) => void;
  select: (key: string | null) => void;
  askExplain: (toolId: string, loadedSkills: string[]) => void;
}

export const useToolsUiStore = create<ToolsUiState>((set) => ({
  query: '',
  state: null,
  server: null,
  selectedKey: null,
  explain: null,
  toMount: [],
  toggleMount: (key) => set((s) => ({ toMount: s.toMount.includes(key) ? s.toMount.filter((k) => k !== key) : [...s.toMount, key] })),
  addToMount: (keys) => set((s) => ({ toMount: [...new Set([...s.toMount, ...keys])] })),
  clearMount: () => set({ toMount: [] }),
  setQuery: (query) => set({ query }),
  setState: (state) => set({ state }),
  setServer: (server) => set({ server }),
  select: (selectedKey) => set({ selectedKey }),
  askExplain: (toolId, loadedSkills) => set({ explain: { toolId, loadedSkills } }),
}));
