import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { GetTaskResultSchema } from '@modelcontextprotocol/core';
import { afterEach, describe, expect, it } from 'vitest';
import { callAsTask, callsAsTask, callWithProgress } from '../../src/main/core/mcp/tool-call';
import type { CallTask } from '../../src/main/core/mcp';
import { EVERYTHING_SERVER } from '../support/mcp';
import { waitFor } from '../support/wait-for';

/**
 * server-everything (a real 1.x server process) with its task-required tool, simulate-research-query: the v2 SDK has no
 * task helpers, so these prove our own tools/call + tasks/get + tasks/result + tasks/cancel against a server that has them.
 */
async function everything() {
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ ...EVERYTHING_SERVER, stderr: 'ignore' }));
  const { tools } = await client.listTools();
  const tool = tools.find((t) => t.name === 'simulate-research-query');
  const statusOf = async (taskId: string) =>
    (await client.request({ method: 'tasks/get', params: { taskId } }, GetTaskResultSchema)).status;
  return { client, tool, statusOf };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('task-based tool calls', () => {
  it('uses a task when the tool requires one, reports each status, and Stop sends tasks/cancel', async () => {
    const { client, tool, statusOf } = await everything();
    close = () => client.close();
    expect(callsAsTask(client, tool)).toBe(true);
    const seen: CallTask[] = [];
    const stop = new AbortController();
    const call = callAsTask(
      client,
      { name: 'simulate-research-query', arguments: { topic: 'tea' } },
      { signal: stop.signal, onTask: (t) => seen.push(t) },
    );
    const working = await waitFor(() => seen.find((t) => t.status === 'working'), 10_000, 'a working status');
    expect(working.statusMessage).toMatch(/Gathering sources/);
    stop.abort(new Error('stopped by the operator'));
    await expect(call).rejects.toThrow('stopped by the operator');
    await waitFor(
      async () => (await statusOf(working.taskId)) === 'cancelled',
      5_000,
      'the task to be cancelled on the server',
    );
  });

  it('finishes a task and returns its result, the last status completed', async () => {
    const { client } = await everything();
    close = () => client.close();
    const seen: CallTask[] = [];
    const result = await callAsTask(
      client,
      { name: 'simulate-research-query', arguments: { topic: 'tea' } },
      { onTask: (t) => seen.push(t) },
    );
    expect(JSON.stringify(result.content)).toContain('Research Report: tea');
    expect(seen.at(-1)?.status).toBe('completed');
  }, 20_000);

  it('uses a task for an optional tool only where the server supports task-augmented tools/call', async () => {
    const { client } = await everything();
    close = () => client.close();
    const optional = {
      name: 'maybe',
      inputSchema: { type: 'object' as const },
      execution: { taskSupport: 'optional' as const },
    };
    expect(callsAsTask(client, optional)).toBe(true); // server-everything declares tasks.requests.tools.call
    expect(callsAsTask(client, { ...optional, execution: { taskSupport: 'forbidden' as const } })).toBe(false);
    expect(callsAsTask(client, { name: 'plain', inputSchema: { type: 'object' as const } })).toBe(false);
    const plain = new Client({ name: 'test', version: '1.0.0' }); // never connected: no server capabilities
    expect(callsAsTask(plain, optional)).toBe(false);
    expect(callsAsTask(plain, { ...optional, execution: { taskSupport: 'required' as const } })).toBe(true);
  });

  it('cancels the task when the total limit passes', async () => {
    const { client, statusOf } = await everything();
    close = () => client.close();
    let taskId = '';
    await expect(
      callAsTask(
        client,
        { name: 'simulate-research-query', arguments: { topic: 'tea' } },
        { maxTotalTimeoutMs: 1_500, onTask: (t) => (taskId = t.taskId) },
      ),
    ).rejects.toThrow(/did not finish within 1500 ms/);
    await waitFor(
      async () => (await statusOf(taskId)) === 'cancelled',
      5_000,
      'the task to be cancelled on the server',
    );
  });
});

/** An operator wait the test opens and closes, as the connection's open questions do. */
function operatorWait(waiting: boolean) {
  const listeners = new Set<() => void>();
  return {
    waiting,
    set(now: boolean) {
      this.waiting = now;
      for (const listener of listeners) listener();
    },
    onChange(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

describe('the limits of an ordinary tool call (one timer for silence and total)', () => {
  const slow = { name: 'trigger-long-running-operation', arguments: { duration: 6, steps: 1 } }; // 6 s of silence

  it('pauses the silence limit while the operator answers, and restarts it in full when the wait ends', async () => {
    const { client } = await everything();
    close = () => client.close();
    const wait = operatorWait(true);
    const started = Date.now();
    const call = callWithProgress(client, slow, { timeoutMs: 800, maxTotalTimeoutMs: 20_000, operatorWait: wait });
    setTimeout(() => wait.set(false), 1_000); // silence was ours until now: 800 ms more and the call ends
    await expect(call).rejects.toThrow(/Request timed out/);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1_700);
    expect(elapsed).toBeLessThan(5_000); // before the server's answer at 6 s, not at the total limit
  });

  it('keeps a call alive through its progress past the silence limit, and ends it at the total limit', async () => {
    const { client } = await everything();
    close = () => client.close();
    const progressed: number[] = [];
    const steps = { name: 'trigger-long-running-operation', arguments: { duration: 2, steps: 8 } }; // every 250 ms
    const done = await callWithProgress(client, steps, {
      timeoutMs: 700,
      maxTotalTimeoutMs: 20_000,
      onProgress: (p) => progressed.push(p.progress),
    });
    expect(done.isError).toBeFalsy();
    expect(progressed.length).toBeGreaterThanOrEqual(6);
    const started = Date.now();
    const bounded = callWithProgress(
      client,
      { ...steps, arguments: { duration: 4, steps: 16 } },
      {
        timeoutMs: 700,
        maxTotalTimeoutMs: 1_200,
      },
    );
    await expect(bounded).rejects.toThrow(/Maximum total timeout exceeded/);
    expect(Date.now() - started).toBeLessThan(2_500);
  });
});
