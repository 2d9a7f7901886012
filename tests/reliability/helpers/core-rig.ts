import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { ChatItem, ExecutionRecord, ServerView } from '../../../src/shared/contract';
import type { ConfirmPolicy, ServerConfigInput } from '../../../src/shared/config/schema';
import { createTestCore, type TestCore as Core } from '../../support/core';
import type { ConnectionOptions } from '../../../src/main/core/mcp';
import { startOpenAiCompatibleServer, type Script, type ScriptedServer } from '../../support/providers';

/**
 * The whole core as the app runs it (createCore: config, connection manager, catalog, agent), on a
 * temp data dir, with a scripted OpenAI-compatible model over HTTP and whatever MCP servers a test
 * brings. Backoff and timeouts are shortened so faults play out in seconds.
 */
export interface RigOptions {
  servers: ServerConfigInput[];
  /** One MCP intent leaf per tool. */
  tools: { toolId: string; server?: string; confirm?: ConfirmPolicy }[];
  script: Script;
  connections?: ConnectionOptions;
  approvalTimeoutMs?: number;
  dataDir?: string;
}

export type ToolItem = Extract<ChatItem, { kind: 'tool' }>;

export async function startCoreRig(options: RigOptions) {
  const model: ScriptedServer & { baseUrl: string } = await startOpenAiCompatibleServer(options.script);
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'sb-rig-')));
  const config = {
    agent: {
      model: { provider: 'openai-compatible', baseUrl: model.baseUrl, model: 'test-model', timeoutMs: 15_000 },
      maxSteps: 8,
      approvalTimeoutMs: options.approvalTimeoutMs ?? 60_000,
      mcp: { servers: options.servers },
    },
    intents: [
      {
        id: 'tools',
        name: 'tools',
        children: options.tools.map((t) => ({
          id: `n-${t.toolId}`,
          name: t.toolId,
          kind: 'mcp',
          toolId: t.toolId,
          confirm: t.confirm ?? 'never',
          ...(t.server && { server: t.server }),
        })),
      },
    ],
    skills: [],
  };
  await writeFile(join(dataDir, 'switchboard.yaml'), stringify(config));
  const logs: string[] = [];
  const core: Core = await createTestCore({
    dataDir,
    watchConfig: false,
    validateOutput: true,
    log: (line) => void logs.push(line),
    connections: {
      backoff: { initialMs: 100, maxMs: 400 },
      healthCheckIntervalMs: 0,
      defaultTimeoutMs: 5_000,
      ...options.connections,
    },
  });
  const events: { name: string; payload: unknown }[] = [];
  core.events.subscribe((name, payload) => events.push({ name, payload }));

  const rpc = async <T>(route: string, input: unknown = {}): Promise<T> => {
    const result = await core.dispatch(route, input, { transport: 'internal' });
    if (!result.ok) throw new Error(`${route}: ${result.error.code}: ${result.error.message}`);
    return result.data as T;
  };
  const servers = async () => (await rpc<{ servers: ServerView[] }>('servers.list')).servers;
  const server = async (name: string) => (await servers()).find((s) => s.name === name)!;
  /** Polls servers.list until `check` passes for the named server. */
  const waitForServer = async (name: string, check: (s: ServerView) => boolean, timeoutMs = 10_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const view = await server(name);
      if (view && check(view)) return view;
      if (Date.now() > until)
        throw new Error(
          `server ${name} never matched (last: ${JSON.stringify({ status: view?.status, error: view?.error })})`,
        );
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  return {
    core,
    model,
    dataDir,
    logs,
    events,
    rpc,
    servers,
    server,
    waitForServer,
    async conversation(actingIdentity = 'u1001') {
      return (await core.runtime.agent.create(actingIdentity)).id;
    },
    send(conversationId: string, text: string) {
      return core.runtime.agent.send(conversationId, text).done;
    },
    toolItems: (conversationId: string) =>
      core.runtime.agent.get(conversationId).items.filter((i): i is ToolItem => i.kind === 'tool'),
    records: (conversationId: string): Promise<ExecutionRecord[]> =>
      Promise.all(
        core.runtime.records.list({ conversationId, limit: 10_000 }).map((r) => core.runtime.records.get(r.id)),
      ),
    async close(keepData = false) {
      await core.close();
      await model.close();
      if (!keepData && !options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type CoreRig = Awaited<ReturnType<typeof startCoreRig>>;
