import { rm } from 'node:fs/promises';
import type { ChatItem, EventName, EventPayload, ExecutionRecord } from '../../../src/shared/contract';
import { environmentSecrets } from '../../../src/main/core/secrets';
import { createTestCore, type TestCore } from '../core';
import { waitFor } from '../wait-for';

export type ToolItem = Extract<ChatItem, { kind: 'tool' }>;

/**
 * The whole core (createCore + dispatch) on a data directory whose switchboard.yaml the caller wrote, with every
 * event kept, one conversation as u1001, and what the MCP tests ask of it. `secrets` are the environment's keys.
 */
export async function startCoreRig(dataDir: string, secrets: Record<string, string> = {}) {
  const events: { name: EventName; payload: unknown }[] = [];
  const open = async () => {
    const opened: TestCore = await createTestCore({
      dataDir,
      watchConfig: false,
      log: () => undefined,
      secrets: environmentSecrets(secrets),
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
  const { id: conversationId } = await core.runtime.agent.create('u1001');

  return {
    get core() {
      return core;
    },
    /** Closes the core and opens a new one on the same data directory, as an app restart does. */
    async restart() {
      await core.close();
      core = await open();
    },
    dataDir,
    events,
    rpc,
    conversationId,
    /** Starts a turn; await `.done` for its end. */
    send: (text: string) => core.runtime.agent.send(conversationId, text),
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
        name,
      );
    },
    async lastToolItem(toolName: string): Promise<ToolItem> {
      const conv = await core.runtime.agent.get(conversationId);
      return conv.items.findLast((i): i is ToolItem => i.kind === 'tool' && i.toolName === toolName)!;
    },
    record: (id: string) => rpc<ExecutionRecord>('records.get', { id }),
    async close() {
      await core.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
