import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { parse } from 'yaml';
import { resolveCatalog, type Catalog } from '../../../src/shared/catalog';
import {
  configSchemaFor,
  type IntentNode,
  type Skill,
  type SwitchboardConfig,
} from '../../../src/shared/config/schema';
import { startShopServer, type ShopServerHandle } from '../../../src/mcp-server/shop-server';
import { demoShopConfigText } from '../../../src/main/demo-shop/default-config';
import { EventBus } from '../../../src/main/core/events';
import { createKnowledgeBase } from '../../../src/main/core/knowledge/knowledge-base';
import type { ModelProvider } from '../../../src/main/core/providers/types';
import { environmentSecrets } from '../../../src/main/core/secrets';
import { createAgentRuntime } from '../../../src/main/core/agent/runtime';
import type { McpCaller } from '../../../src/main/core/agent/tool-proxy';
import { initialState } from '../../../src/main/core/mcp/types';
import { ServerSkillsService } from '../../../src/main/core/server-skills/server-skills-service';
import { SkillPinStore } from '../../../src/main/core/server-skills/skill-pins';

export interface HarnessOptions {
  provider: () => ModelProvider;
  intents?: IntentNode[];
  skills?: Skill[];
  approvalTimeoutMs?: number;
  maxSteps?: number;
  /** Wraps the real caller, e.g. to make a call hang or throw. */
  wrapCaller?: (caller: McpCaller) => McpCaller;
  dataDir?: string;
  /** Pins of the shop's published skills (default: empty, so they are pinned at first sight). */
  skillPins?: SkillPinStore;
  /** `_meta` to add to the shop's tool definitions by name (e.g. a `ui` to give a tool an MCP App). */
  toolMeta?: Record<string, Record<string, unknown>>;
}

/**
 * The agent runtime as the app builds it (createAgentRuntime), against the real demo shop over Streamable
 * HTTP, with the default intent tree, but without the connection manager: a direct SDK client stands in
 * for it, and the model and knowledge base are overridden, so these tests isolate the loop and proxy.
 */
export async function startRuntimeHarness(options: HarnessOptions) {
  const defaults = configSchemaFor().parse(parse(demoShopConfigText()));
  let intents = options.intents ?? defaults.intents;
  const skills = options.skills ?? defaults.skills;
  const config: SwitchboardConfig = {
    ...defaults,
    skills,
    agent: {
      ...defaults.agent,
      maxSteps: options.maxSteps ?? 8,
      approvalTimeoutMs: options.approvalTimeoutMs ?? 60_000,
      systemPrompt: 'test system prompt',
    },
  };
  const shop: ShopServerHandle = await startShopServer({ port: 0 });
  const client = new Client({ name: 'harness', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(shop.url)));
  const listed = (await client.listTools()).tools;
  const tools = listed.map((tool) =>
    options.toolMeta?.[tool.name] ? { ...tool, _meta: { ...tool._meta, ...options.toolMeta[tool.name] } } : tool,
  );
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
      client.callTool({ name, arguments: args, _meta: meta }, { signal, timeout: 5000 }),
  };
  // The skills the shop publishes (the after-sales manual), read and verified from it as the app does.
  const shopState = Object.freeze({
    ...initialState('shop', 'connected'),
    connectedAt: new Date().toISOString(),
    offeredCapabilities: client.getServerCapabilities() ?? null,
  });
  const serverSkills = new ServerSkillsService({
    connections: {
      snapshot: () => ({ revision: 1, servers: [shopState] }),
      client: () => client,
      onChange: () => () => undefined,
    },
    config: { current: () => config },
    pins: options.skillPins ?? SkillPinStore.inMemory(),
  });
  await serverSkills.whenListed();
  const knowledge = createKnowledgeBase([{ source: 'shipping.md', text: '# 运费\n满99元包邮，一般3-5天送达。' }]);
  const runtime = await createAgentRuntime({
    dataDir,
    config: { current: () => config },
    events,
    catalog: () => ({ catalog, revision }),
    mcp: options.wrapCaller ? options.wrapCaller(realCaller) : realCaller,
    serverSkills,
    secrets: environmentSecrets({}),
    knowledgeDir: '',
    overrides: { provider: options.provider, knowledge: async () => knowledge },
  });
  const { agent, approvals } = runtime;

  /** Auto-answers every approval with `decide` (by tool name) as soon as it opens. */
  const autoDecide = (
    decide: (toolName: string) => 'approve' | 'reject' | 'approve_conversation' | undefined,
    rejectReason = 'not today',
  ) =>
    events.subscribe((name, payload) => {
      if (name !== 'approvals.requested') return;
      const request = payload as { id: string; toolName: string };
      const decision = decide(request.toolName);
      if (decision)
        setTimeout(() => approvals.resolve(request.id, decision, decision === 'reject' ? rejectReason : undefined), 5);
    });

  return {
    shop,
    client,
    agent,
    proxy: runtime.proxy,
    approvals,
    records: runtime.records,
    store: runtime.store,
    expired: runtime.expired,
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
      await runtime.close();
      await serverSkills.close();
      await client.close();
      await shop.close();
      if (removeData && !options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type RuntimeHarness = Awaited<ReturnType<typeof startRuntimeHarness>>;
