import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Shell } from './app/Shell';
import { ApprovalsPage } from './features/approvals/ApprovalsPage';
import { ChatPage } from './features/chat/ChatPage';
import { ChatStreamBridge } from './features/chat/ChatStreamBridge';
import { RecordsPage } from './features/records/RecordsPage';
import { SettingsPage } from './features/settings/SettingsPage';
import { RpcProvider } from './lib/rpc-context';
import type { RpcClient } from './lib/rpc';

const pages = {
  chat: ChatPage,
  approvals: ApprovalsPage,
  records: RecordsPage,
  settings: SettingsPage,
};

export function App({ rpc }: { rpc: RpcClient }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: 1, refetchOnWindowFocus: false } } }),
  );
  return (
    <RpcProvider client={rpc}>
      <QueryClientProvider client={queryClient}>
        <ChatStreamBridge />
        <Shell pages={pages} />
      </QueryClientProvider>
    </RpcProvider>
  );
}
