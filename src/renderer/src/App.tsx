import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Shell } from './app/Shell';
import { SettingsPage } from './features/settings/SettingsPage';
import { RpcProvider } from './lib/rpc-context';
import type { RpcClient } from './lib/rpc';

const pages = {
  settings: SettingsPage,
};

export function App({ rpc }: { rpc: RpcClient }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: 1, refetchOnWindowFocus: false } } }),
  );
  return (
    <RpcProvider client={rpc}>
      <QueryClientProvider client={queryClient}>
        <Shell pages={pages} />
      </QueryClientProvider>
    </RpcProvider>
  );
}
