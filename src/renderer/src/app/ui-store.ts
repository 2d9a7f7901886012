import { create } from 'zustand';
import type { ConnectionState } from '../lib/rpc';
import { isPageId, type PageId } from './navigation/pages';
import type { MountRequest } from './navigation/mount';

interface UiState {
  page: PageId;
  connection: ConnectionState;
  /** What another page asked `page` to show (a conversation, a record, a skill, a node); see navigation/open.ts. */
  opening: { page: PageId; id: string } | null;
  /** Tools the Tools page asked the intent tree to mount (see navigation/mount.ts). */
  mounting: MountRequest | null;
  setPage: (page: PageId) => void;
  setConnection: (state: ConnectionState) => void;
}

const pageFromHash = (hash: string): PageId => {
  const id = hash.replace(/^#\/?/, '');
  return isPageId(id) ? id : 'settings';
};

/** UI-only state. Data from main lives in TanStack Query, never here. */
export const useUiStore = create<UiState>((set) => ({
  page: typeof window === 'undefined' ? 'settings' : pageFromHash(window.location.hash),
  connection: 'connecting',
  opening: null,
  mounting: null,
  setPage: (page) => {
    if (typeof window !== 'undefined' && window.location.hash !== `#/${page}`) window.location.hash = `/${page}`;
    set({ page });
  },
  setConnection: (connection) => set({ connection }),
}));

export function syncPageWithHash(): () => void {
  const onHash = () => useUiStore.setState({ page: pageFromHash(window.location.hash) });
  window.addEventListener('hashchange', onHash);
  return () => window.removeEventListener('hashchange', onHash);
}
