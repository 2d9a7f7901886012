import { useEffect } from 'react';
import type { PageId } from './pages';
import { useUiStore } from '../ui-store';

/**
 * While `dirty`, leaving `page` asks first: switching pages (nav, links, the hash) asks with a confirm dialog and
 * stays unless the operator agrees to discard; reloading or closing the window gets the browser's own prompt.
 */
export function useUnsavedChangesGuard(page: PageId, dirty: boolean, onDiscard: () => void, message: string): void {
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // older engines need a value to show the prompt
    };
    window.addEventListener('beforeunload', beforeUnload);
    // zustand calls subscribers synchronously inside setPage, before React unmounts this page.
    const unsubscribe = useUiStore.subscribe((state, previous) => {
      if (previous.page !== page || state.page === page) return;
      if (window.confirm(message)) {
        onDiscard();
        return;
      }
      if (window.location.hash !== `#/${page}`) window.location.hash = `/${page}`;
      useUiStore.setState({ page });
    });
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      unsubscribe();
    };
  }, [page, dirty, onDiscard, message]);
}
