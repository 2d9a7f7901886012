import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { ChatItem, EventName, EventPayload, ExecutionRecord } from '../../../src/shared/contract';
import { environmentSecrets } from '../../../src/main/core/secrets';
import { createTestCore, type TestCore } from '../core';
import { waitFor } from '../wait-for';
import { EVERYTHING_SERVER } from './stdio-peers';

export type ToolItem = Extract<ChatItem, { kind: 'tool' }>;

/** The tools server-everything offers only to a client that declares elicitation, sampling or roots. */
export const CAPABILITY_TOOLS = [
  'get-roots-list',
  'trigger-elicitation-request',
  'trigger-url-elicitation',
  'trigger-sampling-request',
];

export interface EverythingCoreOptions {
  /** Extra fields on the `everything` server entry (roots, timeoutMs, samplingPerMinute …). */
  server?: Record<string, unknown>;
  agent?: Record<string, unknown>;
  /** More servers after it (e.g. an HTTP fixture). */
  moreServers?: Record<string, unknown>[];
  /** agent.model (default: the demo provider); the OpenAI and Anthropic keys are test keys. */
  model?: Record<string, unknown>;
  /** More of its tools to mount (`confirm: never`). */
  tools?: string[];
}

/**
 * The whole core (createCore + dispatch) with the demo model and @modelcontextprotocol/server-everything
 * over stdio, every one of its tools mounted with `confirm: never`, so `/call TOOL {json}` runs it.
 */
export async function startEverythingCore(options: EverythingCoreOptions = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'sb-everything-'));
  const tools = [
    'echo',
    'trigger-long-running-operation',
    'simulate-research-query',
    ...CAPABILITY_TOOLS,
    ...(options.tools ?? []),
  ];
  const config = {
    agent: {
      model: options.model ?? { provider: 'demo' },
      maxSteps: 4,
      mcp: {
        servers: [{ name: 'everything', ...EVERYTHING_SERVER, ...options.server }, ...(options.moreServers ?? [])],
      },
      ...options.agent,
    },
    intents: [
      {
        id: 'every',
        name: 'everything',
        children: tools.map((toolId) => ({ id: `n-${toolId}`, name: toolId, kind: 'mcp', toolId, confirm: 'never' })),
      },
    ],
    skills: [],
  };
  await writeFile(join(dataDir, 'switchboard.yaml'), stringify(config));
  const events: { name: EventName; payload: unknown }[] = [];
  const open = async () => {
    const opened: TestCore = await createTestCore({
      dataDir,
      watchConfig: false,
      log: () => undefined,
      secrets: environmentSecrets({ OPENAI_API_KEY: 'sk-test', ANTHROPIC_API_KEY: 'sk-ant-test' }),
      connections: { healthCheckIntervalMs: 0, defaultTimeoutMs: 15_000 },
    });
    opened.events.subscribe((name, payload) => events.push({ name, payload }));
    await opened.whenServersSettled();
    return opened;
  };
  let core = await open();

  const rpc = async <T>(route: string, input: unknown = {}): Promise<T> => {
    const result = await core.dispatch(route, input, { transport: 'internal' });
    if (!result.ok)
      throw Object.assign(new Error(`${route}: ${result.error.code}: ${result.error.message}`), {
        code: result.error.code,
      });
    return result.data as T;
  };
  const conversation = await core.runtime.agent.create('u1001');
  const rigConversationId = conversation.id;

  return {
    get core() {
      return core;
    },
    /** Closes the core and opens a new one on the same data directory, as an app restart does. */
    async restart() {
      await core.close();
      core = await open();
    },
    events,
    rpc,
    conversationId: conversation.id,
    /** Starts a turn; await `.done` for its end. */
    send: (text: string) => core.runtime.agent.send(rigConversationId, text),
    /** The first event of this name (after `from`) whose payload passes `match`. */
    next<E extends EventName>(
      name: E,
      match: (payload: EventPayload<E>) => boolean = () => true,
      from = 0,
      timeoutMs = 15_000,
    ) {
      return waitFor(
        () =>
          events.slice(from).find((e) => e.name === name && match(e.payload as EventPayload<E>))?.payload as
            EventPayload<E> | undefined,
        timeoutMs,
        `${name}`,
      );
    },
    async lastToolItem(toolName: string): Promise<ToolItem> {
      const conv = await core.runtime.agent.get(rigConversationId);
      return conv.items.findLast((i): i is ToolItem => i.kind === 'tool' && i.toolName === toolName)!;
    },
    record: (id: string) => rpc<ExecutionRecord>('records.get', { id }),
    async close() {
      await core.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
