import { getEventListeners } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolBinding } from '../../src/shared/catalog';
import { ApprovalService } from '../../src/main/core/agent/approvals';
import { LiveConversation, memoryLog } from '../../src/main/core/agent/conversation';
import { createLocalToolRunner } from '../../src/main/core/agent/local-tools';
import { createMcpCaller } from '../../src/main/core/agent/mcp-caller';
import { ToolProxy, type CallContext } from '../../src/main/core/agent/tool-proxy';
import { EventBus } from '../../src/main/core/events';
import { ConnectionManager } from '../../src/main/core/mcp';
import { RecordsStore } from '../../src/main/core/stores/records-store';
import { serverConfigSchema } from '../../src/shared/config/schema';
import { startFixtureServer, waitFor, type FixtureServer } from '../support/mcp';

let server: FixtureServer | undefined;
let connections: ConnectionManager | undefined;
let records: RecordsStore | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await connections?.closeAll();
  await records?.close();
  await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  server = connections = records = dataDir = undefined;
});

/**
 * Issue 29 (tool-call overhead): a call no longer makes a signal of its own that follows the turn's. The turn's signal
 * goes down the call path as it is; the path adds one abort listener per call in flight and removes it when the call
 * settles. So nothing piles up on a long turn's signal, and Stop still cancels exactly the calls in flight.
 */
describe("the turn's signal on the tool-call path (real MCP over Streamable HTTP)", () => {
  it('carries no listener once calls have finished, one per call in flight, and Stop cancels only the call in flight', async () => {
    let hung: { signal?: AbortSignal } = {};
    server = await startFixtureServer({
      tools: [
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
    });
    dataDir = await mkdtemp(join(tmpdir(), 'sb-turn-signal-'));
    const events = new EventBus();
    connections = new ConnectionManager({ log: () => undefined, events });
    connections.reconcile([serverConfigSchema.parse({ name: 'fixture', url: server.url })]);
    await connections.whenSettled();
    records = new RecordsStore(dataDir, events);
    await records.open();
    const proxy = new ToolProxy({
      mcp: createMcpCaller(connections, () => 5_000),
      local: createLocalToolRunner({ skills: () => [], knowledge: async () => ({ search: () => [] }) as never }),
      approvals: new ApprovalService(events, () => 5_000),
      records,
      events,
    });
    const binding = (name: string): ToolBinding => {
      const definition = connections!.state('fixture')!.tools.find((t) => t.name === name)!;
      return { toolId: name, server: 'fixture', nodes: [], confirm: 'never', definition, readOnly: true } as never;
    };
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
