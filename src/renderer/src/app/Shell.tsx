import { useEffect, type ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRpc } from '../lib/rpc-context';
import { wireEventInvalidation } from '../lib/invalidation';
import { Header } from './Header';
import { LocaleSync } from './LocaleSync';
import { ThemeSync } from './ThemeSync';
import { Nav } from './Nav';
import { TokenRequired } from './TokenRequired';
import { openApproval, type PageId } from './navigation';
import { syncPageWithHash, useUiStore } from './ui-store';

export type ShellPages = Record<PageId, ComponentType>;

interface ShellProps {
  /** The page component for each nav entry, from the feature folders (App.tsx composes them). */
  pages: ShellPages;
  /** Counts shown beside nav entries (pending approvals), read by the composer from live queries. */
  badges?: Partial<Record<PageId, number>>;
}

/** Frame: navigation, header and the current page. It knows no feature: pages and badges are handed to it. */
export function Shell({ pages, badges }: ShellProps) {
  const rpc = useRpc();
  const queryClient = useQueryClient();
  const page = useUiStore((s) => s.page);
  const setConnection = useUiStore((s) => s.setConnection);

  useEffect(() => wireEventInvalidation(rpc, queryClient), [rpc, queryClient]);
  useEffect(() => {
    setConnection(rpc.connection());
    return rpc.onConnectionChange((state) => {
      setConnection(state);
      if (state === 'connected') void queryClient.invalidateQueries();
    });
  }, [rpc, queryClient, setConnection]);
  useEffect(syncPageWithHash, []);
  // Desktop: a clicked approval notification brought the window forward; show that approval.
  useEffect(
    () =>
      rpc.on((name, payload) => {
        if (name === 'approvals.notificationClicked')
          openApproval(payload as { conversationId: string; actor?: 'model' | 'operator' });
      }),
    [rpc],
  );

  const connection = useUiStore((s) => s.connection);
  if (connection === 'unauthorized') return <TokenRequired />;
  const Page = pages[page];
  return (
    <div className="app">
      <LocaleSync />
      <ThemeSync />
      <Nav badges={badges} />
      <div className="main">
        <Header />
        <main className="page">
          <Page />
        </main>
      </div>
    </div>
  );
}
