import { useEffect, type ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRpc } from '../lib/rpc-context';
import { wireEventInvalidation } from '../lib/invalidation';
import { Header } from './Header';
import { Nav } from './Nav';
import type { PageId } from './navigation';
import { syncPageWithHash, useUiStore } from './ui-store';
import { useNavBadges } from './use-nav-badges';

/** Frame: navigation, header and the current page. Pages come from the feature folders via `pages`. */
export function Shell({ pages }: { pages: Partial<Record<PageId, ComponentType>> }) {
  const rpc = useRpc();
  const queryClient = useQueryClient();
  const page = useUiStore((s) => s.page);
  const setConnection = useUiStore((s) => s.setConnection);
  const badges = useNavBadges();

  useEffect(() => wireEventInvalidation(rpc, queryClient), [rpc, queryClient]);
  useEffect(() => {
    setConnection(rpc.connection());
    return rpc.onConnectionChange((state) => {
      setConnection(state);
      if (state === 'connected') void queryClient.invalidateQueries();
    });
  }, [rpc, queryClient, setConnection]);
  useEffect(syncPageWithHash, []);

  const Page = pages[page];
  return (
    <div className="app">
      <Nav badges={badges} />
      <div className="main">
        <Header />
        <main className="page">{Page ? <Page /> : <p>This page is coming.</p>}</main>
      </div>
    </div>
  );
}
