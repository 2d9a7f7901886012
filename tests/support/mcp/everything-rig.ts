import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { ChatItem, EventName, EventPayload, ExecutionRecord } from '../../../src/shared/contract';
import { environmentSecrets } from '../../../src/main/core/secrets';
import { createTestCore, type TestCore } from '../core';
import { waitFor } from '../wait-for';
import { EVERYTHING_SERVER } from './stdio-peers';

type ToolItem = Extract<ChatItem, { kind: 'tool' }>;

export interface EverythingRigOptions {
  /** Extra fields on the `everything` entry (useInstructions, timeoutMs …). */
  server?: Record<string, unknown>;
  /** More servers after it (e.g. an HTTP fixture). */
  moreServers?: Record<string, unknown>[];
  /** agent.model (default: the demo provider). */
  model?: Record<string, unknown>;
  /** server-everything tools to mount, each with `confirm: never`. */
  tools?: string[];
}

/**
 * The whole core (createCore + dispatch, outputs validated) with @modelcontextprotocol/server-everything over stdio,
 * the given tools mounted, and every event kept: what the console and the CLI stand on.
 */
export async function startEverythingRig(options: EverythingRigOptions = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'sb-everything-'));
  const tools = options.tools ?? [];
  const config = {
    agent: {
      model: options.model ?? { provider: 'demo' },
      maxSteps: 4,
      mcp: { servers: [{ name: 'everything', ...EVERYTHING_SERVER, timeoutMs: 20_000, ...options.server }, ...(options.moreServers ?? [])] },
    },
    intents: tools.length ? [{ id: 'every', name: 'everything', children: tools.map((toolId) => ({ id: `n-${toolId}`, name: toolId, kind: 'mcp', toolId, confirm: 'never' })) }] : [],
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
      connections: { healthCheckIntervalMs: 0, defaultTimeoutMs: 20_000 },
    });
    opened.events.subscribe((name, payload) => events.push({ name, payload }));
    await opened.whenServersSettled();
    return opened;
  };
  let core = await open();

  const rpc = async <T>(route: string, input: unknown = {}): Promise<T> => {
    const result = await core.dispatch(route, input, { transport: 'internal' });
    if (!result.ok) throw Object.assign(new Error(`${route}: ${result.error.code}: ${result.error.message}`), { code: result.error.code });
    return result.data as T;
  };
  const conversation = await core.runtime.agent.create('u1001');

  return {
    get core() {
      return core;
    },
    dataDir,
    /** Closes the core and opens a new one on the same data directory, as an app restart does. */
    async restart() {
      await core.close();
      core = await open();
    },
    events,
    rpc,
    conversationId: conversation.id,
    /** Runs one turn to its end. */
    send: (text: string) => core.runtime.agent.send(conversation.id, text).done,
    /** The first event of this name (from index `from` on) whose payload passes `match`. */
    next<E extends EventName>(name: E, match: (payload: EventPayload<E>) => boolean = () => true, from = 0, timeoutMs = 15_000) {
      return waitFor(
        () => events.slice(from).find((e) => e.name === name && match(e.payload as EventPayload<E>))?.payload as EventPayload<E> | undefined,
        timeoutMs,
        name,
      );
    },
    lastToolItem(toolName: string): ToolItem {
      return core.runtime.agent.get(conversation.id).items.findLast((i): i is ToolItem => i.kind === 'tool' && i.toolName === toolName)!;
    },
    record: (id: string) => rpc<ExecutionRecord>('records.get', { id }),
    async close() {
      await core.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type EverythingRig = Awaited<ReturnType<typeof startEverythingRig>>;
