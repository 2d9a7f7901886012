import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Shell, type ShellPages } from './app/Shell';
import { ChatPage } from './features/chat/ChatPage';
import { ChatStreamBridge } from './features/chat/ChatStreamBridge';
import { IntentsPage } from './features/intents/IntentsPage';
import { RecordsPage } from './features/records/RecordsPage';
import { RequestsPage } from './features/requests/RequestsPage';
import { ServersPage } from './features/servers/ServersPage';
import { SettingsPage } from './features/settings/SettingsPage';
import { SkillsPage } from './features/skills/SkillsPage';
import { TestsPage } from './features/test-cases/TestsPage';
import { ToolsPage } from './features/tools/ToolsPage';
import { usePendingCount } from './lib/server-requests';
import { RpcProvider } from './lib/rpc-context';
import { retryTransientOnce } from './lib/rpc/retry';
import type { RpcClient } from './lib/rpc';

const pages: ShellPages = {
  servers: ServersPage,
  intents: IntentsPage,
  tools: ToolsPage,
  skills: SkillsPage,
  chat: ChatPage,
  requests: RequestsPage,
  records: RecordsPage,
  tests: TestsPage,
  settings: SettingsPage,
};

export function App({ rpc }: { rpc: RpcClient }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: Infinity, retry: retryTransientOnce, refetchOnWindowFocus: false } },
      }),
  );
  return (
    <RpcProvider client={rpc}>
      <QueryClientProvider client={queryClient}>
        <ChatStreamBridge />
        <ConsoleShell />
      </QueryClientProvider>
    </RpcProvider>
  );
}

/** The shell with its nav counts, read from live queries (never copied into a store). */
function ConsoleShell() {
  return <Shell pages={pages} badges={{ requests: usePendingCount() }} />;
}
