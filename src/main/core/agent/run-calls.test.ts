import { describe, expect, it } from 'vitest';
import { countLoopTurns } from '../../../../tests/support/loop-turns';
import type { ChatMessage, ToolCallRequest } from '../providers/types';
import { runCalls } from './turn-runner';

const call = (n: number, readOnly = true): ToolCallRequest & { readOnly: boolean } => ({
  id: `call_${n}`,
  name: `tool_${n}`,
  arguments: {},
  readOnly,
});
const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('running a step’s tool calls', () => {
  it('starts a read-only batch across turns of the event loop when starting each call takes long, all of them in flight together', async () => {
    const loop = countLoopTurns();
    const startedAtTurn: number[] = [];
    let inFlight = 0;
    let most = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const calls = Array.from({ length: 12 }, (_, n) => call(n));
    const run = runCalls(
      calls,
      async (c) => {
        startedAtTurn.push(loop.turns);
        busy(2); // what the proxy, the transport and a fetch take synchronously to send a request
        most = Math.max(most, ++inFlight);
        if (inFlight === calls.length) release();
        await gate;
        inFlight--;
        return { role: 'tool', toolCallId: c.id, content: 'ok' } as ChatMessage;
      },
      (c) => (c as ReturnType<typeof call>).readOnly,
    );
    await run;
    loop.stop();
    expect(most).toBe(12);
    // Not all in one turn: the loop got back in between.
    expect(new Set(startedAtTurn).size).toBeGreaterThan(2);
  });

  it('gives each start its own turn, counting the work its start queues as microtasks (what fetch does)', async () => {
    const loop = countLoopTurns();
    const continuedAtTurn: number[] = [];
    const calls = Array.from({ length: 8 }, (_, n) => call(n));
    await runCalls(
      calls,
      async (c) => {
        await Promise.resolve(); // the synchronous part is nothing: the cost is in the continuation
        busy(3);
        continuedAtTurn.push(loop.turns);
        return { role: 'tool', toolCallId: c.id, content: 'ok' } as ChatMessage;
      },
      () => true,
    );
    loop.stop();
    // Timed on the synchronous part alone, all eight continuations (24 ms) ran in one microtask drain.
    expect(new Set(continuedAtTurn).size).toBe(calls.length);
  });

  it('a batch fails with its first failure, none left unhandled; calls that are not concurrent run alone, in order', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const failing = runCalls(
        Array.from({ length: 6 }, (_, n) => call(n)),
        async (c) => {
          busy(2);
          if (c.id === 'call_0') throw new Error('the server went away');
          await new Promise((resolve) => setTimeout(resolve, 20));
          return { role: 'tool', toolCallId: c.id, content: 'ok' } as ChatMessage;
        },
        () => true,
      );
      await expect(failing).rejects.toThrow('the server went away');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }

    const order: string[] = [];
    await runCalls(
      [call(1, false), call(2), call(3), call(4, false)],
      async (c) => {
        order.push(`start ${c.id}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(`end ${c.id}`);
        return { role: 'tool', toolCallId: c.id, content: 'ok' } as ChatMessage;
      },
      (c) => (c as ReturnType<typeof call>).readOnly,
    );
    expect(order).toEqual([
      'start call_1',
      'end call_1',
      'start call_2',
      'start call_3',
      'end call_2',
      'end call_3',
      'start call_4',
      'end call_4',
    ]);
  });
});
