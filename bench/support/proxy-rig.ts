/*
 * The full tool-call path as the app wires it, for the scenarios that drive ToolProxy.execute against a shop
 * (tool-call, tracing, big-description): the tool pipeline over the real ConnectionManager, the records and
 * conversation stores in a data directory of their own, and the proxy itself.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { parse } from 'yaml';
import {
  serverConfigSchema,
  configSchemaFor,
  type IntentNode,
  type ServerConfig,
  type SwitchboardConfig,
} from '../../src/shared/config/schema';
import { ApprovalService } from '../../src/main/core/agent/approvals';
import { createMcpCaller } from '../../src/main/core/agent/mcp-caller';
import { createLocalToolRunner } from '../../src/main/core/agent/local-tools';
import {
  ACTING_IDENTITY_META_KEY,
  ToolProxy,
  type CallContext,
  type McpCaller,
} from '../../src/main/core/agent/tool-proxy';
import { buildModelStep } from '../../src/main/core/agent/visible-set';
import {
  createToolPipeline,
  type ToolPipeline,
  type ToolPipelineOptions,
} from '../../src/main/core/catalog/tool-pipeline';
import { demoShopConfigText } from '../../src/main/demo-shop/default-config';
import { EventBus } from '../../src/main/core/events';
import { createKnowledgeBase } from '../../src/main/core/knowledge/knowledge-base';
import { buildTransport } from '../../src/main/core/mcp/transport-factory';
import type { LiveConversation } from '../../src/main/core/agent/conversation';
import { ConversationStore } from '../../src/main/core/stores/conversation-store';
import { RecordsStore } from '../../src/main/core/stores/records-store';
import { bareClientLike } from './bare-client';
import { startShopFleet } from './shop-fleet';

/** The call every proxy scenario makes, and the identity the bare client acts as (the proxy adds it itself). */
export const QUERY_ORDER_ARGS = { keyword: '耳机' };
export const ACTING_META = { [ACTING_IDENTITY_META_KEY]: 'u1001' };

let defaults: SwitchboardConfig | undefined;

/**
 * The demo shop's default tree with one server, every MCP node trusted (`never`): the proxy's confirmation step runs
 * and decides "no prompt". `descriptions` overrides the description of the nodes mounting those toolIds.
 */
export function trustedShopConfig(server: ServerConfig, descriptions: Record<string, string> = {}): SwitchboardConfig {
  defaults ??= configSchemaFor().parse(parse(demoShopConfigText()));
  const trust = (nodes: IntentNode[]): IntentNode[] =>
    nodes.map((node) =>
      node.kind === 'mcp'
        ? {
            ...node,
            confirm: 'never' as const,
            ...(Object.hasOwn(descriptions, node.toolId) && { description: descriptions[node.toolId] }),
          }
        : node.kind === 'category'
          ? { ...node, children: trust(node.children) }
          : node,
    );
  return { ...defaults, intents: trust(defaults.intents), agent: { ...defaults.agent, mcp: { servers: [server] } } };
}

/** The shop at `url` as a configured server named `shop`. */
export const shopServer = (url: string): ServerConfig => serverConfigSchema.parse({ name: 'shop', url });

/** A config that never changes. */
export const fixedConfig = (config: SwitchboardConfig): ToolPipelineOptions['config'] => ({
  current: () => config,
  onChange: () => () => undefined,
});

export interface ProxyRig {
  events: EventBus;
  pipeline: ToolPipeline;
  records: RecordsStore;
  store: ConversationStore;
  /** Connects, discovers and opens the stores. */
  open(): Promise<void>;
  /** A proxy over `mcp` (default: the app's McpCaller over the pipeline's connections, no per-server timeout). */
  proxy(mcp?: McpCaller): ToolProxy;
  /** A new conversation and the context of its first model step. */
  openTurn(turnId: string): Promise<CallContext>;
  /** The context of a model step in `conversation`, built from the current catalog, and the step sent to the model. */
  stepContext(
    conversation: LiveConversation,
    turnId: string,
  ): Promise<{ ctx: CallContext; modelStep: Awaited<ReturnType<typeof buildModelStep>>['modelStep'] }>;
  /**
   * A bare SDK client on an identical connection to `server` (same transport, revision, declared capabilities and
   * tools/list); closed with the rig. `declaring: 'nothing'`: the same but declaring no capabilities.
   */
  connectBare(server: ServerConfig, declaring?: 'as-the-app' | 'nothing'): Promise<Client>;
  close(): Promise<void>;
}

/** Built at once, connecting in the background; `open()` waits for it. Close it in a `finally`. */
export async function createProxyRig(config: ToolPipelineOptions['config'], dataDirPrefix: string): Promise<ProxyRig> {
  const dataDir = await mkdtemp(join(tmpdir(), dataDirPrefix));
  const events = new EventBus();
  const records = new RecordsStore(dataDir, events);
  const store = new ConversationStore(join(dataDir, 'conversations'));
  const pipeline = createToolPipeline({ config, events, log: () => undefined });
  const bareClients: Client[] = [];
  const stepContext: ProxyRig['stepContext'] = async (conversation, turnId) => {
    const { catalog, revision } = pipeline.catalog.current();
    const { tools, modelStep } = await buildModelStep(catalog, revision, conversation.loadedSkills, 1);
    const visible = new Set(tools.map((t) => t.name));
    return {
      ctx: { conversation, turnId, step: 1, catalog, visible, signal: new AbortController().signal },
      modelStep,
    };
  };
  return {
    events,
    pipeline,
    records,
    store,
    async open() {
      await pipeline.connections.whenSettled();
      await records.open();
      await store.open();
    },
    proxy: (mcp = createMcpCaller(pipeline.connections, () => undefined)) =>
      new ToolProxy({
        mcp,
        local: createLocalToolRunner({
          skills: () => config.current().skills,
          knowledge: async () => createKnowledgeBase([]),
        }),
        approvals: new ApprovalService(events, () => 60_000),
        records,
        events,
      }),
    openTurn: async (turnId) => (await stepContext(await store.create('u1001', 'bench'), turnId)).ctx,
    stepContext,
    async connectBare(server, declaring = 'as-the-app') {
      const state = pipeline.connections.state(server.name);
      const bare = bareClientLike(declaring === 'nothing' && state ? { ...state, declaredCapabilities: null } : state);
      bareClients.push(bare);
      await bare.connect((await buildTransport(server, { env: process.env })).transport);
      await bare.listTools(); // caches the same output validators the manager's client holds
      return bare;
    },
    async close() {
      for (const bare of bareClients) await bare.close().catch(() => undefined);
      await pipeline.close();
      await records.close();
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One shop, the trusted default tree over it, the rig opened, its proxy and a bare client: what the scenario-2 profiling
 * scripts (profile-gc-promotion, profile-turn-size) start with. `close` closes the rig, then the shop.
 */
export async function openShopProxyRig(dataDirPrefix: string) {
  const fleet = await startShopFleet(1, 0);
  const server = shopServer(fleet.urls[0]);
  const rig = await createProxyRig(fixedConfig(trustedShopConfig(server)), dataDirPrefix);
  await rig.open();
  const bare = await rig.connectBare(server);
  const close = async () => {
    await rig.close();
    await fleet.close();
  };
  return { rig, bare, proxy: rig.proxy(), close };
}
