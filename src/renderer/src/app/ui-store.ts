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

const LAST_PAGE_KEY = 'switchboard.lastPage';
/** A first run opens where the console's story starts: a conversation with the demo model. */
export const FIRST_PAGE: PageId = 'chat';

const idOfHash = (hash: string) => hash.replace(/^#\/?/, '');

/** The page the address names; without one, the page the operator was on last (kept per origin), else Chat. */
export function startPage(hash: string, storage: Pick<Storage, 'getItem'> | undefined): PageId {
  const id = idOfHash(hash);
  if (isPageId(id)) return id;
  const last = readLastPage(storage);
  return last && isPageId(last) ? last : FIRST_PAGE;
}

function readLastPage(storage: Pick<Storage, 'getItem'> | undefined): string | null {
  try {
    return storage?.getItem(LAST_PAGE_KEY) ?? null;
  } catch {
    return null; // storage refused (a privacy mode): every start is a first run
  }
}

function rememberPage(page: PageId): void {
  try {
    window.localStorage.setItem(LAST_PAGE_KEY, page);
  } catch {
    // nowhere to keep it: the next start opens on Chat
  }
}

const browserStorage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/** UI-only state. Data from main lives in TanStack Query, never here. */
export const useUiStore = create<UiState>((set) => ({
  page: typeof window === 'undefined' ? FIRST_PAGE : startPage(window.location.hash, browserStorage()),
  connection: 'connecting',
  opening: null,
  mounting: null,
  setPage: (page) => {
    if (typeof window !== 'undefined') {
      if (window.location.hash !== `#/${page}`) window.location.hash = `/${page}`;
      rememberPage(page);
    }
    set({ page });
  },
  setConnection: (connection) => set({ connection }),
}));

export function syncPageWithHash(): () => void {
  const onHash = () => {
    const id = idOfHash(window.location.hash);
    if (!isPageId(id)) return;
    rememberPage(id);
    useUiStore.setState({ page: id });
  };
  // The page opened from the address (a link, a bookmark) counts as the last page too.
  if (isPageId(idOfHash(window.location.hash))) rememberPage(idOfHash(window.location.hash) as PageId);
  window.addEventListener('hashchange', onHash);
  return () => window.removeEventListener('hashchange', onHash);
}
