import type { CallToolResult, CreateMessageResult } from '@modelcontextprotocol/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkExternalUrl, revealHiddenCharacters } from '../../../../shared/net/external-url';
import { useRpc } from '../../lib/rpc-context';
import type { AppAsk } from './AppAsks';
import { saveDownloads } from './downloads';
import type { McpAppTarget } from './McpAppView';
import type { AppRequests } from './use-app-bridge';

/** What an app said outside a conversation, shown under its frame (the last 20). */
export interface AppSaid {
  id: number;
  kind: 'message' | 'modelContext';
  text: string;
}

/** The operator's open yes/no questions for one app (at most 5 at a time; a sixth is refused). */
function useAppAsks() {
  const [asks, setAsks] = useState<AppAsk[]>([]);
  const ask = (kind: AppAsk['kind'], shown: string, host?: string) =>
    new Promise<boolean>((resolve) => {
      const id = crypto.randomUUID();
      const answer = (yes: boolean) => {
        setAsks((all) => all.filter((a) => a.id !== id));
        resolve(yes);
      };
      setAsks((all) => (all.length >= 5 ? (resolve(false), all) : [...all, { id, kind, shown, host, answer }]));
    });
  return { asks, ask };
}

/**
 * How the view answers what an app asks: calls, messages and sampling go through main, attributed to the target;
 * links and downloads go to the operator. Also what the operator sees of it: open questions, messages, refusals.
 */
export function useAppRequests(target: McpAppTarget) {
  const { t } = useTranslation('common');
  const rpc = useRpc();
  const { asks, ask } = useAppAsks();
  const [said, setSaid] = useState<AppSaid[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const requests: AppRequests = {
    async callTool(name, args) {
      const call = await rpc.request('apps.callTool', {
        server: target.server,
        appTool: target.toolId,
        tool: name,
        arguments: args,
        conversationId: target.conversationId,
        actingIdentity: target.conversationId ? undefined : target.actingIdentity,
      });
      if ((call.status === 'success' || call.status === 'error') && call.result) return call.result as CallToolResult;
      throw new Error(call.text);
    },
    async message(kind, text) {
      if (target.conversationId) {
        await rpc.request('apps.message', {
          server: target.server,
          appTool: target.toolId,
          conversationId: target.conversationId,
          kind,
          content: [{ type: 'text', text }],
        });
      } else {
        setSaid((all) => [...all.slice(-19), { id: Date.now() + Math.random(), kind, text }]);
      }
    },
    async sample(params) {
      const answer = await rpc.request('apps.sample', {
        server: target.server,
        appTool: target.toolId,
        params: params as { messages: unknown[]; maxTokens: number },
      });
      return answer as unknown as CreateMessageResult;
    },
    async openLink(url) {
      const check = checkExternalUrl(url);
      if (!check.ok) {
        setNotice(t('mcpApp.linkRefused', { url: revealHiddenCharacters(url).slice(0, 300) }));
        return false;
      }
      if (!(await ask('open', revealHiddenCharacters(check.url.href), check.host))) return false;
      window.open(check.url.href, '_blank', 'noopener,noreferrer');
      return true;
    },
    async download(contents) {
      return saveDownloads(contents, {
        ask: (name) => ask('download', revealHiddenCharacters(name)),
        refuse: (what) => setNotice(t('mcpApp.downloadRefused', { what: revealHiddenCharacters(what).slice(0, 300) })),
      });
    },
  };
  return { requests, asks, said, notice };
}
