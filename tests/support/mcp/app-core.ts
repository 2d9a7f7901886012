import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import type { EventName } from '../../../src/shared/contract';
import { environmentSecrets } from '../../../src/main/core/secrets';
import { appRoot } from '../../../src/main/core/paths';
import { createTestCore, type TestCore } from '../core';

/** @modelcontextprotocol/server-basic-vanillajs (a real ext-apps example server from the registry) over stdio. */
export const BASIC_APP_SERVER = {
  command: process.execPath,
  args: [
    join(appRoot(), 'node_modules', '@modelcontextprotocol', 'server-basic-vanillajs', 'dist', 'index.js'),
    '--stdio',
  ],
};

/** Our app fixture (app-fixture-server.mjs): a good app, a write tool, an app-only tool and the hostile apps. */
export const APP_FIXTURE = {
  command: process.execPath,
  args: [join(dirname(fileURLToPath(import.meta.url)), 'app-fixture-server.mjs')],
};

export interface AppCoreOptions {
  servers: Record<string, unknown>[];
  /** MCP intent nodes to mount: toolId and its confirmation policy. */
  mount: { toolId: string; confirm?: 'auto' | 'always' | 'never'; server?: string }[];
  /** agent.model (default: the demo provider). */
  model?: Record<string, unknown>;
}

/** The whole core (createCore + dispatch) over the given app servers, the demo model, one conversation for customer u1001. */
export async function startAppCore(options: AppCoreOptions) {
  const dataDir = await mkdtemp(join(tmpdir(), 'sb-apps-'));
  const config = {
    agent: { model: options.model ?? { provider: 'demo' }, maxSteps: 4, mcp: { servers: options.servers } },
    intents: [
      {
        id: 'apps',
        name: 'apps',
        children: options.mount.map((m) => ({
          id: `n-${m.toolId}`,
          name: m.toolId,
          kind: 'mcp',
          toolId: m.toolId,
          confirm: m.confirm ?? 'auto',
          ...(m.server && { server: m.server }),
        })),
      },
    ],
    skills: [],
  };
  await writeFile(join(dataDir, 'switchboard.yaml'), stringify(config));
  const events: { name: EventName; payload: unknown }[] = [];
  const core: TestCore = await createTestCore({
    dataDir,
    watchConfig: false,
    log: () => undefined,
    secrets: environmentSecrets({ OPENAI_API_KEY: 'sk-test' }),
    connections: { healthCheckIntervalMs: 0, defaultTimeoutMs: 20_000 },
  });
  core.events.subscribe((name, payload) => events.push({ name, payload }));
  await core.whenServersSettled();
  const conversation = await core.runtime.agent.create('u1001');

  /** The route's answer, or the refusal as `{ code, message, details }`. */
  const call = async (route: string, input: unknown = {}) => core.dispatch(route, input, { transport: 'internal' });
  const rpc = async <T>(route: string, input: unknown = {}): Promise<T> => {
    const result = await call(route, input);
    if (!result.ok)
      throw Object.assign(new Error(`${route}: ${result.error.code}: ${result.error.message}`), {
        error: result.error,
      });
    return result.data as T;
  };
  return {
    core,
    dataDir,
    events,
    call,
    rpc,
    conversationId: conversation.id,
    async close() {
      await core.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
