import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveConversation, memoryLog } from '../../src/main/core/agent/conversation';
import type { CallContext } from '../../src/main/core/agent/tool-proxy';
import { openFixtureProxy } from '../support/agent/fixture-proxy';
import { waitFor } from '../support/mcp';

let rig: Awaited<ReturnType<typeof openFixtureProxy>> | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/**
 * Issue 29 (tool-call overhead): a call no longer makes a signal of its own that follows the turn's. The turn's signal
 * goes down the call path as it is; the path adds one abort listener per call in flight and removes it when the call
 * settles. So nothing piles up on a long turn's signal, and Stop still cancels exactly the calls in flight.
 */
describe("the turn's signal on the tool-call path (real MCP over Streamable HTTP)", () => {
  it('carries no listener once calls have finished, one per call in flight, and Stop cancels only the call in flight', async () => {
    let hung: { signal?: AbortSignal } = {};
    rig = await openFixtureProxy(
      [
        { name: 'quick', annotations: { readOnlyHint: true } },
        {
          name: 'slow',
          annotations: { readOnlyHint: true },
          handler: (_args, extra) =>
            new Promise((_resolve, reject) => {
              hung = { signal: extra.signal };
              extra.signal.addEventListener('abort', () => reject(new Error('cancelled')));
            }),
        },
      ],
      'sb-turn-signal-',
    );
    const { proxy, binding, records } = rig;
    const turn = new AbortController();
    const conversation = new LiveConversation(
      { id: 'c_turn_signal', actingIdentity: 'u1', title: 't', createdAt: '', updatedAt: '' } as never,
      memoryLog(),
    );
    const ctx = (name: string): CallContext => ({
      conversation,
      turnId: 't1',
      step: 1,
      catalog: { bindingsByToolId: new Map(), quarantinedByToolId: new Map() } as never,
      visible: new Set([name]),
      signal: turn.signal,
      operatorTarget: binding(name),
    });
    const abortListeners = () => getEventListeners(turn.signal, 'abort').length;

    for (let i = 0; i < 30; i++) {
      const message = await proxy.execute({ id: `q${i}`, name: 'quick', arguments: { i } }, ctx('quick'));
      expect(message).toMatchObject({ role: 'tool', isError: false });
    }
    expect(abortListeners()).toBe(0); // before: one listener stayed on the turn's signal for its calls' own signals

    const stopped = proxy.execute({ id: 's1', name: 'slow', arguments: {} }, ctx('slow'));
    await waitFor(() => hung.signal !== undefined);
    expect(abortListeners()).toBe(1);
    turn.abort(new Error('Stop'));
    const message = await stopped;
    expect(message).toMatchObject({ role: 'tool', isError: true });
    await waitFor(() => hung.signal?.aborted === true); // notifications/cancelled reached the server
    expect(abortListeners()).toBe(0);
    await conversation.resultsWritten();
    const stoppedRecord = records.list({ tool: 'slow' })[0];
    expect(stoppedRecord?.status).toBe('stopped');
    expect(records.list({ tool: 'quick' }).every((r) => r.status === 'success')).toBe(true);
  });
});
