import { afterEach, describe, expect, it } from 'vitest';
import type { ChatItem } from '../../../shared/contract';
import { ProviderError, type ModelProvider } from '../providers/types';
import { startRuntimeHarness, type RuntimeHarness } from '../../../../tests/support/agent/runtime-harness';
import { callTools, say, scriptedProvider } from '../../../../tests/support/agent/scripted-provider';
import type { JsonlAppender } from '../stores/jsonl-file';
import { MODEL_TEXT_CAP } from './tool-result';
import { say as message } from '../../../shared/messages';

type ToolItem = Extract<ChatItem, { kind: 'tool' }>;
const toolItems = (h: RuntimeHarness, id: string) =>
  h.agent.get(id).items.filter((i): i is ToolItem => i.kind === 'tool');
const waitFor = async (predicate: () => boolean, ms = 5000) => {
  const until = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

let harness: RuntimeHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('Stop', () => {
  it('during a model stream ends the turn as stopped and keeps the partial text', async () => {
    const provider = scriptedProvider(['hang']);
    harness = await startRuntimeHarness({ provider: () => provider });
    const { id } = await harness.agent.create('u1001');
    const { done } = harness.agent.send(id, 'hello');
    await waitFor(() => provider.requests.length === 1);
    expect(harness.agent.stop(id)).toBe(true);
    expect((await done).status).toBe('stopped');
    const conversation = harness.agent.get(id);
    expect(conversation.turns[0].status).toBe('stopped');
    expect(conversation.running).toBe(false);
  });

  it('during a tool call aborts it (the signal reaches the MCP call) and records it as stopped', async () => {
    let sawAbort = false;
    const provider = scriptedProvider([callTools({ name: 'query_order', arguments: {} }), say('never')]);
    harness = await startRuntimeHarness({
      provider: () => provider,
      wrapCaller: () => ({
        callTool: (_s, _n, _a, { signal }) =>
          new Promise((_resolve, reject) =>
            signal.addEventListener('abort', () => {
              sawAbort = true;
              reject(new Error('cancelled'));
            }),
          ),
      }),
    });
    const { id } = await harness.agent.create('u1001');
    const { done } = harness.agent.send(id, 'orders?');
    await waitFor(() => toolItems(harness!, id)[0]?.status === 'running');
    harness.agent.stop(id);
    expect((await done).status).toBe('stopped');
    expect(sawAbort).toBe(true);
    const item = toolItems(harness, id)[0];
    expect(item.status).toBe('stopped');
    expect((await harness.records.get(item.recordId!)).status).toBe('stopped');
    expect(provider.requests).toHaveLength(1);
  });

  it('during a pending approval cancels it; the write never runs', async () => {
    const keyboard = () => harness!.shop.store.listOrders('u1001').find((o) => o.status === 'paid')!.orderNo;
    const provider = scriptedProvider([() => callTools({ name: 'cancel_order', arguments: { orderNo: keyboard() } })]);
    harness = await startRuntimeHarness({ provider: () => provider });
    const { id } = await harness.agent.create('u1001');
    const { done } = harness.agent.send(id, 'cancel');
    await waitFor(() => harness!.approvals.list().length === 1);
    harness.agent.stop(id);
    expect((await done).status).toBe('stopped');
    expect(harness.approvals.list()).toEqual([]);
    const item = toolItems(harness, id)[0];
    expect(item.status).toBe('stopped');
    expect((await harness.records.get(item.recordId!)).approval?.decision).toBe('cancelled');
    expect(harness.shop.store.writesExecuted).toBe(0);
    expect(harness.seen.some((e) => e.name === 'approvals.resolved')).toBe(true);
  });
});

describe('failures become results, never crashes', () => {
  it('a tool exception is fed back to the model as an error and the turn continues', async () => {
    const provider = scriptedProvider([
      callTools({ name: 'query_order', arguments: {} }),
      say('sorry, the order system failed'),
    ]);
    harness = await startRuntimeHarness({
      provider: () => provider,
      wrapCaller: () => ({ callTool: async () => Promise.reject(new Error('socket hang up')) }),
    });
    const { id } = await harness.agent.create('u1001');
    const { done } = harness.agent.send(id, 'orders?');
    expect((await done).status).toBe('completed');
    expect(toolItems(harness, id)[0]).toMatchObject({
      status: 'error',
      resultText: expect.stringContaining('socket hang up'),
    });
    expect(provider.requests[1].messages.at(-1)).toMatchObject({ role: 'tool', isError: true });
  });

  it('an oversized result is capped for the model and kept in the record', async () => {
    const big = 'x'.repeat(200_000);
    const provider = scriptedProvider([callTools({ name: 'query_order', arguments: {} }), say('ok')]);
    harness = await startRuntimeHarness({
      provider: () => provider,
      wrapCaller: () => ({ callTool: async () => ({ content: [{ type: 'text', text: big }] }) }),
    });
    const { id } = await harness.agent.create('u1001');
    await harness.agent.send(id, 'orders?').done;
    const seen = provider.requests[1].messages.at(-1) as { content: string };
    expect(seen.content.length).toBeLessThan(MODEL_TEXT_CAP + 300);
    expect(seen.content).toContain('truncated');
    const record = await harness.records.get(toolItems(harness, id)[0].recordId!);
    expect((record.result as { content: { text: string }[] }).content[0].text).toHaveLength(200_000);
  });

  it('a malformed result (unknown content type, not an array) is refused with a note', async () => {
    const provider = scriptedProvider([callTools({ name: 'query_order', arguments: {} }), say('ok')]);
    harness = await startRuntimeHarness({
      provider: () => provider,
      wrapCaller: () => ({
        callTool: async () => ({
          content: [
            { type: 'hologram', data: 1 },
            { type: 'text', text: 'fine' },
          ],
        }),
      }),
    });
    const { id } = await harness.agent.create('u1001');
    await harness.agent.send(id, 'orders?').done;
    const text = (provider.requests[1].messages.at(-1) as { content: string }).content;
    expect(text).toContain('fine');
    expect(text).toContain('unknown content type');
  });

  it('a provider error ends the turn with a clear error; the conversation continues afterwards', async () => {
    let fail = true;
    const provider: ModelProvider = {
      id: 'flaky',
      label: 'flaky',
      async *stream() {
        if (fail) throw new ProviderError('server', 'HTTP 500 from the provider', 500);
        yield* scriptedProvider([say('back again')]).stream({
          system: '',
          messages: [],
          tools: [],
          signal: new AbortController().signal,
        });
      },
    };
    harness = await startRuntimeHarness({ provider: () => provider });
    const { id } = await harness.agent.create('u1001');
    const first = await harness.agent.send(id, 'hi').done;
    expect(first).toMatchObject({ status: 'error', error: expect.stringContaining('server') });
    fail = false;
    expect((await harness.agent.send(id, 'hi again').done).status).toBe('completed');
    const conversation = harness.agent.get(id);
    expect(conversation.items.filter((i) => i.kind === 'user')).toHaveLength(2);
    expect(conversation.turns.map((t) => t.status)).toEqual(['error', 'completed']);
  });

  it('our own provider failure (no API key) ends the turn with its English stored and its code nested for the console', async () => {
    const noKey = message('provider.noApiKey', { label: 'm via h' });
    const provider: ModelProvider = {
      id: 'keyless',
      label: 'm via h',
      // eslint-disable-next-line require-yield -- fails before its first event, as a provider without a key does
      async *stream() {
        throw new ProviderError('config', noKey);
      },
    };
    harness = await startRuntimeHarness({ provider: () => provider });
    const { id } = await harness.agent.create('u1001');
    const turn = await harness.agent.send(id, 'hi').done;
    expect(turn).toMatchObject({ status: 'error', error: 'model error (config): m via h: no API key is set' });
    expect(harness.agent.get(id).turns[0].errorMessage).toEqual({
      code: 'turn.modelError',
      params: { code: 'config', detail: { code: 'provider.noApiKey', params: { label: 'm via h' } } },
      text: 'model error (config): m via h: no API key is set',
    });
  });

  it('a result its conversation log cannot keep: the record still lands in records.jsonl and the model never reads it', async () => {
    const provider = scriptedProvider([callTools({ name: 'query_order', arguments: {} }), say('never reached')]);
    let breakLog = () => undefined as void;
    harness = await startRuntimeHarness({
      provider: () => provider,
      wrapCaller: (real) => ({
        callTool: async (...args) => {
          const out = await real.callTool(...args);
          breakLog(); // the disk fails as the result comes back: only the call's own line is refused
          return out;
        },
      }),
    });
    const { id } = await harness.agent.create('u1001');
    const conversation = harness.store.get(id) as unknown as { log: JsonlAppender };
    breakLog = () => {
      const real = conversation.log;
      conversation.log = Object.assign(Object.create(null) as JsonlAppender, {
        append: (value: unknown) => real.append(value),
        appendLine: (json: string, options?: { soon?: boolean }) => real.appendLine(json, options),
        appendDeferred: () => Promise.reject(new Error('EIO: i/o error, write')),
        writePending: () => real.writePending(),
        sync: () => real.sync(),
        close: () => real.close(),
      });
    };
    const outcome = await harness.agent.send(id, 'orders?').done;
    expect(outcome).toMatchObject({
      status: 'error',
      error: 'the conversation log could not be written: EIO: i/o error, write',
    });
    expect(provider.requests).toHaveLength(1); // the model was not called with a result the log does not hold
    const [item] = toolItems(harness, id);
    expect(item).toMatchObject({ status: 'success', recordId: expect.stringMatching(/^r_/) });
    await waitFor(() => harness!.records.has(item.recordId!));
    const record = await harness.records.get(item.recordId!);
    expect(record).toMatchObject({ tool: 'query_order', status: 'success', conversationId: id });
    expect(JSON.stringify(record.result)).toContain('orderNo');
  });

  it('a turn whose log refuses its first line ends in error with a code for the console; the CLI’s error unchanged', async () => {
    const provider = scriptedProvider([say('never reached')]);
    harness = await startRuntimeHarness({ provider: () => provider });
    const { id } = await harness.agent.create('u1001');
    const conversation = harness.store.get(id) as unknown as { log: JsonlAppender };
    const real = conversation.log;
    conversation.log = Object.assign(Object.create(real) as JsonlAppender, {
      append: () => Promise.reject(new Error('ENOSPC: no space left on device')),
    });
    const outcome = await harness.agent.send(id, 'hello').done;
    expect(outcome).toEqual({
      turnId: expect.any(String),
      status: 'error',
      error: 'Error: ENOSPC: no space left on device',
      errorMessage: {
        code: 'turn.failed',
        params: { detail: 'ENOSPC: no space left on device' },
        text: 'the turn failed: ENOSPC: no space left on device',
      },
    });
    expect(provider.requests).toHaveLength(0);
    // The console does not see a turn left running: it ended, with the same message.
    const [turn] = harness.agent.get(id).turns;
    expect(turn).toMatchObject({
      id: outcome.turnId,
      status: 'error',
      error: 'the turn failed: ENOSPC: no space left on device',
      errorMessage: { code: 'turn.failed' },
    });
    expect(harness.seen.find((e) => e.name === 'turn.finished')?.payload).toMatchObject({
      turnId: outcome.turnId,
      status: 'error',
    });
    conversation.log = real;
  });

  it('stops at maxSteps when the model keeps calling tools', async () => {
    const loop = callTools({ name: 'query_order', arguments: {} });
    const provider = scriptedProvider([loop, loop, loop, loop]);
    harness = await startRuntimeHarness({ provider: () => provider, maxSteps: 3 });
    const { id } = await harness.agent.create('u1001');
    expect((await harness.agent.send(id, 'loop').done).status).toBe('max_steps');
    expect(provider.requests).toHaveLength(3);
  });

  it('refuses a second send while a turn runs', async () => {
    const provider = scriptedProvider(['hang']);
    harness = await startRuntimeHarness({ provider: () => provider });
    const { id } = await harness.agent.create('u1001');
    harness.agent.send(id, 'one');
    expect(() => harness!.agent.send(id, 'two')).toThrow(/already running/);
    harness.agent.stop(id);
  });
});
