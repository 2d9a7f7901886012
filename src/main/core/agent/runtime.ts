import { say } from '../../../shared/messages';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { ConfigStore } from '../config/config-store';
import type { EventSink } from '../events';
import { loadKnowledgeBase, type KnowledgeBase } from '../knowledge/knowledge-base';
import { retryingOnce } from '../retrying-once';
import { createModelProvider, providerForSettings } from '../providers/create-provider';
import type { ModelProvider, ModelProviderRegistry } from '../providers/types';
import { tracedProvider } from '../telemetry/agent-spans';
import type { CallRegistry } from '../requests/call-registry';
import { defaultApiKeyEnv, type SecretStore } from '../secrets';
import { AgentService } from './agent-service';
import { ApprovalService } from './approvals';
import { argumentsHash } from './arguments-hash';
import {
  ConversationStore,
  INTERRUPTED,
  type ExpiredApproval,
  type InterruptedCall,
} from '../stores/conversation-store';
import { createLocalToolRunner, type ServerSkillManuals } from './local-tools';
import { RecordsStore } from '../stores/records-store';
import { systemPromptOf } from './system-prompt';
import { ToolProxy, type McpCaller } from './tool-proxy';
import type { TurnRunnerDeps } from './turn-runner';

export interface AgentRuntimeOptions {
  dataDir: string;
  /** Read before every turn and call: model, step limit, approval timeout, system prompt, skills. */
  config: Pick<ConfigStore, 'current'>;
  events: EventSink;
  catalog: TurnRunnerDeps['catalog'];
  mcp: McpCaller;
  secrets: SecretStore;
  knowledgeDir: string;
  /** Skills servers publish: load_skill loads their SKILL.md bodies; none by default. */
  serverSkills?: ServerSkillManuals;
  /** Servers' instructions for the system prompt (servers with useInstructions); none by default. */
  instructions?: TurnRunnerDeps['instructions'];
  /** The fetch model providers send with (the desktop's honours the system proxy); default Node's. */
  fetch?: typeof fetch;
  /** Model providers beside the vendors' (the demo shop's offline model), registered by the entry point. */
  modelProviders?: ModelProviderRegistry;
  /** MCP calls in flight, for the server requests they cause (see ServerRequestService). */
  calls?: CallRegistry;
  /** Where start-up says what it had to work around (the records index read off its worker). */
  log?: (line: string) => void;
  /** Stand-ins for what the config and the disk would give (tests: a scripted model, a two-line knowledge base). */
  overrides?: {
    provider?: () => ModelProvider;
    knowledge?: () => Promise<KnowledgeBase>;
  };
}

export type AgentRuntime = Awaited<ReturnType<typeof createAgentRuntime>>;

/** Builds the agent side of the core: stores, approvals, the proxy, and the conversation service. */
export async function createAgentRuntime(options: AgentRuntimeOptions) {
  const { config, events, secrets } = options;
  const { records, store, expired } = await openAgentStores(options.dataDir, events, options.log);

  const approvals = new ApprovalService(events, () => config.current().agent.approvalTimeoutMs);
  const proxy = new ToolProxy({
    mcp: options.mcp,
    local: createLocalToolRunner({
      skills: () => config.current().skills,
      serverSkills: options.serverSkills,
      // Indexed on first use (start-up does not pay for a tool that may never be called); a failed load is not kept.
      knowledge: options.overrides?.knowledge ?? retryingOnce(() => loadKnowledgeBase(options.knowledgeDir)),
    }),
    approvals,
    records,
    events,
    calls: options.calls,
  });

  const current = providerForSettings((settings, apiKey) =>
    createModelProvider(settings, apiKey, { fetch: options.fetch }, options.modelProviders),
  );
  const provider =
    options.overrides?.provider ??
    ((): ModelProvider => {
      const settings = config.current().agent.model;
      return tracedProvider(
        current(settings, secrets.get(settings.apiKeyEnv ?? defaultApiKeyEnv(settings.provider))),
        settings,
      );
    });

  const turn: TurnRunnerDeps = {
    catalog: options.catalog,
    proxy,
    events,
    maxSteps: () => config.current().agent.maxSteps,
    systemPrompt: () => systemPromptOf(config.current().agent),
    instructions: options.instructions,
    model: () => config.current().agent.model,
  };
  const agent = new AgentService({ store, records, events, provider, turn });
  // History is shared: a conversation `switchboard chat` writes in this data directory shows in the list as it is written.
  const stopWatching = store.watch(
    () =>
      void agent
        .rescan()
        .catch((error: unknown) => options.log?.(`[chat] rescan of the conversations folder failed: ${String(error)}`)),
  );

  return {
    agent,
    /** What a turn runs with: the workbench runs replays and test cases with its own catalog and proxy mode. */
    turn,
    approvals,
    records,
    store,
    proxy,
    provider,
    expired,
    async close() {
      stopWatching();
      await agent.close();
      approvals.close();
      await records.close();
      await store.close();
    },
  };
}

/**
 * Opens the records and the conversations and settles what a crash left owing, in that order. A large records index
 * fills in the background (the console serves meanwhile): what a crash left owing is settled once it is full, since
 * only then is it known which records are missing.
 */
export async function openAgentStores(
  dataDir: string,
  events: EventSink,
  log?: (line: string) => void,
): Promise<{ records: RecordsStore; store: ConversationStore; expired: ExpiredApproval[] }> {
  const records = new RecordsStore(dataDir, events, { log });
  await records.open();
  const store = new ConversationStore(join(dataDir, 'conversations'));
  const expired = await store.open((id) => records.knows(id));
  const settle = async () => {
    await records.restore([...store.unrecorded, ...(await store.unrecordedAmong((id) => records.has(id)))]);
    await recordRepairs(records, expired, store.interrupted);
  };
  if (records.indexStatus().done) await settle();
  else
    void records
      .whenIndexed()
      .then(() => (records.indexStatus().done && !records.closed ? settle() : undefined))
      .catch((error: unknown) => log?.(`[records] repairing what a crash left owing failed: ${String(error)}`));
  return { records, store, expired };
}

/** The records a crash left owing (see ConversationStore.open): run once at start-up, after both stores opened. */
export async function recordRepairs(
  records: RecordsStore,
  expired: ExpiredApproval[],
  interrupted: InterruptedCall[],
): Promise<void> {
  await recordExpired(records, expired);
  await recordInterrupted(records, interrupted);
}

/** An approval the host died holding was never granted: its call gets a record saying so. */
async function recordExpired(records: RecordsStore, expired: ExpiredApproval[]): Promise<void> {
  for (const { conversation, request, outcome } of expired) {
    await records.append({
      id: `r_${randomUUID().slice(0, 12)}`,
      conversationId: conversation.summary.id,
      turnId: request.turnId,
      callId: request.callId,
      tool: request.toolName,
      server: request.server,
      nodeId: request.nodeId,
      arguments: request.arguments,
      argumentsHash: request.argumentsHash,
      status: 'rejected',
      result: null,
      error: outcome.reason,
      message: { ...say('call.approvalExpired'), ...(outcome.reason && { text: outcome.reason }) },
      startedAt: request.requestedAt,
      finishedAt: outcome.decidedAt,
      durationMs: Date.parse(outcome.decidedAt) - Date.parse(request.requestedAt),
      approval: outcome,
    });
  }
}

/**
 * A call that was running when the host died has no record yet (records are written when a call ends):
 * give it one, so every call the model made has exactly one record and the audit shows the write may
 * have happened.
 */
async function recordInterrupted(records: RecordsStore, calls: InterruptedCall[]): Promise<void> {
  for (const { conversation, item, approval, interruptedAt } of calls) {
    const id = conversation.summary.id;
    if (records.list({ conversationId: id, limit: 10_000 }).some((r) => r.callId === item.id)) continue;
    await records.append({
      id: `r_${randomUUID().slice(0, 12)}`,
      conversationId: id,
      turnId: item.turnId,
      callId: item.id,
      tool: item.toolName,
      server: item.server,
      nodeId: item.nodeId,
      arguments: item.arguments,
      argumentsHash: argumentsHash(item.arguments),
      status: 'stopped',
      result: null,
      error: `${INTERRUPTED}; the call may or may not have reached ${item.server ?? 'its server'}`,
      message: item.server
        ? say('call.interruptedMayHaveRun', { server: item.server })
        : say('call.interrupted', undefined, `${INTERRUPTED}; the call may or may not have reached its server`),
      startedAt: item.at,
      finishedAt: interruptedAt,
      durationMs: Date.parse(interruptedAt) - Date.parse(item.at),
      ...(approval && { approval }),
    });
  }
}
