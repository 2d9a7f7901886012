import { InMemoryTransport, McpServer } from "@modelcontextprotocol/server";
import { Client } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callAsTask, callsAsTask } from '../../src/main/core/mcp/tool-call';
import type { CallTask } from '../../src/main/core/mcp';
import { waitFor } from '../support/wait-for';

/** A server with one task tool whose task finishes only when told (or fails with a message). */
async function taskServer() {
  const store = new InMemoryTaskStore();
  /* @mcp-codemod-error Remove 'taskStore' from McpServer options — experimental tasks removed in v2 (SEP-2663 — tasks moved to the Extensions Track). No v2 equivalent. | Remove 'taskMessageQueue' from McpServer options — experimental tasks removed in v2 (SEP-2663 — tasks moved to the Extensions Track). No v2 equivalent. */
  const server = new McpServer(
    { name: 'tasks', version: '1.0.0' },
    { capabilities: { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } }, taskStore: store, taskMessageQueue: new InMemoryTaskMessageQueue() },
  );
  server.experimental.tasks.registerToolTask(
    'slow',
    { description: 'finishes when told', inputSchema: { fail: z.boolean().default(false) }, execution: { taskSupport: 'required' } },
    {
      createTask: async ({ fail }, extra) => {
        const task = await extra.taskStore.createTask({ ttl: 60_000, pollInterval: 50 });
        if (fail) setTimeout(() => void extra.taskStore.updateTaskStatus(task.taskId, 'failed', 'the index is gone'), 100);
        else await extra.taskStore.updateTaskStatus(task.taskId, 'working', 'reading');
        return { task };
      },
      getTask: async (_args, extra) => extra.taskStore.getTask(extra.taskId),
      getTaskResult: async (_args, extra) => extra.taskStore.getTaskResult(extra.taskId) as never,
    },
  );
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  const { tools } = await client.listTools();
  return { client, store, server, tool: tools[0] };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('task-based tool calls', () => {
  it('uses a task when the tool requires one, reports each status, and Stop sends tasks/cancel', async () => {
    const { client, store, server, tool } = await taskServer();
    close = () => server.close();
    expect(callsAsTask(client, tool)).toBe(true);
    const seen: CallTask[] = [];
    const stop = new AbortController();
    const call = callAsTask(client, { name: 'slow', arguments: {} }, { signal: stop.signal, onTask: (t) => seen.push(t) });
    const working = await waitFor(() => seen.find((t) => t.status === 'working'), 5_000, 'a working status');
    expect(working.statusMessage).toBe('reading');
    stop.abort(new Error('stopped by the operator'));
    await expect(call).rejects.toThrow('stopped by the operator');
    await waitFor(async () => (await store.getTask(working.taskId))?.status === 'cancelled', 5_000, 'the task to be cancelled on the server');
  });

  it('uses a task for an optional tool only where the server supports task-augmented tools/call', async () => {
    const { client, server } = await taskServer();
    close = () => server.close();
    const optional = { name: 'maybe', inputSchema: { type: 'object' as const }, execution: { taskSupport: 'optional' as const } };
    expect(callsAsTask(client, optional)).toBe(true); // this server declares tasks.requests.tools.call
    expect(callsAsTask(client, { ...optional, execution: { taskSupport: 'forbidden' as const } })).toBe(false);
    expect(callsAsTask(client, { name: 'plain', inputSchema: { type: 'object' as const } })).toBe(false);
    const plain = new Client({ name: 'test', version: '1.0.0' }); // never connected: no server capabilities
    expect(callsAsTask(plain, optional)).toBe(false);
    expect(callsAsTask(plain, { ...optional, execution: { taskSupport: 'required' as const } })).toBe(true);
  });

  it('cancels the task when the total limit passes, and names a failed task’s reason', async () => {
    const { client, store, server } = await taskServer();
    close = () => server.close();
    let taskId = '';
    await expect(callAsTask(client, { name: 'slow', arguments: {} }, { maxTotalTimeoutMs: 400, onTask: (t) => (taskId = t.taskId) })).rejects.toThrow(/did not finish within 400 ms/);
    await waitFor(async () => (await store.getTask(taskId))?.status === 'cancelled', 5_000, 'the task to be cancelled on the server');
    await expect(callAsTask(client, { name: 'slow', arguments: { fail: true } }, {})).rejects.toThrow(/failed: the index is gone/);
  });
});
