import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { parse } from 'yaml';
import { resolveCatalog, type Catalog } from '../../../../shared/catalog';
import { switchboardConfigSchema, type IntentNode, type Skill } from '../../../../shared/config/schema';
import { startShopServer, type ShopServerHandle } from '../../../../mcp-server/shop-server';
import { defaultConfigText } from '../../config/default-config';
import { EventBus } from '../../events';
import { createKnowledgeBase } from '../../knowledge/knowledge-base';
import type { ModelProvider } from '../../providers/types';
import { AgentService } from '../agent-service';
import { ApprovalService } from '../approvals';
import { createLocalToolRunner } from '../local-tools';
import { openAgentStores } from '../runtime';
import { ToolProxy, type McpCaller } from '../tool-proxy';

export interface HarnessOptions {
  provider: () => ModelProvider;
  intents?: IntentNode[];
  skills?: Skill[];
  approvalTimeoutMs?: number;
  maxSteps?: number;
  /** Wraps the real caller, e.g. to make a call hang or throw. */
  wrapCaller?: (caller: McpCaller) => McpCaller;
  dataDir?: string;
}

/**
 * The agent runtime against the real demo shop over Streamable HTTP, with the default intent tree, without
 * the connection manager: a direct SDK client stands in for it, so these tests isolate the loop and proxy.
 */
export async function startRuntimeHarness(options: HarnessOptions) {
  const defaults = switchboardConfigSchema.parse(parse(defaultConfigText()));
  let intents = options.intents ?? defaults.intents;
  const skills = options.skills ?? defaults.skills;
  const shop: ShopServerHandle = await startShopServer({ port: 0 });
  const client = new Client({ name: 'harness', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(shop.url)));
  const { tools } = await client.listTools();
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'sb-agent-')));
  const events = new EventBus();
  const seen: { name: string; payload: unknown }[] = [];
  events.subscribe((name, payload) => seen.push({ name, payload }));

  let revision = 1;
  let catalog: Catalog = build();
  function build(): Catalog {
    return resolveCatalog({
      servers: [{ name: 'shop', status: 'connected', tools }],
      intents,
      skills,
    });
  }

  const realCaller: McpCaller = {
    callTool: (_server, name, args, { signal, meta }) =>
      client.callTool({ name, arguments: args, _meta: meta }, undefined, { signal, timeout: 5000 }),
  };
  const { records, store, expired } = await openAgentStores(dataDir, events);
  const approvals = new ApprovalService(events, () => options.approvalTimeoutMs ?? 60_000);
  const knowledge = createKnowledgeBase([{ source: 'shipping.md', text: '# 运费\n满99元包邮，一般3-5天送达。' }]);
  const proxy = new ToolProxy({
    mcp: options.wrapCaller ? options.wrapCaller(realCaller) : realCaller,
    local: createLocalToolRunner({ skills: () => skills, knowledge: async () => knowledge }),
    approvals,
    records,
    events,
  });
  const agent = new AgentService({
    store,
    records,
    events,
    provider: options.provider,
    turn: {
      catalog: () => ({ catalog, revision }),
      proxy,
      events,
      maxSteps: () => options.maxSteps ?? 8,
      systemPrompt: () => 'test system prompt',
    },
  });

  /** Auto-answers every approval with `decide` (by tool name) as soon as it opens. */
  const autoDecide = (decide: (toolName: string) => 'approve' | 'reject' | 'approve_conversation' | undefined) =>
    events.subscribe((name, payload) => {
      if (name !== 'approvals.requested') return;
      const request = payload as { id: string; toolName: string };
      const decision = decide(request.toolName);
      if (decision) setTimeout(() => approvals.resolve(request.id, decision, decision === 'reject' ? 'not today' : undefined), 5);
    });

  return {
    shop,
    client,
    agent,
    proxy,
    approvals,
    records,
    store,
    expired,
    events,
    seen,
    dataDir,
    autoDecide,
    catalog: () => catalog,
    setIntents(next: IntentNode[]) {
      intents = next;
      catalog = build();
      revision++;
    },
    async close(removeData = true) {
      await agent.close();
      approvals.close();
      await records.close();
      await store.close();
      await client.close();
      await shop.close();
      if (removeData && !options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type RuntimeHarness = Awaited<ReturnType<typeof startRuntimeHarness>>;
